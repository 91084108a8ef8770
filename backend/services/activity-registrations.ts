import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { REGISTRATION_LIMITS } from "../../lib/contract/activity-registrations";
import type { AppDb } from "../db/client";
import { activities, activityRegistrations, type TActivityRegistration } from "../db/schema";
import { notifyPromoted } from "../jobs/notify-registration";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import {
  firstWaiting,
  livePlace,
  registrationActivity,
  registrationCounts,
  type TRegistrationActivity,
} from "../queries/activity-registrations";

/**
 * Signing up for an activity, giving the place back, and marking attendance
 * (docs/activity-registrations.md). Every change that counts places locks the activity
 * first, so the last place goes to one person and a freed place to the first in line.
 */

const ACTIVITY_POINTER = "/data/relationships/activity";

const refused = (code: string, detail: string, pointer = ACTIVITY_POINTER) =>
  unprocessable([{ detail, code, source: { pointer } }]);

/** Signing up happens here: published, not begun, and not on another site. */
export const registrationOpen = (activity: TRegistrationActivity, now: Date) =>
  activity.status === "published" &&
  activity.startsAt.getTime() > now.getTime() &&
  !activity.registrationUrl;

/** Places left, or null when the activity takes everyone. */
export const spotsLeft = (capacity: number | null, registered: number) =>
  capacity === null ? null : Math.max(0, capacity - registered);

export async function signUp(
  tx: AppDb,
  params: { tenantId: number; activityId: number; userId: number; now: Date },
): Promise<TActivityRegistration> {
  const activity = await registrationActivity(tx, params.tenantId, params.activityId, true);
  if (!activity || !registrationOpen(activity, params.now)) {
    throw refused("registration_closed", "Signing up for this activity is not possible");
  }
  if (await livePlace(tx, params.tenantId, activity.id, params.userId)) {
    throw refused("taken", "You are already signed up for this activity");
  }
  const counts = (await registrationCounts(tx, params.tenantId, [activity.id])).get(activity.id);
  const left = spotsLeft(activity.capacity, counts?.registered ?? 0);
  const [row] = await tx
    .insert(activityRegistrations)
    .values({
      tenantId: params.tenantId,
      activityId: activity.id,
      userId: params.userId,
      status: left === 0 ? "waitlisted" : "registered",
    })
    .returning();
  return row;
}

/**
 * Gives a place back (or leaves the waiting list). A place freed at an activity that has
 * not begun goes to the first in line, who is told.
 */
export async function cancelRegistration(
  tx: AppDb,
  params: {
    tenantId: number;
    registration: TActivityRegistration;
    now: Date;
    origin: string | null;
  },
): Promise<void> {
  const { registration } = params;
  const activity = await registrationActivity(tx, params.tenantId, registration.activityId, true);
  if (!activity) return;
  if (activity.startsAt.getTime() <= params.now.getTime()) {
    throw refused("started", "The activity has begun: its attendance is marked instead", "/data");
  }
  await tx
    .update(activityRegistrations)
    .set({ status: "cancelled", cancelledAt: params.now, updatedAt: params.now })
    .where(eq(activityRegistrations.id, registration.id));
  if (registration.status === "registered" && activity.status === "published") {
    await fillFreedPlaces(tx, params.tenantId, activity, params.now, params.origin);
  }
}

/**
 * Moves people up from the waiting list, in the order they came, while there are places:
 * after a place is given back, and after the activity's capacity is raised or removed
 * (services/activities.ts). Each one moved up is told, by one job in this transaction.
 * The caller holds the activity's lock.
 */
export async function fillFreedPlaces(
  tx: AppDb,
  tenantId: number,
  activity: TRegistrationActivity,
  now: Date,
  origin: string | null,
) {
  for (;;) {
    const counts = (await registrationCounts(tx, tenantId, [activity.id])).get(activity.id);
    if (spotsLeft(activity.capacity, counts?.registered ?? 0) === 0) return;
    const next = await firstWaiting(tx, tenantId, activity.id);
    if (!next) return;
    await tx
      .update(activityRegistrations)
      .set({ status: "registered", promotedAt: now, updatedAt: now })
      .where(eq(activityRegistrations.id, next.id));
    await notifyPromoted(tx, tenantId, { registrationId: next.id, origin });
  }
}

/** The activity's length in whole minutes, if it has a known one. */
export function durationMinutes(activity: TRegistrationActivity): number | null {
  if (activity.allDay || activity.endsAt === null) return null;
  const minutes = Math.round((activity.endsAt.getTime() - activity.startsAt.getTime()) / 60_000);
  return Math.min(minutes, REGISTRATION_LIMITS.maxMinutes);
}

/** Staff mark whether someone came and, if so, the minutes they gave. */
export async function markAttendance(
  tx: AppDb,
  params: {
    tenantId: number;
    registration: TActivityRegistration;
    attended: boolean;
    minutes: number | undefined;
    actorId: number;
    now: Date;
  },
): Promise<void> {
  const { registration } = params;
  const activity = await registrationActivity(tx, params.tenantId, registration.activityId);
  if (!activity) return;
  if (registration.status !== "registered") {
    throw refused("not_registered", "Only someone with a place attends", "/data");
  }
  if (activity.startsAt.getTime() > params.now.getTime()) {
    throw refused("not_started", "Attendance is marked once the activity has begun", "/data");
  }
  const minutes = params.attended ? (params.minutes ?? durationMinutes(activity)) : null;
  if (params.attended && minutes === null) {
    throw unprocessable([invalidAttribute(["minutes"], "can't be blank", "blank")]);
  }
  await tx
    .update(activityRegistrations)
    .set({
      attended: params.attended,
      minutes,
      attendanceMarkedById: params.actorId,
      attendanceMarkedAt: params.now,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(activityRegistrations.tenantId, params.tenantId),
        eq(activityRegistrations.id, registration.id),
      ),
    );
}

/**
 * A deleted account's places at activities that have not begun are given back, each as if
 * they cancelled (the first in line moves up); the places of the past stay, nameless with the
 * account, so the centre's attendance and hours still add up.
 */
export async function giveBackUpcomingPlaces(
  tx: AppDb,
  params: { tenantId: number; userId: number; now: Date },
): Promise<void> {
  const upcoming = await tx
    .select()
    .from(activityRegistrations)
    .where(
      and(
        eq(activityRegistrations.tenantId, params.tenantId),
        eq(activityRegistrations.userId, params.userId),
        ne(activityRegistrations.status, "cancelled"),
        inArray(
          activityRegistrations.activityId,
          tx
            .select({ id: activities.id })
            .from(activities)
            .where(
              and(eq(activities.tenantId, params.tenantId), gt(activities.startsAt, params.now)),
            ),
        ),
      ),
    );
  for (const registration of upcoming) {
    await cancelRegistration(tx, {
      tenantId: params.tenantId,
      registration,
      now: params.now,
      origin: null,
    });
  }
}
