import { Cron } from "croner";
import type { AppDb } from "../db/client";
import { enqueue } from "./queue";
import type { TJobDefinition } from "./registry";

/**
 * Scheduled jobs (docs/jobs.md, "Adding a schedule"): a cron expression read in
 * Europe/Amsterdam, so "30 3 * * *" is half past three Dutch time in summer and in winter.
 * Across the clock changes croner does what cron does: a time that does not exist (02:30
 * on the last Sunday of March) runs at the first moment after it (03:00 CEST), and a time
 * that occurs twice (02:30 on the last Sunday of October) runs once, the first time.
 *
 * Every worker enqueues each due occurrence with the idempotency key `<name>@<instant>`:
 * however many processes see it, one job results. An occurrence is enqueued while it is
 * the schedule's latest and younger than CATCH_UP_MS, so a process started after a short
 * outage still runs the missed occurrence, and a long outage does not replay history.
 */

export const SCHEDULE_TIMEZONE = "Europe/Amsterdam";
export const CATCH_UP_MS = 24 * 3600_000;

export type TSchedule = {
  /** Unique among the schedules; part of the idempotency key. */
  name: string;
  cron: string;
  // biome-ignore lint/suspicious/noExplicitAny: a schedule's job takes any payload type
  job: TJobDefinition<any>;
  payload: unknown;
};

export function cronOf(expression: string): Cron {
  return new Cron(expression, { timezone: SCHEDULE_TIMEZONE, paused: true });
}

/** The schedule's latest occurrence at or before `now`, if younger than CATCH_UP_MS. */
export function dueOccurrence(schedule: Pick<TSchedule, "cron">, now: Date): Date | null {
  // previousRuns looks strictly before its reference: a millisecond on includes `now`.
  const [latest] = cronOf(schedule.cron).previousRuns(1, new Date(now.getTime() + 1));
  if (!latest || now.getTime() - latest.getTime() > CATCH_UP_MS) return null;
  return latest;
}

/** The occurrences after `from` (at most `count`), for documentation and tests. */
export function nextOccurrences(expression: string, from: Date, count: number): Date[] {
  return cronOf(expression).nextRuns(count, from);
}

export const occurrenceKey = (schedule: Pick<TSchedule, "name">, at: Date) =>
  `${schedule.name}@${at.toISOString()}`;

/**
 * Enqueues the due occurrence of every schedule as a platform job (no tenant), once per
 * occurrence however often it is called. `seen` remembers what this process already
 * enqueued, so a worker writes once per occurrence instead of on every pass.
 */
export async function enqueueDueOccurrences(
  db: AppDb,
  schedules: TSchedule[],
  now: Date,
  seen: Map<string, number> = new Map(),
): Promise<number> {
  let created = 0;
  for (const schedule of schedules) {
    const at = dueOccurrence(schedule, now);
    if (!at || seen.get(schedule.name) === at.getTime()) continue;
    const result = await enqueue(db, schedule.job, schedule.payload, {
      tenantId: null,
      idempotencyKey: occurrenceKey(schedule, at),
      runAt: at,
    });
    seen.set(schedule.name, at.getTime());
    if (result.created) created += 1;
  }
  return created;
}

/** Refuses a schedule whose expression croner cannot read, or a name used twice. */
export function checkSchedules(schedules: TSchedule[]): void {
  const names = new Set<string>();
  for (const schedule of schedules) {
    if (names.has(schedule.name)) throw new Error(`schedule ${schedule.name} is defined twice`);
    names.add(schedule.name);
    cronOf(schedule.cron);
  }
}
