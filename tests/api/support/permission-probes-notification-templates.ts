import { and, eq, isNull } from "drizzle-orm";
import { notificationTemplates } from "../../../backend/db/schema";
import {
  aimed,
  byId,
  bySession,
  defaultRefusal,
  doc,
  home,
  idsOf,
  sameAsHome,
  send,
  type TCall,
  type TProbe,
} from "./permission-probes";
import { placeOf } from "./permission-probes-content-writes";
import type { TColumn } from "./permissions-doc";

/**
 * Request builders for the notification templates (docs/notification-templates.md). One
 * override per scope, kind and language: each cell uses a kind of its own and replaces the
 * override it finds. The frozen world is never written to (placeOf: a third tenant).
 */

type TScope = "centre" | "tenant";

async function freshOverride(call: TCall, kind: string, scope: TScope = "centre") {
  const where = await placeOf(call);
  const db = call.t.database.db;
  const centre = scope === "centre" ? where.centre : null;
  await db
    .delete(notificationTemplates)
    .where(
      and(
        eq(notificationTemplates.tenantId, where.tenantId),
        eq(notificationTemplates.kind, kind),
        eq(notificationTemplates.locale, "nl"),
        centre === null
          ? isNull(notificationTemplates.volunteerCenterId)
          : eq(notificationTemplates.volunteerCenterId, centre),
      ),
    );
  const [row] = await db
    .insert(notificationTemplates)
    .values({
      tenantId: where.tenantId,
      volunteerCenterId: centre,
      kind,
      locale: "nl",
      subject: "Walk {{ tenant.name }}",
      body: "Walk",
    })
    .returning({ id: notificationTemplates.id });
  return row?.id as number;
}

async function overrideRow(call: TCall, id: number) {
  const [row] = await call.t.database.db
    .select()
    .from(notificationTemplates)
    .where(eq(notificationTemplates.id, id));
  return row;
}

/** Another tenant's centre in the body is not found: 422 ([other-tenant-body]). */
const inBody = (column: TColumn) => (column === "signed out" ? 401 : 422);
/** Aimed at the other tenant, the request goes under its X-Tenant. */
const target = (call: TCall) => (call.target === call.home ? home(call) : aimed(call));

const TEXT = { subject: "Test {{ tenant.name }}", body: "Hallo {{ recipient.first_name }}" };

async function created(call: TCall, kind: string, scope: TScope) {
  const where = await placeOf(call);
  const centre = scope === "centre" ? where.centre : null;
  await call.t.database.db
    .delete(notificationTemplates)
    .where(
      and(eq(notificationTemplates.tenantId, where.tenantId), eq(notificationTemplates.kind, kind)),
    );
  const res = await send(
    call,
    "POST",
    "/notification_templates",
    scope === "centre" ? home(call) : target(call),
    doc("notification_templates", { kind, locale: "nl", volunteer_center_id: centre, ...TEXT }),
  );
  const rows = await call.t.database.db.$count(
    notificationTemplates,
    and(eq(notificationTemplates.tenantId, where.tenantId), eq(notificationTemplates.kind, kind)),
  );
  return { status: res.statusCode, reached: rows > 0 };
}

export const NOTIFICATION_TEMPLATE_PROBES: Record<string, TProbe> = {
  "notification_templates.list | the overrides of C": {
    async run(call) {
      const id = await freshOverride(call, "activity.reminder");
      const res = await send(call, "GET", "/notification_templates?page[size]=1000", home(call));
      return { status: res.statusCode, reached: idsOf(res).includes(id) };
    },
    // An admin of D lists D's and the tenant's overrides (200), without C's.
    refused: (column) => (column === "admin of D" ? 200 : defaultRefusal(column)),
    cross: sameAsHome,
    note: "[scoped-list]",
  },
  "notification_templates.read | an override of C": {
    async run(call) {
      const id = await freshOverride(call, "auth.unlock");
      const res = await send(call, "GET", `/notification_templates/${id}`, home(call));
      return { status: res.statusCode, reached: idsOf(res).includes(id) };
    },
    cross: byId,
  },
  "notification_templates.read | the tenant's override": {
    async run(call) {
      const id = await freshOverride(call, "auth.unlock", "tenant");
      const res = await send(call, "GET", `/notification_templates/${id}`, home(call));
      return { status: res.statusCode, reached: idsOf(res).includes(id) };
    },
    cross: byId,
  },
  "notification_templates.create | an override of C": {
    run: (call) => created(call, "auth.confirmation", "centre"),
    cross: inBody,
    note: "[other-tenant-body]",
  },
  "notification_templates.create | the tenant's override": {
    run: (call) => created(call, "auth.invitation", "tenant"),
    cross: bySession,
  },
  "notification_templates.update | an override of C": {
    async run(call) {
      const id = await freshOverride(call, "auth.reset_password");
      const subject = "Anders {{ tenant.name }}";
      const res = await send(
        call,
        "PATCH",
        `/notification_templates/${id}`,
        home(call),
        doc("notification_templates", { subject }, id),
      );
      return {
        status: res.statusCode,
        reached: (await overrideRow(call, id))?.subject === subject,
      };
    },
    cross: byId,
  },
  "notification_templates.delete | an override of C": {
    async run(call) {
      const id = await freshOverride(call, "account.deletion");
      const res = await send(call, "DELETE", `/notification_templates/${id}`, home(call));
      return { status: res.statusCode, reached: (await overrideRow(call, id)) === undefined };
    },
    cross: byId,
  },
  "notification_templates.preview | a template with sample data": {
    async run(call) {
      const res = await send(
        call,
        "POST",
        "/notification_templates/preview",
        target(call),
        doc("notification_template_previews", { kind: "auth.unlock", locale: "nl", ...TEXT }),
      );
      return { status: res.statusCode, reached: res.statusCode === 200 };
    },
    cross: bySession,
  },
  "notification_templates.test_mail | a test mail to oneself": {
    async run(call) {
      const before = call.t.mailer.sent.length;
      const res = await send(
        call,
        "POST",
        "/notification_templates/test_mail",
        target(call),
        doc("notification_template_previews", { kind: "auth.unlock", locale: "nl", ...TEXT }),
      );
      return { status: res.statusCode, reached: call.t.mailer.sent.length > before };
    },
    cross: bySession,
  },
};
