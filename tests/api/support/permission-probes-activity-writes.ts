import { randomBytes } from "node:crypto";
import { eq, like } from "drizzle-orm";
import type { TActivityStatus } from "../../../backend/db/schema";
import { activities } from "../../../backend/db/schema";
import { createActivity } from "./activity-factories";
import { createTenantWithCenter } from "./factories";
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
import { createDesk } from "./resources";

/**
 * Request builders for the activity write rows of docs/permissions.md
 * (docs/activity-writes.md). Every cell gets its own activity of C at the world's desk. The
 * frozen world (the other tenant) is never written to: its activity and desk are a third
 * tenant's, as foreign to the caller as the other tenant's.
 */

const DAY = 86_400_000;
const unique = () => randomBytes(4).toString("hex");
type TPlace = { tenantId: number; centre: number; desk: number };
const thirds = new Map<number, Promise<TPlace>>();

function third(call: TCall): Promise<TPlace> {
  let found = thirds.get(call.target.tenant.id);
  if (!found) {
    found = (async () => {
      const db = call.t.database.db;
      const made = await createTenantWithCenter(db);
      const desk = await createDesk(db, made.tenant.id, { volunteerCenterId: made.center.id });
      return { tenantId: made.tenant.id, centre: made.center.id, desk: desk.id };
    })();
    thirds.set(call.target.tenant.id, found);
  }
  return found;
}

async function placeOf(call: TCall): Promise<TPlace> {
  if (call.target.frozen) return third(call);
  return { tenantId: call.target.tenant.id, centre: call.target.C, desk: call.target.desk.id };
}

/** A fresh activity of C at the desk, ten days ahead (a third tenant's when frozen). */
async function fresh(call: TCall, status: TActivityStatus, title = `Activiteit ${unique()}`) {
  const where = await placeOf(call);
  return (
    await createActivity(call.t.database.db, where.tenantId, {
      volunteerCenterId: where.centre,
      deskId: where.desk,
      status,
      title,
      startsAt: new Date(Date.now() + 10 * DAY),
      publishedAt: status === "draft" ? null : new Date(),
    })
  ).id;
}

async function rowOf(call: TCall, id: number) {
  const [row] = await call.t.database.db.select().from(activities).where(eq(activities.id, id));
  return row;
}

const countTitled = (call: TCall, pattern: string) =>
  call.t.database.db.$count(activities, like(activities.title, pattern));

/** A draft is not there for whoever may not write it. */
const hidden = (column: TColumn) => (column === "signed out" ? 401 : 404);
/** An id in the body that is another tenant's is not found: 422 ([other-tenant-body]). */
const inBody = (column: TColumn) => (column === "signed out" ? 401 : 422);

const link = (type: string, id: number) => ({ data: { type, id: String(id) } });
const startsAt = () => new Date(Date.now() + 20 * DAY).toISOString();

export const ACTIVITY_WRITE_PROBES: Record<string, TProbe> = {
  "activities.list_managed | the activities of C at the desk, drafts included": {
    async run(call) {
      const id = await fresh(call, "draft");
      const res = await send(
        call,
        "GET",
        "/managed_activities?page[size]=100&sort=-updated_at",
        home(call),
      );
      return { status: res.statusCode, reached: idsOf(res).includes(id) };
    },
    // An admin of D lists D's activities (200), without C's; who runs none: 403.
    refused: (column) => (column === "admin of D" ? 200 : defaultRefusal(column)),
    cross: sameAsHome,
    note: "[scoped-list]",
  },
  "activities.create | a new activity of C at the desk": {
    async run(call) {
      const where = await placeOf(call);
      const title = `Nieuw ${unique()}`;
      const res = await send(call, "POST", "/activities", home(call), {
        data: {
          type: "activities",
          attributes: { title, starts_at: startsAt() },
          relationships: { desk: link("desks", where.desk) },
        },
      });
      return { status: res.statusCode, reached: (await countTitled(call, title)) > 0 };
    },
    cross: inBody,
    note: "[other-tenant-body]",
  },
  "activities.create | a new activity of C without a desk": {
    async run(call) {
      const where = await placeOf(call);
      const title = `Nieuw ${unique()}`;
      const res = await send(call, "POST", "/activities", home(call), {
        data: {
          type: "activities",
          attributes: { title, starts_at: startsAt() },
          relationships: { volunteer_center: link("volunteer_centers", where.centre) },
        },
      });
      return { status: res.statusCode, reached: (await countTitled(call, title)) > 0 };
    },
    cross: inBody,
    note: "[other-tenant-body]",
  },
  "activities.create | a copy of a draft activity of C at the desk": {
    async run(call) {
      const title = `Origineel ${unique()}`;
      const id = await fresh(call, "draft", title);
      const res = await send(call, "POST", `/activities/${id}/copy`, home(call));
      return { status: res.statusCode, reached: (await countTitled(call, `%${title}`)) > 1 };
    },
    refused: hidden,
    cross: byId,
    note: "[activities]",
  },
  "activities.create | a new series of C at the desk": {
    async run(call) {
      const where = await placeOf(call);
      const title = `Reeks ${unique()}`;
      const res = await send(call, "POST", "/activity_series", home(call), {
        data: {
          type: "activity_series",
          attributes: { title, starts_at: startsAt(), interval_weeks: 1, count: 2 },
          relationships: { desk: link("desks", where.desk) },
        },
      });
      return { status: res.statusCode, reached: (await countTitled(call, title)) === 2 };
    },
    cross: inBody,
    note: "[other-tenant-body]",
  },
  "activities.update | a published activity of C at the desk": {
    async run(call) {
      const id = await fresh(call, "published");
      const title = `Anders ${unique()}`;
      const res = await send(call, "PATCH", `/activities/${id}`, home(call), {
        data: { type: "activities", id: String(id), attributes: { title } },
      });
      return { status: res.statusCode, reached: (await rowOf(call, id))?.title === title };
    },
    refused: defaultRefusal,
    cross: byId,
    note: "[activities]",
  },
  "activities.update | a draft activity of C at the desk": {
    async run(call) {
      const id = await fresh(call, "draft");
      const title = `Anders ${unique()}`;
      const res = await send(call, "PATCH", `/activities/${id}`, home(call), {
        data: { type: "activities", id: String(id), attributes: { title } },
      });
      return { status: res.statusCode, reached: (await rowOf(call, id))?.title === title };
    },
    refused: hidden,
    cross: byId,
    note: "[activities]",
  },
  "activities.delete | a draft activity of C at the desk": {
    async run(call) {
      const id = await fresh(call, "draft");
      const res = await send(call, "DELETE", `/activities/${id}`, home(call));
      return { status: res.statusCode, reached: (await rowOf(call, id)) === undefined };
    },
    refused: hidden,
    cross: byId,
    note: "[activities]",
  },
  "activities.transition | cancelling a published activity of C at the desk": {
    async run(call) {
      const id = await fresh(call, "published");
      const res = await send(call, "PUT", `/activities/${id}/transition`, home(call), {
        data: { type: "activities", attributes: { status: "cancelled" } },
      });
      const row = await rowOf(call, id);
      return { status: res.statusCode, reached: row?.status === "cancelled" };
    },
    cross: byId,
    note: "[activities]",
  },
};
