import { eq } from "drizzle-orm";
import { notifications, siteSettings } from "../../../backend/db/schema";
import { createUser } from "./factories";
import {
  aimed,
  answered,
  byId,
  byIdPublic,
  bySession,
  defaultRefusal,
  doc,
  home,
  idsOf,
  own,
  sameAsHome,
  send,
  type TCall,
  type TProbe,
  userRow,
} from "./permission-probes";
import { mailDeletionLink, unconfirmedUser } from "./permission-world";

/**
 * Request builders for the rows about one's own records and the site's public data
 * (current_user, current_organization(s), desks, redirects, translations, notifications,
 * activity, audit log, site settings, account deletion). Notes in [brackets] are the
 * labels of docs/permissions.md, "How a refusal answers".
 */

/** Signed in, the answer is the caller's own: 200, without the other user's record. */
const ownOnly = (column: string) => (column === "signed out" ? 401 : 200);

const tag = () => `w${Math.random().toString(36).slice(2, 10)}`;
const PAGE = "?page[size]=1000";

async function readAt(call: TCall, id: number) {
  const [row] = await call.t.database.db
    .select({ readAt: notifications.readAt })
    .from(notifications)
    .where(eq(notifications.id, id));
  return row?.readAt ?? null;
}

/** Marks a notification unread again (never in the frozen world), then asks to read it. */
async function markRead(call: TCall, id: number) {
  if (!call.target.frozen) {
    await call.t.database.db
      .update(notifications)
      .set({ readAt: null })
      .where(eq(notifications.id, id));
  }
  const res = await send(call, "PATCH", `/notifications/${id}`, home(call), {
    data: { type: "notification", id: String(id), attributes: { read: true } },
  });
  return { status: res.statusCode, reached: (await readAt(call, id)) !== null };
}

export const OWN_PROBES: Record<string, TProbe> = {
  "current_user.read | own record": {
    run: async (call) =>
      answered(
        await send(call, "GET", "/current_user", aimed(call)),
        own(call.target, call.column).id,
      ),
    cross: bySession,
  },
  "current_user.read | another user's record": {
    run: async (call) =>
      answered(await send(call, "GET", "/current_user", home(call)), call.target.other.id),
    refused: ownOnly,
    note: "[own-only]",
    cross: sameAsHome,
  },
  "current_user.update | own record": {
    async run(call) {
      const name = tag();
      const res = await send(call, "PATCH", "/current_user", aimed(call), {
        user: { first_name: name },
      });
      const row = await userRow(call.t, own(call.target, call.column).id);
      return { status: res.statusCode, reached: row.firstName === name };
    },
    cross: bySession,
  },
  "current_user.update | another user's record": {
    async run(call) {
      const name = tag();
      const target = call.target.other.id;
      const res = await send(
        call,
        "PATCH",
        "/current_user",
        home(call),
        doc("users", { first_name: name }, target),
      );
      return {
        status: res.statusCode,
        reached: (await userRow(call.t, target)).firstName === name,
      };
    },
    refused: ownOnly,
    note: "[own-only]",
    cross: sameAsHome,
  },
  "current_organization.read | O": {
    run: async (call) =>
      answered(
        await send(call, "GET", "/current_organization", home(call), undefined, {
          "current-organization-id": String(call.target.O),
        }),
        call.target.O,
      ),
    cross: byId,
  },
  "current_organization.read | C": {
    run: async (call) =>
      answered(
        await send(call, "GET", "/current_organization", home(call), undefined, {
          "current-organization-id": String(call.target.C),
        }),
        call.target.C,
      ),
    cross: byId,
  },
  "current_organizations.list | own list": {
    async run(call) {
      const res = await send(call, "GET", "/current_organizations", aimed(call));
      const mine =
        call.column === "signed out" ? undefined : call.target.ownOrganization[call.column];
      const ok = res.statusCode === 200 && (mine === undefined || idsOf(res).includes(mine));
      return { status: res.statusCode, reached: ok };
    },
    cross: bySession,
  },
  "current_organizations.list | another user's list": {
    run: async (call) =>
      answered(await send(call, "GET", "/current_organizations", home(call)), call.target.Q),
    refused: ownOnly,
    note: "[own-only]",
    cross: sameAsHome,
  },
  "desks.list | the tenant's active desks": {
    run: async (call) =>
      answered(await send(call, "GET", `/meedoen/desks${PAGE}`, home(call)), call.target.desk.id),
    cross: sameAsHome,
  },
  "volunteer_centers.list | the tenant's approved centres": {
    run: async (call) =>
      answered(await send(call, "GET", `/volunteer_centers${PAGE}`, home(call)), call.target.C),
    cross: sameAsHome,
  },
  "redirect_rules.list | the tenant's redirect rules": {
    run: async (call) =>
      answered(
        await send(call, "GET", `/redirect_rules${PAGE}`, home(call)),
        call.target.redirectRule,
      ),
    cross: sameAsHome,
  },
  "translations.list | the tenant's message overrides": {
    run: async (call) =>
      answered(await send(call, "GET", "/translations/nl", home(call)), call.target.translation),
    cross: sameAsHome,
  },
  "notifications.list | own notifications": {
    run: async (call) =>
      answered(
        await send(call, "GET", `/notifications${PAGE}`, aimed(call)),
        call.column === "signed out" ? -1 : call.target.notifications[call.column],
      ),
    cross: bySession,
  },
  "notifications.list | another user's notifications": {
    run: async (call) =>
      answered(
        await send(call, "GET", `/notifications${PAGE}`, home(call)),
        call.target.notifications.other,
      ),
    refused: ownOnly,
    note: "[own-only]",
    cross: sameAsHome,
  },
  "notifications.update | own notification": {
    run: (call) =>
      markRead(
        call,
        call.target.notifications[call.column === "signed out" ? "other" : call.column],
      ),
    cross: byId,
  },
  "notifications.update | another user's notification": {
    run: (call) => markRead(call, call.target.notifications.other),
    refused: (column) => (column === "signed out" ? 401 : 404),
    note: "[notifications]",
    cross: byId,
  },
  "activity_events.list | own activity events": {
    run: async (call) =>
      answered(
        await send(call, "GET", "/activity_events?page[size]=100", aimed(call)),
        call.column === "signed out" ? -1 : call.target.activityEvents[call.column],
      ),
    cross: bySession,
  },
  "activity_events.list | another user's activity events": {
    run: async (call) =>
      answered(
        await send(call, "GET", "/activity_events?page[size]=100", home(call)),
        call.target.activityEvents.other,
      ),
    refused: ownOnly,
    note: "[own-only]",
    cross: sameAsHome,
  },
  "audit_events.list | entries of C": {
    async run(call) {
      const url = `/audit_events?filter[actor_id_eq]=${call.target.auditActorId}`;
      const res = await send(call, "GET", url, home(call));
      return { status: res.statusCode, reached: idsOf(res).length > 0 };
    },
    // An admin of D reads the log, of their own centre: C's entries are left out.
    refused: (column) => (column === "admin of D" ? 200 : defaultRefusal(column)),
    note: "[scoped-list]",
    cross: sameAsHome,
  },
  "site_settings.read | the site's settings": {
    run: async (call) =>
      answered(
        await send(call, "GET", `/site_settings/${call.target.C}`, home(call)),
        call.target.C,
      ),
    cross: byIdPublic,
  },
  "site_settings.update | the site settings of C": {
    async run(call) {
      const text = tag();
      const centre = call.target.C;
      const res = await send(
        call,
        "PUT",
        `/site_settings/${centre}`,
        home(call),
        doc("site_settings", { footer: { text } }, centre),
      );
      const [row] = await call.t.database.db
        .select({ footer: siteSettings.footer })
        .from(siteSettings)
        .where(eq(siteSettings.volunteerCenterId, centre));
      return { status: res.statusCode, reached: row?.footer.text === text };
    },
    cross: byId,
  },
  "account_deletions.request | any account, by e-mail address": {
    // The addresses are the same in both tenants: the other tenant's account must stay
    // untouched while this tenant's gets the link.
    async run(call) {
      const target = call.target.other;
      const before = (await userRow(call.t, target.id)).deletionSentAt?.getTime() ?? null;
      const res = await send(
        call,
        "POST",
        "/account_deletions",
        home(call),
        doc("account_deletion", { email: target.email }),
      );
      const after = (await userRow(call.t, target.id)).deletionSentAt?.getTime() ?? null;
      return { status: res.statusCode, reached: after !== null && after !== before };
    },
    cross: sameAsHome,
  },
  "account_deletions.confirm | any account, by mailed token": {
    async run(call) {
      const { target } = call;
      let leaving = target.leaving;
      if (!target.frozen) {
        // A fresh account each time: confirming anonymises it.
        const { id } = await createUser(call.t.database.db, target.tenant.id, {
          volunteerCenterId: target.C,
        });
        leaving = { id, raw: await mailDeletionLink(call.t, target.tenant.id, id) };
      }
      const res = await send(
        call,
        "POST",
        "/account_deletions/confirm",
        home(call),
        doc("account_deletion", { token: leaving.raw }),
      );
      const row = await userRow(call.t, leaving.id);
      return { status: res.statusCode, reached: row.anonymizedAt !== null };
    },
    // Another tenant's token is not found: 422 on the token, as any unknown token.
    cross: () => 422,
    note: "[other-tenant-body]",
  },
  "auth.public | a devise endpoint, by its own proof": {
    // POST /api/v1/confirm: the mailed token is the proof, whoever sends it.
    async run(call) {
      const { target } = call;
      const pending = target.frozen
        ? target.unconfirmed
        : await unconfirmedUser(call.t, target.tenant.id, target.C);
      const res = await send(call, "POST", "/confirm", home(call), {
        confirmation_token: pending.raw,
      });
      const row = await userRow(call.t, pending.id);
      return { status: res.statusCode, reached: row.confirmedAt !== null };
    },
    // Another tenant's token is not found: 404, as any unknown confirmation token.
    cross: () => 404,
    note: "[other-tenant-body]",
  },
};
