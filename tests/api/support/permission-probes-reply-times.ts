import { eq } from "drizzle-orm";
import { applications, siteSettings } from "../../../backend/db/schema";
import { createApplication } from "./application-factory";
import { createUser } from "./factories";
import { answered, byId, doc, home, send, type TCall, type TProbe } from "./permission-probes";
import { createVacancy } from "./vacancy-factory";

/**
 * Request builders for the reply-time rows of docs/permissions.md (docs/reply-times.md):
 * the centre's overdue applications and its reminder settings. The other tenant's world
 * is only ever read: its centre's id is simply not found.
 */

const overdue = new Map<number, Promise<number>>();

/** An application of C past the escalation (its admins were told), made once per world. */
function overdueApplication(call: TCall): Promise<number> {
  const world = call.target;
  let found = overdue.get(world.tenant.id);
  if (!found) {
    found = (async () => {
      const db = call.t.database.db;
      const vacancy = await createVacancy(db, world.tenant.id, {
        organizationId: world.O,
        volunteerCenterId: world.C,
      });
      const applicant = await createUser(db, world.tenant.id);
      const row = await createApplication(db, world.tenant.id, {
        vacancyId: vacancy.id,
        organizationId: world.O,
        volunteerCenterId: world.C,
        userId: applicant.id,
      });
      await db
        .update(applications)
        .set({ escalatedAt: new Date(), nudgedAt: new Date() })
        .where(eq(applications.id, row.id));
      return row.id;
    })();
    overdue.set(world.tenant.id, found);
  }
  return found;
}

let counter = 0;

export const REPLY_TIME_PROBES: Record<string, TProbe> = {
  "applications.list_overdue | the overdue applications of C": {
    async run(call) {
      const url = `/volunteer_centers/${call.target.C}/overdue_applications?page[size]=100`;
      if (call.target.frozen)
        return { status: (await send(call, "GET", url, home(call))).statusCode, reached: false };
      const id = await overdueApplication(call);
      return answered(await send(call, "GET", url, home(call)), id);
    },
    cross: byId,
  },
  "site_settings.update | the reply-time settings of C": {
    async run(call) {
      // Nudge days 1..29 with the escalation after them: a value no earlier cell stored.
      counter += 1;
      const days = (counter % 29) + 1;
      const centre = call.target.C;
      const res = await send(
        call,
        "PUT",
        `/site_settings/${centre}`,
        home(call),
        doc("site_settings", { reply_nudge_days: days, reply_escalation_days: 60 }, centre),
      );
      const [row] = await call.t.database.db
        .select({ days: siteSettings.replyNudgeDays })
        .from(siteSettings)
        .where(eq(siteSettings.volunteerCenterId, centre));
      return { status: res.statusCode, reached: row?.days === days };
    },
    cross: byId,
  },
};
