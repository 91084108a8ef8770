import { eq } from "drizzle-orm";
import {
  activityRegistrations,
  poolInvitations,
  volunteerProfiles,
} from "../../../backend/db/schema";
import { createActivity } from "./activity-factories";
import { createOrganization, createTenantWithCenter, createUser } from "./factories";
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
import { createVacancy } from "./vacancy-factory";

/**
 * Request builders for the volunteer pool's rows of docs/permissions.md
 * (docs/volunteer-pool.md). Every cell that changes something gets its own volunteer,
 * vacancy or invitation. The frozen world (the other tenant) is never written to: its
 * volunteers, vacancies and invitations are a third tenant's, as foreign to the caller.
 */

type TPlace = { tenantId: number; C: number; O: number; frozen: boolean };
const thirds = new Map<number, Promise<TPlace & { volunteer: number }>>();

function third(call: TCall) {
  let found = thirds.get(call.target.tenant.id);
  if (!found) {
    found = (async () => {
      const db = call.t.database.db;
      const stranger = await createTenantWithCenter(db);
      const O = (
        await createOrganization(db, stranger.tenant.id, { volunteerCenterId: stranger.center.id })
      ).id;
      const volunteer = (await createUser(db, stranger.tenant.id)).id;
      return { tenantId: stranger.tenant.id, C: stranger.center.id, O, frozen: true, volunteer };
    })();
    thirds.set(call.target.tenant.id, found);
  }
  return found;
}

async function placeOf(call: TCall): Promise<TPlace> {
  const world = call.target;
  return world.frozen
    ? third(call)
    : { tenantId: world.tenant.id, C: world.C, O: world.O, frozen: false };
}

/** A fresh active volunteer who opted in to the pool, of the target (or the third tenant). */
async function freshPoolVolunteer(call: TCall): Promise<number> {
  const place = await placeOf(call);
  const db = call.t.database.db;
  const user = await createUser(db, place.tenantId, { firstName: "Pool" });
  await db.insert(volunteerProfiles).values({
    tenantId: place.tenantId,
    userId: user.id,
    about: "In de pool",
    inPool: true,
    poolOptedInAt: new Date(),
  });
  return user.id;
}

async function freshVacancy(call: TCall): Promise<number> {
  const place = await placeOf(call);
  const vacancy = await createVacancy(call.t.database.db, place.tenantId, {
    organizationId: place.O,
    volunteerCenterId: place.C,
  });
  return vacancy.id;
}

/** A pending invitation for `userId` (the third tenant's volunteer when the target is frozen). */
async function freshInvitation(call: TCall, userId: number): Promise<number> {
  const place = await placeOf(call);
  const vacancyId = await freshVacancy(call);
  const invited = place.frozen ? (await third(call)).volunteer : userId;
  const [row] = await call.t.database.db
    .insert(poolInvitations)
    .values({
      tenantId: place.tenantId,
      volunteerCenterId: place.C,
      vacancyId,
      userId: invited,
    })
    .returning({ id: poolInvitations.id });
  return row.id;
}

async function statusOf(call: TCall, id: number) {
  const [row] = await call.t.database.db
    .select({ status: poolInvitations.status })
    .from(poolInvitations)
    .where(eq(poolInvitations.id, id));
  return row?.status;
}

const ownOnly = (column: TColumn) => (column === "signed out" ? 401 : 200);
const hidden = (column: TColumn) => (column === "signed out" ? 401 : 404);
/** Those who get past "may ask anyone of the pool" to the vacancy itself. */
const POOL_INVITERS: readonly TColumn[] = [
  "admin of C",
  "admin of D",
  "desk manager",
  "superadmin",
];

/** A place at an activity of the world's desk: the person becomes one of the desk's volunteers. */
async function placeAtDesk(call: TCall, userId: number) {
  const db = call.t.database.db;
  const activity = await createActivity(db, call.target.tenant.id, {
    volunteerCenterId: call.target.C,
    deskId: call.target.desk.id,
  });
  await db.insert(activityRegistrations).values({
    tenantId: call.target.tenant.id,
    activityId: activity.id,
    userId,
    status: "registered",
  });
}

async function inviteProbe(call: TCall, { atDesk }: { atDesk: boolean }) {
  const volunteer = await freshPoolVolunteer(call);
  if (atDesk && !call.target.frozen) await placeAtDesk(call, volunteer);
  const vacancy = await freshVacancy(call);
  const res = await send(call, "POST", "/pool_invitations", home(call), {
    data: {
      type: "pool_invitations",
      attributes: { message: "Doe je mee?" },
      relationships: {
        volunteer: { data: { type: "volunteers", id: String(volunteer) } },
        vacancy: { data: { type: "vacancies", id: String(vacancy) } },
      },
    },
  });
  const [row] = await call.t.database.db
    .select({ id: poolInvitations.id })
    .from(poolInvitations)
    .where(eq(poolInvitations.vacancyId, vacancy));
  return { status: res.statusCode, reached: row !== undefined };
}

// Another tenant's vacancy is not found: a 422 on the relationship for the pool's staff and
// desk managers; everyone else is refused before the vacancy is looked at.
const crossInvite = (column: TColumn) =>
  column === "signed out" ? 401 : POOL_INVITERS.includes(column) ? 422 : 403;

const declineDoc = (id: number) => ({
  data: { type: "pool_invitations", id: String(id), attributes: { event: "decline" } },
});

export const POOL_PROBES: Record<string, TProbe> = {
  "volunteer_pool.list | the tenant's volunteer pool": {
    async run(call) {
      const id = await freshPoolVolunteer(call);
      // A volunteer of the world's desk too, whom its manager's narrower search finds
      // (the narrowing itself: tests/api/volunteer-pool.test.ts).
      if (!call.target.frozen) await placeAtDesk(call, id);
      return answered(await send(call, "GET", `/volunteer_pool?filter[id]=${id}`, home(call)), id);
    },
    cross: sameAsHome,
  },
  "pool_invitations.create | an open vacancy of C for a volunteer of the desk": {
    run: (call) => inviteProbe(call, { atDesk: true }),
    cross: crossInvite,
    note: "[other-tenant-body]",
  },
  "pool_invitations.create | an open vacancy of C for a volunteer not at the desk": {
    run: (call) => inviteProbe(call, { atDesk: false }),
    refused: (column) => (column === "signed out" ? 401 : column === "desk manager" ? 422 : 403),
    note: "[desk-pool]",
    cross: crossInvite,
  },
  "pool_invitations.list | own invitations": {
    async run(call) {
      const id = await freshInvitation(call, own(call.home, call.column).id);
      return answered(await send(call, "GET", "/pool_invitations?page[size]=100", home(call)), id);
    },
    cross: sameAsHome,
  },
  "pool_invitations.list | another user's invitations": {
    async run(call) {
      const id = await freshInvitation(call, call.target.other.id);
      return answered(await send(call, "GET", "/pool_invitations?page[size]=100", home(call)), id);
    },
    refused: ownOnly,
    note: "[own-only]",
    cross: sameAsHome,
  },
  "pool_invitations.transition | own invitation": {
    async run(call) {
      const id = await freshInvitation(call, own(call.home, call.column).id);
      const url = `/pool_invitations/${id}/transition`;
      const res = await send(call, "PUT", url, home(call), declineDoc(id));
      return { status: res.statusCode, reached: (await statusOf(call, id)) === "declined" };
    },
    cross: byId,
  },
  "pool_invitations.transition | another user's invitation": {
    async run(call) {
      const id = await freshInvitation(call, call.target.userD.id);
      const url = `/pool_invitations/${id}/transition`;
      const res = await send(call, "PUT", url, home(call), declineDoc(id));
      return { status: res.statusCode, reached: (await statusOf(call, id)) === "declined" };
    },
    refused: hidden,
    cross: byId,
    note: "[pool-invitations]",
  },
};
