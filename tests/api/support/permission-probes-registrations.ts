import { eq } from "drizzle-orm";
import { activityRegistrations } from "../../../backend/db/schema";
import { createActivity } from "./activity-factories";
import { createTenantWithCenter, createUser } from "./factories";
import {
  answered,
  byId,
  home,
  own,
  sameAsHome,
  send,
  type TCall,
  type TProbe,
} from "./permission-probes";
import type { TColumn } from "./permissions-doc";

/**
 * Request builders for the rows of places at activities (docs/activity-registrations.md).
 * Every cell gets its own activity and place. The frozen world (the other tenant) is never
 * written to: its place is a third tenant's, as foreign to the caller as the other tenant's.
 */

const DAY = 86_400_000;
type TPlace = { activityId: number; registrationId: number };
type TWhen = "future" | "past";

const thirds = new Map<number, Promise<{ tenantId: number; centre: number; holder: number }>>();

function third(call: TCall) {
  let found = thirds.get(call.target.tenant.id);
  if (!found) {
    found = (async () => {
      const db = call.t.database.db;
      const made = await createTenantWithCenter(db);
      const holder = (await createUser(db, made.tenant.id)).id;
      return { tenantId: made.tenant.id, centre: made.center.id, holder };
    })();
    thirds.set(call.target.tenant.id, found);
  }
  return found;
}

/** A fresh activity of C at the world's desk (a third tenant's when the target is frozen). */
async function freshActivity(call: TCall, when: TWhen) {
  const db = call.t.database.db;
  const where = call.target.frozen
    ? await third(call)
    : { tenantId: call.target.tenant.id, centre: call.target.C, holder: 0 };
  const startsAt = new Date(Date.now() + (when === "future" ? 10 : -1) * DAY);
  const row = await createActivity(db, where.tenantId, {
    volunteerCenterId: where.centre,
    deskId: call.target.frozen ? null : call.target.desk.id,
    startsAt,
  });
  return { tenantId: where.tenantId, activityId: row.id, holder: where.holder };
}

/** A place held by `holderId` (the third tenant's own person when frozen). */
async function freshPlace(call: TCall, holderId: number, when: TWhen = "future"): Promise<TPlace> {
  const made = await freshActivity(call, when);
  const [row] = await call.t.database.db
    .insert(activityRegistrations)
    .values({
      tenantId: made.tenantId,
      activityId: made.activityId,
      userId: call.target.frozen ? made.holder : holderId,
      status: "registered",
    })
    .returning();
  return { activityId: made.activityId, registrationId: row.id };
}

async function rowOf(call: TCall, id: number) {
  const [row] = await call.t.database.db
    .select()
    .from(activityRegistrations)
    .where(eq(activityRegistrations.id, id));
  return row;
}

/** Someone who is not the caller: the world's user of D. */
const stranger = (call: TCall) => call.home.userD.id;
/** Another's place is not there for whoever may not read it; signed out is a 401 first. */
const hidden = (column: TColumn) => (column === "signed out" ? 401 : 404);

export const REGISTRATION_PROBES: Record<string, TProbe> = {
  "activity_registrations.create | a place at a future activity of C": {
    async run(call) {
      const { activityId } = await freshActivity(call, "future");
      const res = await send(call, "POST", "/activity_registrations", home(call), {
        data: {
          type: "activity_registrations",
          relationships: { activity: { data: { type: "activities", id: String(activityId) } } },
        },
      });
      const rows = await call.t.database.db.$count(
        activityRegistrations,
        eq(activityRegistrations.activityId, activityId),
      );
      return { status: res.statusCode, reached: rows > 0 };
    },
    cross: byId,
  },
  "activity_registrations.list | own places": {
    async run(call) {
      const place = await freshPlace(call, own(call.home, call.column).id);
      const res = await send(
        call,
        "GET",
        "/activity_registrations?filter[mine]=true&page[size]=500",
        home(call),
      );
      return answered(res, place.registrationId);
    },
    cross: sameAsHome,
  },
  "activity_registrations.list | the people of an activity of C at the desk": {
    async run(call) {
      const place = await freshPlace(call, stranger(call));
      const res = await send(
        call,
        "GET",
        `/activity_registrations?filter[activity_id_eq]=${place.activityId}`,
        home(call),
      );
      return answered(res, place.registrationId);
    },
    cross: byId,
  },
  "activity_registrations.read | own place": {
    async run(call) {
      const place = await freshPlace(call, own(call.home, call.column).id);
      const url = `/activity_registrations/${place.registrationId}`;
      return answered(await send(call, "GET", url, home(call)), place.registrationId);
    },
    cross: byId,
  },
  "activity_registrations.read | another user's place at an activity of C at the desk": {
    async run(call) {
      const place = await freshPlace(call, stranger(call));
      const url = `/activity_registrations/${place.registrationId}`;
      return answered(await send(call, "GET", url, home(call)), place.registrationId);
    },
    refused: hidden,
    cross: byId,
    note: "[activity-registrations]",
  },
  "activity_registrations.cancel | own place": {
    async run(call) {
      const place = await freshPlace(call, own(call.home, call.column).id);
      const url = `/activity_registrations/${place.registrationId}`;
      const res = await send(call, "DELETE", url, home(call));
      return {
        status: res.statusCode,
        reached: (await rowOf(call, place.registrationId))?.status === "cancelled",
      };
    },
    cross: byId,
  },
  "activity_registrations.cancel | another user's place at an activity of C at the desk": {
    async run(call) {
      const place = await freshPlace(call, stranger(call));
      const url = `/activity_registrations/${place.registrationId}`;
      const res = await send(call, "DELETE", url, home(call));
      return {
        status: res.statusCode,
        reached: (await rowOf(call, place.registrationId))?.status === "cancelled",
      };
    },
    refused: hidden,
    cross: byId,
    note: "[activity-registrations]",
  },
  "activity_registrations.attendance | another user's place at a past activity of C at the desk": {
    async run(call) {
      const place = await freshPlace(call, stranger(call), "past");
      const url = `/activity_registrations/${place.registrationId}/attendance`;
      const res = await send(call, "PUT", url, home(call), {
        data: {
          type: "activity_registrations",
          id: String(place.registrationId),
          attributes: { attended: true, minutes: 60 },
        },
      });
      return {
        status: res.statusCode,
        reached: (await rowOf(call, place.registrationId))?.attended === true,
      };
    },
    refused: hidden,
    cross: byId,
    note: "[activity-registrations]",
  },
};
