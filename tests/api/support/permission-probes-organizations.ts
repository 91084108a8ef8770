import { eq } from "drizzle-orm";
import { desks, organizations } from "../../../backend/db/schema";
import type { TestApp } from "./app";
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
  sameAsHome,
  send,
  type TCall,
  type TExpect,
  type TLookup,
  type TOutcome,
  type TProbe,
} from "./permission-probes";
import { freshTargets } from "./permission-world";
import type { TColumn } from "./permissions-doc";
import { createDesk } from "./resources";

/**
 * Request builders for the organization rows (list, read, update, status, delete, move,
 * sign-up, adding) and adding a desk. Notes in [brackets] are the labels of
 * docs/permissions.md, "How a refusal answers".
 */

const tag = () => `w${Math.random().toString(36).slice(2, 10)}`;

async function organization(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

async function organizationNamed(t: TestApp, name: string) {
  const [row] = await t.database.db
    .select()
    .from(organizations)
    .where(eq(organizations.name, name));
  return row;
}

/** A status change of an organization the caller may not read is a 404, as reading it. */
const hiddenUnlessReadable =
  (resource: string) =>
  (column: TColumn, lookup: TLookup): TExpect =>
    column === "signed out"
      ? 401
      : lookup("organizations.read", resource, column) === "✓"
        ? 403
        : 404;

/** A centre id of the other tenant in the body: a superadmin gets past the policy and
 *  the centre is not found (422); a centre admin is no admin of that id (403). */
const centreInBody = (column: TColumn): TExpect =>
  column === "signed out" ? 401 : column === "superadmin" ? 422 : 403;

async function setStatus(call: TCall, id: number, status: string, to: string) {
  const res = await send(
    call,
    "PUT",
    `/organizations/${id}/approve`,
    home(call),
    doc("organizations", { status }, id),
  );
  return { status: res.statusCode, reached: (await organization(call.t, id))?.status === to };
}

async function remove(call: TCall, id: number): Promise<TOutcome> {
  const res = await send(call, "DELETE", `/organizations/${id}`, home(call));
  return { status: res.statusCode, reached: (await organization(call.t, id)) === undefined };
}

async function move(call: TCall, id: number): Promise<TOutcome> {
  const to = call.target.D;
  const res = await send(
    call,
    "PUT",
    `/organizations/${id}/move`,
    home(call),
    doc("organizations", { volunteer_center_id: to }, id),
  );
  const row = await organization(call.t, id);
  return { status: res.statusCode, reached: row?.volunteerCenterId === to };
}

async function edit(call: TCall, id: number): Promise<TOutcome> {
  const phone = `038 ${Math.floor(Math.random() * 1e6)}`;
  const res = await send(
    call,
    "PUT",
    `/organizations/${id}`,
    home(call),
    doc("organizations", { phone }, id),
  );
  return { status: res.statusCode, reached: (await organization(call.t, id))?.phone === phone };
}

/** POST /organization_registrations; the site's centre comes from Volunteer-Center-Id. */
async function register(call: TCall, type: string): Promise<TOutcome> {
  const name = `Stichting Walk ${tag()}`;
  const attributes = {
    organization: {
      name,
      type,
      address: { street: "Kerkstraat", house_number: "1", postal_code: "8091 AA", city: "Wezep" },
    },
    user: {
      first_name: "Sanne",
      last_name: "de Vries",
      email: `${tag()}@example.test`,
      password: "Correct-horse-9",
      password_confirmation: "Correct-horse-9",
    },
  };
  const res = await send(
    call,
    "POST",
    "/organization_registrations",
    home(call),
    doc("organization_registration", attributes),
    { "volunteer-center-id": String(call.target.C) },
  );
  const row = await organizationNamed(call.t, name);
  // Reached: it joined the named centre (another tenant's centre id is ignored).
  return { status: res.statusCode, reached: row?.volunteerCenterId === call.target.C };
}

async function create(call: TCall, attributes: Record<string, unknown>, aim = home(call)) {
  const name = `Walk ${tag()}`;
  const res = await send(
    call,
    "POST",
    "/organizations",
    aim,
    doc("organizations", { name, ...attributes }),
  );
  const row = await organizationNamed(call.t, name);
  return { status: res.statusCode, reached: row?.tenantId === call.target.tenant.id };
}

const ORGANIZATION_IDS = (call: TCall) => {
  const w = call.target;
  return [w.C, w.D, w.O, w.pendingO, w.Q, w.pendingC];
};

export const ORGANIZATION_PROBES: Record<string, TProbe> = {
  "organizations.list | the tenant's organizations": {
    async run(call) {
      const res = await send(call, "GET", "/organizations?page[size]=1000", home(call));
      const listed = idsOf(res);
      return {
        status: res.statusCode,
        reached: ORGANIZATION_IDS(call).some((id) => listed.includes(id)),
      };
    },
    cross: sameAsHome,
  },
  "organizations.read | O of C, approved": {
    run: async (call) =>
      answered(
        await send(call, "GET", `/organizations/${call.target.O}`, home(call)),
        call.target.O,
      ),
    cross: byIdPublic,
  },
  "organizations.read | O of C, pending": {
    run: async (call) =>
      answered(
        await send(call, "GET", `/organizations/${call.target.pendingO}`, home(call)),
        call.target.pendingO,
      ),
    refused: () => 404,
    note: "[hidden]",
    cross: byIdPublic,
  },
  "organizations.read | C itself, pending": {
    run: async (call) =>
      answered(
        await send(call, "GET", `/organizations/${call.target.pendingC}`, home(call)),
        call.target.pendingC,
      ),
    refused: () => 404,
    note: "[hidden]",
    cross: byIdPublic,
  },
  "organizations.update | O of C, approved": {
    run: (call) => edit(call, call.target.O),
    cross: byId,
  },
  "organizations.update | C itself, approved": {
    run: (call) => edit(call, call.target.C),
    cross: byId,
  },
  "organizations.update_status | O of C, pending": {
    run: async (call) =>
      setStatus(
        call,
        await freshTargets(call.t, call.target).organizationOfC("pending"),
        "approved",
        "approved",
      ),
    refused: hiddenUnlessReadable("O of C, pending"),
    note: "[hidden]",
    cross: byId,
  },
  "organizations.update_status | C itself, approved": {
    run: async (call) =>
      setStatus(call, await freshTargets(call.t, call.target).centre(), "archived", "archived"),
    cross: byId,
  },
  "organizations.delete | O of C, approved": {
    run: async (call) =>
      remove(call, await freshTargets(call.t, call.target).organizationOfC("approved")),
    cross: byId,
  },
  "organizations.delete | C itself, approved": {
    run: async (call) => remove(call, await freshTargets(call.t, call.target).centre()),
    cross: byId,
  },
  "organizations.list_staff | O of C, approved": {
    run: async (call) =>
      answered(
        await send(call, "GET", `/organizations/${call.target.O}/staff`, home(call)),
        call.target.userO.id,
      ),
    cross: byId,
  },
  "organizations.list_staff | C itself, approved": {
    run: async (call) =>
      answered(
        await send(call, "GET", `/organizations/${call.target.C}/staff`, home(call)),
        call.target.callers["admin of C"].id,
      ),
    cross: byId,
  },
  "organizations.move | O of C, approved": {
    run: async (call) =>
      move(call, await freshTargets(call.t, call.target).organizationOfC("approved")),
    cross: byId,
  },
  "organizations.move | C itself, approved": {
    run: (call) => move(call, call.target.C),
    cross: byId,
  },
  "organizations.register | a new organization of C": {
    run: (call) => register(call, "Organization"),
    // Another tenant's centre in Volunteer-Center-Id is ignored: it joins this site's.
    cross: sameAsHome,
    note: "[other-tenant-body]",
  },
  "organizations.register | a new centre": {
    run: (call) => register(call, "VolunteerCenter"),
    refused: () => 422,
    note: "[centre-sign-up]",
    cross: sameAsHome,
  },
  "organizations.create | a new organization of C": {
    run: (call) => create(call, { type: "Organization", volunteer_center_id: call.target.C }),
    cross: centreInBody,
    note: "[other-tenant-body]",
  },
  "organizations.create | a new centre": {
    run: (call) => create(call, { type: "VolunteerCenter" }, aimed(call)),
    cross: bySession,
  },
  "desks.create | a desk of C": {
    async run(call) {
      const name = `AZC Walk ${tag()}`;
      const res = await send(
        call,
        "POST",
        "/meedoen/desks",
        home(call),
        doc("desks", { azc_name: name, volunteer_center_id: call.target.C }),
      );
      const [row] = await call.t.database.db.select().from(desks).where(eq(desks.azcName, name));
      return { status: res.statusCode, reached: row?.volunteerCenterId === call.target.C };
    },
    cross: centreInBody,
    note: "[other-tenant-body]",
  },
  "desks.manage_list | the desks of C, inactive ones too": {
    run: async (call) =>
      answered(await send(call, "GET", "/meedoen/desks/all", home(call)), call.target.desk.id),
    // An admin of D lists the desks of D: C's are left out.
    refused: (column) => (column === "admin of D" ? 200 : defaultRefusal(column)),
    note: "[scoped-list]",
    cross: sameAsHome,
  },
  "desks.update | the details of the desk": {
    async run(call) {
      const phone = `06${Math.floor(Math.random() * 1e8)}`;
      const id = call.target.desk.id;
      const res = await send(
        call,
        "PATCH",
        `/meedoen/desks/${id}`,
        home(call),
        doc("desks", { phone }, id),
      );
      return { status: res.statusCode, reached: (await desk(call.t, id))?.phone === phone };
    },
    cross: byId,
  },
  "desks.update | the welcome text of the desk": {
    async run(call) {
      const title = `Welkom ${tag()}`;
      const id = call.target.desk.id;
      const res = await send(
        call,
        "PATCH",
        `/meedoen/desks/${id}`,
        home(call),
        doc("desks", { welcome_title: title }, id),
      );
      return { status: res.statusCode, reached: (await desk(call.t, id))?.welcomeTitle === title };
    },
    cross: byId,
  },
  "desks.delete | a desk of C without activities to come": {
    async run(call) {
      // In the frozen world the standing desk: the request must not reach it.
      const id = call.target.frozen
        ? call.target.desk.id
        : (
            await createDesk(call.t.database.db, call.target.tenant.id, {
              volunteerCenterId: call.target.C,
            })
          ).id;
      const res = await send(call, "DELETE", `/meedoen/desks/${id}`, home(call));
      return { status: res.statusCode, reached: (await desk(call.t, id)) === undefined };
    },
    cross: byId,
  },
};

async function desk(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(desks).where(eq(desks.id, id));
  return row;
}
