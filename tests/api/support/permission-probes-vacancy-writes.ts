import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { TVacancyStatus } from "../../../backend/db/schema";
import { vacancies } from "../../../backend/db/schema";
import { createOrganization, createTenantWithCenter } from "./factories";
import {
  byId,
  defaultRefusal,
  home,
  idsOf,
  sameAsHome,
  send,
  type TCall,
  type TProbe,
} from "./permission-probes";
import type { TColumn } from "./permissions-doc";
import { createVacancy } from "./vacancy-factory";

/**
 * Request builders for the vacancy write rows of docs/permissions.md
 * (docs/vacancy-writes.md). Every cell gets its own vacancy of O. The frozen world (the
 * other tenant) is never written to: its vacancy is a third tenant's, as foreign to the
 * caller as the other tenant's.
 */

const unique = () => randomBytes(4).toString("hex");
type TPlace = { tenantId: number; centre: number; organization: number };
const thirds = new Map<number, Promise<TPlace>>();

function third(call: TCall): Promise<TPlace> {
  let found = thirds.get(call.target.tenant.id);
  if (!found) {
    found = (async () => {
      const db = call.t.database.db;
      const made = await createTenantWithCenter(db);
      const organization = await createOrganization(db, made.tenant.id, {
        volunteerCenterId: made.center.id,
      });
      return { tenantId: made.tenant.id, centre: made.center.id, organization: organization.id };
    })();
    thirds.set(call.target.tenant.id, found);
  }
  return found;
}

async function placeOf(call: TCall): Promise<TPlace> {
  if (call.target.frozen) return third(call);
  return { tenantId: call.target.tenant.id, centre: call.target.C, organization: call.target.O };
}

/** A fresh vacancy of O (a third tenant's when the target is frozen) in `status`. */
async function fresh(call: TCall, status: TVacancyStatus) {
  const where = await placeOf(call);
  return (
    await createVacancy(call.t.database.db, where.tenantId, {
      organizationId: where.organization,
      volunteerCenterId: where.centre,
      status,
      publishedAt: status === "published" ? new Date() : null,
    })
  ).id;
}

async function rowOf(call: TCall, id: number) {
  const [row] = await call.t.database.db.select().from(vacancies).where(eq(vacancies.id, id));
  return row;
}

/** A vacancy that is not public is not there for whoever may not manage it. */
const hidden = (column: TColumn) => (column === "signed out" ? 401 : 404);
/** An id in the body that is another tenant's is not found: 422 ([other-tenant-body]). */
const inBody = (column: TColumn) => (column === "signed out" ? 401 : 422);

const patchTitle = (id: number, title: string) => ({
  data: { type: "vacancies", id: String(id), attributes: { title } },
});

export const VACANCY_WRITE_PROBES: Record<string, TProbe> = {
  "vacancies.list_managed | the vacancies of O, drafts included": {
    async run(call) {
      const id = await fresh(call, "draft");
      const res = await send(
        call,
        "GET",
        "/managed_vacancies?page[size]=1000&sort=-created_at",
        home(call),
      );
      return { status: res.statusCode, reached: idsOf(res).includes(id) };
    },
    // An admin of D lists D's vacancies (200), without O's; who manages none: 403.
    refused: (column) => (column === "admin of D" ? 200 : defaultRefusal(column)),
    cross: sameAsHome,
    note: "[scoped-list]",
  },
  "vacancies.read_managed | a draft vacancy of O": {
    async run(call) {
      const id = await fresh(call, "draft");
      const res = await send(call, "GET", `/managed_vacancies/${id}`, home(call));
      return { status: res.statusCode, reached: idsOf(res).includes(id) };
    },
    refused: hidden,
    cross: byId,
    note: "[vacancies]",
  },
  "vacancies.create | a new vacancy of O": {
    async run(call) {
      const where = await placeOf(call);
      const title = `Nieuw ${unique()}`;
      const res = await send(call, "POST", "/vacancies", home(call), {
        data: {
          type: "vacancies",
          attributes: { title },
          relationships: {
            organization: { data: { type: "organizations", id: String(where.organization) } },
          },
        },
      });
      const rows = await call.t.database.db.$count(vacancies, eq(vacancies.title, title));
      return { status: res.statusCode, reached: rows > 0 };
    },
    cross: inBody,
    note: "[other-tenant-body]",
  },
  "vacancies.update | a vacancy of O, published": {
    async run(call) {
      const id = await fresh(call, "published");
      const title = `Anders ${unique()}`;
      const res = await send(call, "PATCH", `/vacancies/${id}`, home(call), patchTitle(id, title));
      return { status: res.statusCode, reached: (await rowOf(call, id))?.title === title };
    },
    cross: byId,
  },
  "vacancies.update | a draft vacancy of O": {
    async run(call) {
      const id = await fresh(call, "draft");
      const title = `Anders ${unique()}`;
      const res = await send(call, "PATCH", `/vacancies/${id}`, home(call), patchTitle(id, title));
      return { status: res.statusCode, reached: (await rowOf(call, id))?.title === title };
    },
    refused: hidden,
    cross: byId,
    note: "[vacancies]",
  },
  "vacancies.delete | a draft vacancy of O": {
    async run(call) {
      const id = await fresh(call, "draft");
      const res = await send(call, "DELETE", `/vacancies/${id}`, home(call));
      return { status: res.statusCode, reached: (await rowOf(call, id)) === undefined };
    },
    refused: hidden,
    cross: byId,
    note: "[vacancies]",
  },
  "vacancies.transition | closing a published vacancy of O": {
    async run(call) {
      const id = await fresh(call, "published");
      const res = await send(call, "PUT", `/vacancies/${id}/transition`, home(call), {
        data: { type: "vacancies", attributes: { status: "closed" } },
      });
      return { status: res.statusCode, reached: (await rowOf(call, id))?.status === "closed" };
    },
    cross: byId,
  },
  "vacancies.approve | a pending vacancy of O": {
    async run(call) {
      const id = await fresh(call, "pending");
      const res = await send(call, "PUT", `/vacancies/${id}/transition`, home(call), {
        data: { type: "vacancies", attributes: { status: "published" } },
      });
      return { status: res.statusCode, reached: (await rowOf(call, id))?.status === "published" };
    },
    // The organisation's own staff see their pending vacancy (403); to anyone else it is
    // not there (404).
    refused: (column) =>
      column === "signed out"
        ? 401
        : column === "member of O" || column === "admin of O"
          ? 403
          : 404,
    cross: byId,
    note: "[vacancies]",
  },
  "vacancies.bulk_update | published vacancies of O": {
    async run(call) {
      const ids = [await fresh(call, "published"), await fresh(call, "published")];
      const res = await send(call, "POST", "/vacancies/bulk_update", home(call), {
        data: {
          type: "vacancy_bulk_updates",
          attributes: { ids: ids.map(String), changes: { closes_on: "2099-12-31" } },
        },
      });
      const rows = await Promise.all(ids.map((id) => rowOf(call, id)));
      return { status: res.statusCode, reached: rows.every((r) => r?.closesOn === "2099-12-31") };
    },
    cross: inBody,
    note: "[other-tenant-body]",
  },
};
