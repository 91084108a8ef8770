import { and, eq } from "drizzle-orm";
import {
  ACTIVITY_LIMITS,
  type TActivityAttributes,
  type TActivitySeriesAttributes,
} from "../../lib/contract/activities";
import { sanitizeRichText } from "../../lib/rich-text/sanitize";
import {
  AUDIT_LABEL_MAX,
  activities,
  activitySeries,
  auditEvents,
  type TActivityStatus,
} from "../db/schema";
import {
  amsterdamDate,
  amsterdamDaysBetween,
  atWallClock,
  MAX_OCCURRENCES,
  occurrencesOf,
} from "../domain/activity-recurrence";
import { activityTransition, isActivityDeletable } from "../domain/activity-status";
import { AppError, type TErrorItem } from "../errors";
import { notifyActivityPeople } from "../jobs/notify-activity";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import type { TActivityFacts } from "../policies/policy";
import {
  findActivityForWrite,
  livePlaces,
  type TWriteActivityRow,
} from "../queries/activity-writes";
import { recordAudit, type TAuditInput } from "../queries/audit-events";
import { fillFreedPlaces } from "./activity-registrations";
import { auditOf, resolvePlace, type TWriteContext } from "./write-context";

/**
 * The use cases of writing activities (docs/activity-writes.md): add, edit, move through
 * the status machine (backend/domain/activity-status.ts), copy and delete. Each runs in the
 * caller's transaction and checks everything that can be refused before its first write,
 * so a refusal writes nothing; each writes its audit entries, and the notices to the
 * activity's people, there.
 */

/** The same context as every back-office write (services/write-context.ts). */
export type TActivityWriteContext = TWriteContext;

/** Where a new activity belongs, decided (and checked by the policy) before the service. */
export type TActivityHome = {
  volunteerCenterId: number;
  deskId: number | null;
  organizationId: number | null;
};

export type TActivityInput = {
  attributes: TActivityAttributes;
  /** undefined: unchanged; null: none. Checked by the route (tenant, centre, policy). */
  deskId?: number | null;
  organizationId?: number | null;
};

type TValues = Partial<typeof activities.$inferInsert>;

const STATUS_POINTER = "/data/attributes/status";

export const activityFacts = (row: {
  volunteerCenterId: number;
  deskId: number | null;
}): TActivityFacts => ({ volunteerCenterId: row.volunteerCenterId, deskId: row.deskId });

const audit = (
  ctx: TActivityWriteContext,
  row: { id: number; title: string; volunteerCenterId: number },
  action: TAuditInput["action"],
  details: Record<string, unknown>,
) => auditOf(ctx, "Activity", row, action, details);

/** The place asked for, with its position (services/write-context.ts). */
async function placeValues(
  ctx: TActivityWriteContext,
  current: TWriteActivityRow | null,
  attributes: TActivityAttributes,
): Promise<{ values: TValues; error: TErrorItem | null }> {
  const { values, error } = await resolvePlace(ctx.geocoder, current, attributes);
  return { values, error };
}

/** The period: an end, when there is one, is not before the start. */
function periodErrors(
  current: TWriteActivityRow | null,
  attributes: TActivityAttributes,
): TErrorItem[] {
  const startsAt = attributes.starts_at ?? current?.startsAt ?? null;
  const endsAt = attributes.ends_at === undefined ? (current?.endsAt ?? null) : attributes.ends_at;
  if (startsAt === null) return [invalidAttribute(["starts_at"], "can't be blank", "blank")];
  if (endsAt !== null && endsAt.getTime() < startsAt.getTime()) {
    return [
      invalidAttribute(["ends_at"], "must be on or after starts at", "greater_than_or_equal_to"),
    ];
  }
  return [];
}

/** The attributes as columns (the place aside). */
function plainValues(attributes: TActivityAttributes): TValues {
  const values: TValues = {};
  if (attributes.title !== undefined) values.title = attributes.title;
  if (attributes.kind !== undefined) values.kind = attributes.kind;
  if (attributes.summary !== undefined) values.summary = attributes.summary || null;
  if (attributes.description !== undefined) {
    values.description = sanitizeRichText(attributes.description ?? "") || null;
  }
  if (attributes.starts_at !== undefined) values.startsAt = attributes.starts_at;
  if (attributes.ends_at !== undefined) values.endsAt = attributes.ends_at;
  if (attributes.all_day !== undefined) values.allDay = attributes.all_day;
  if (attributes.online !== undefined) values.online = attributes.online;
  if (attributes.location_name !== undefined) {
    values.locationName = attributes.location_name || null;
  }
  if (attributes.capacity !== undefined) values.capacity = attributes.capacity;
  if (attributes.registration_url !== undefined) {
    values.registrationUrl = attributes.registration_url;
  }
  if (attributes.image_url !== undefined) values.imageUrl = attributes.image_url;
  return values;
}

/** Everything POST and PATCH check before their first write: the values, or the 422. */
async function prepare(
  ctx: TActivityWriteContext,
  current: TWriteActivityRow | null,
  input: TActivityInput,
): Promise<TValues> {
  const errors: TErrorItem[] = [];
  const place = await placeValues(ctx, current, input.attributes);
  if (place.error) errors.push(place.error);
  errors.push(...periodErrors(current, input.attributes));
  if (errors.length > 0) throw unprocessable(errors);
  const values: TValues = { ...plainValues(input.attributes), ...place.values };
  if (input.deskId !== undefined) values.deskId = input.deskId;
  if (input.organizationId !== undefined) values.organizationId = input.organizationId;
  return values;
}

async function loadOne(ctx: TActivityWriteContext, id: number): Promise<TWriteActivityRow> {
  return (await findActivityForWrite(ctx.tx, ctx.tenantId, id)) as TWriteActivityRow;
}

/** POST: a new draft of the centre (and desk, organisation) the route settled. */
export async function createActivity(
  ctx: TActivityWriteContext,
  home: TActivityHome,
  input: TActivityInput,
): Promise<TWriteActivityRow> {
  const errors: TErrorItem[] = [];
  if (input.attributes.title === undefined) {
    errors.push(invalidAttribute(["title"], "can't be blank", "blank"));
  }
  if (input.attributes.starts_at === undefined) {
    errors.push(invalidAttribute(["starts_at"], "can't be blank", "blank"));
  }
  if (errors.length > 0) throw unprocessable(errors);
  const values = await prepare(ctx, null, input);
  const [created] = await ctx.tx
    .insert(activities)
    .values({
      tenantId: ctx.tenantId,
      volunteerCenterId: home.volunteerCenterId,
      deskId: home.deskId,
      organizationId: home.organizationId,
      title: input.attributes.title as string,
      startsAt: input.attributes.starts_at as Date,
      ...values,
      status: "draft",
    })
    .returning({ id: activities.id });
  const row = await loadOne(ctx, created.id);
  await recordAudit(ctx.tx, audit(ctx, row, "activity_created", {}));
  return row;
}

/** The attribute names a PATCH changed, for the audit entry and the notices. */
function changedNames(row: TWriteActivityRow, values: TValues): string[] {
  return Object.entries(values)
    .filter(([key, value]) => {
      const before = (row as Record<string, unknown>)[key];
      return JSON.stringify(before ?? null) !== JSON.stringify(value ?? null);
    })
    .map(([key]) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
}

/** What the people of an activity planned on: when it is, and where. */
const TIME_AND_PLACE = new Set([
  "starts_at",
  "ends_at",
  "all_day",
  "online",
  "location_name",
  "street",
  "postal_code",
  "city",
]);

/** Not begun: those who come may still plan, and the waiting list still moves. */
const upcoming = (row: TWriteActivityRow, now: Date) => row.startsAt.getTime() > now.getTime();

/**
 * PATCH: the attributes and relationships given, checked before anything is written.
 * Lowering the capacity takes nobody's place; raising or removing it moves people up from
 * the waiting list, in the order they came, each told as when someone gives a place back.
 * A published activity that has not begun and changes in time or place tells everyone
 * registered or waiting.
 */
export async function updateActivity(
  ctx: TActivityWriteContext,
  row: TWriteActivityRow,
  input: TActivityInput,
): Promise<{ row: TWriteActivityRow; movedUp: number; told: number }> {
  const values = await prepare(ctx, row, input);
  const changed = changedNames(row, values);
  if (changed.length === 0) return { row, movedUp: 0, told: 0 };
  // Places are counted under the activity's lock (as signing up does).
  await findActivityForWrite(ctx.tx, ctx.tenantId, row.id, true);
  await ctx.tx
    .update(activities)
    .set({ ...values, updatedAt: ctx.now })
    .where(and(eq(activities.tenantId, ctx.tenantId), eq(activities.id, row.id)));
  const after = await loadOne(ctx, row.id);
  let told = 0;
  if (
    row.status === "published" &&
    upcoming(row, ctx.now) &&
    changed.some((name) => TIME_AND_PLACE.has(name))
  ) {
    const places = await livePlaces(ctx.tx, ctx.tenantId, [row.id]);
    told = await notifyActivityPeople(ctx.tx, ctx.tenantId, {
      registrationIds: places.map((p) => p.id),
      kind: "changed",
      eventKey: `${row.id}@${ctx.now.getTime()}`,
      origin: ctx.origin,
    });
  }
  let movedUp = 0;
  const raised =
    changed.includes("capacity") &&
    (after.capacity === null || (row.capacity !== null && after.capacity > row.capacity));
  if (raised && after.status === "published" && upcoming(after, ctx.now)) {
    const waiting = (await livePlaces(ctx.tx, ctx.tenantId, [row.id])).filter(
      (p) => p.status === "waitlisted",
    ).length;
    await fillFreedPlaces(ctx.tx, ctx.tenantId, after, ctx.now, ctx.origin);
    const still = (await livePlaces(ctx.tx, ctx.tenantId, [row.id])).filter(
      (p) => p.status === "waitlisted",
    ).length;
    movedUp = waiting - still;
  }
  await recordAudit(
    ctx.tx,
    audit(ctx, after, "activity_updated", {
      changed,
      ...(told > 0 ? { told } : {}),
      ...(movedUp > 0 ? { moved_up: movedUp } : {}),
    }),
  );
  return { row: after, movedUp, told };
}

/**
 * PUT …/transition: one step of the machine; the status it has already is no change.
 * Publishing opens sign-up; cancelling tells everyone registered or waiting (their places
 * stay as they were, so the centre still sees who was coming).
 */
export async function transitionActivity(
  ctx: TActivityWriteContext,
  row: TWriteActivityRow,
  to: TActivityStatus,
): Promise<{ row: TWriteActivityRow; told: number }> {
  if (to === row.status) return { row, told: 0 };
  if (!activityTransition(row.status, to)) {
    throw unprocessable([
      {
        detail: `Status cannot change from ${row.status} to ${to}`,
        code: "invalid_transition",
        source: { pointer: STATUS_POINTER },
      },
    ]);
  }
  await findActivityForWrite(ctx.tx, ctx.tenantId, row.id, true);
  const values: TValues = { status: to, updatedAt: ctx.now };
  if (to === "published" && row.publishedAt === null) values.publishedAt = ctx.now;
  await ctx.tx
    .update(activities)
    .set(values)
    .where(and(eq(activities.tenantId, ctx.tenantId), eq(activities.id, row.id)));
  let told = 0;
  if (to === "cancelled") {
    const places = await livePlaces(ctx.tx, ctx.tenantId, [row.id]);
    told = await notifyActivityPeople(ctx.tx, ctx.tenantId, {
      registrationIds: places.map((p) => p.id),
      kind: "cancelled",
      eventKey: String(row.id),
      origin: ctx.origin,
    });
  }
  await recordAudit(
    ctx.tx,
    audit(ctx, row, "activity_status_changed", {
      from: row.status,
      to,
      ...(told > 0 ? { told } : {}),
    }),
  );
  return { row: await loadOne(ctx, row.id), told };
}

/** "Kopie van …" / "Copy of …": the prefix of a copy's title, by the caller's locale. */
export const ACTIVITY_COPY_PREFIX = { nl: "Kopie van ", en: "Copy of " } as const;

/**
 * POST …/copy: a draft copy of the activity (text, time, place, desk, organisation,
 * capacity); not its status, its date of publishing, its people or its series.
 */
export async function copyActivity(
  ctx: TActivityWriteContext,
  row: TWriteActivityRow,
  locale: keyof typeof ACTIVITY_COPY_PREFIX,
): Promise<TWriteActivityRow> {
  const title = `${ACTIVITY_COPY_PREFIX[locale]}${row.title}`.slice(0, ACTIVITY_LIMITS.title);
  const {
    id: _id,
    status: _status,
    publishedAt: _publishedAt,
    seriesId: _seriesId,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    ...copied
  } = row;
  const [created] = await ctx.tx
    .insert(activities)
    .values({ ...copied, tenantId: ctx.tenantId, title, status: "draft" })
    .returning({ id: activities.id });
  const copy = await loadOne(ctx, created.id);
  await recordAudit(ctx.tx, audit(ctx, copy, "activity_created", { copy_of: row.id }));
  return copy;
}

/**
 * DELETE: only a draft is removed (it was never public: nobody signed up); a published
 * activity is cancelled instead, and a cancelled one stays for those who were told
 * (409 `not_deletable`).
 */
export async function deleteActivity(
  ctx: TActivityWriteContext,
  row: TWriteActivityRow,
): Promise<void> {
  if (!isActivityDeletable(row.status)) {
    const instead = row.status === "published" ? ": cancel it instead" : "";
    throw new AppError("conflict", `A ${row.status} activity is not deleted${instead}`, {
      items: [
        {
          detail: `A ${row.status} activity is not deleted${instead}`,
          code: "not_deletable",
          source: { pointer: STATUS_POINTER },
        },
      ],
    });
  }
  await ctx.tx
    .delete(activities)
    .where(and(eq(activities.tenantId, ctx.tenantId), eq(activities.id, row.id)));
  await recordAudit(ctx.tx, audit(ctx, row, "activity_deleted", { status: row.status }));
}

// ----- series -----

/**
 * POST /activity_series: the series and its occurrences, drafts, each an activity that
 * names it; one audit entry per occurrence. A rule that yields more than 104 dates, or
 * none once the exceptions are skipped, is a 422 and writes nothing.
 */
export async function createSeries(
  ctx: TActivityWriteContext,
  home: TActivityHome,
  attributes: TActivitySeriesAttributes,
): Promise<{ seriesId: number; rows: TWriteActivityRow[] }> {
  const { interval_weeks, until, count, exception_dates, ...activity } = attributes;
  const errors: TErrorItem[] = [];
  if (activity.title === undefined) {
    errors.push(invalidAttribute(["title"], "can't be blank", "blank"));
  }
  if (activity.starts_at === undefined) {
    errors.push(invalidAttribute(["starts_at"], "can't be blank", "blank"));
  }
  if (errors.length > 0) throw unprocessable(errors);
  const values = await prepare(ctx, null, { attributes: activity });
  const startsAt = activity.starts_at as Date;
  const found = occurrencesOf(
    { startsAt, endsAt: activity.ends_at ?? null },
    {
      intervalWeeks: interval_weeks,
      ...(until === undefined ? {} : { until }),
      ...(count === undefined ? {} : { count }),
      exceptionDates: exception_dates ?? [],
    },
  );
  if (found === null) {
    throw unprocessable([
      invalidAttribute(
        ["until"],
        `allows at most ${MAX_OCCURRENCES} occurrences: choose an earlier day`,
        "too_many",
      ),
    ]);
  }
  if (found.length === 0) {
    const name =
      until !== undefined && until < amsterdamDate(startsAt) ? "until" : "exception_dates";
    throw unprocessable([invalidAttribute([name], "leaves the series no occurrence", "empty")]);
  }
  const [series] = await ctx.tx
    .insert(activitySeries)
    .values({
      tenantId: ctx.tenantId,
      volunteerCenterId: home.volunteerCenterId,
      intervalWeeks: interval_weeks,
      untilDate: until ?? null,
      occurrenceCount: count ?? null,
      exceptionDates: [...new Set(exception_dates ?? [])].sort(),
    })
    .returning({ id: activitySeries.id });
  const rows = await ctx.tx
    .insert(activities)
    .values(
      found.map((occurrence) => ({
        tenantId: ctx.tenantId,
        volunteerCenterId: home.volunteerCenterId,
        deskId: home.deskId,
        organizationId: home.organizationId,
        title: activity.title as string,
        ...values,
        startsAt: occurrence.startsAt,
        endsAt: occurrence.endsAt,
        seriesId: series.id,
        status: "draft" as const,
      })),
    )
    .returning();
  await ctx.tx.insert(auditEvents).values(
    rows.map((row) => ({
      tenantId: ctx.tenantId,
      actorId: ctx.actor.id,
      action: "activity_created" as const,
      subjectType: "Activity" as const,
      subjectId: row.id,
      subjectLabel: row.title.slice(0, AUDIT_LABEL_MAX),
      volunteerCenterId: row.volunteerCenterId,
      details: { series_id: series.id },
    })),
  );
  return { seriesId: series.id, rows };
}

/**
 * What "this and the following" gives a later occurrence: the same attributes, its time
 * moved as this one's was, in wall-clock terms (the same number of days, the new time of
 * day); an end given keeps its distance in days and its time of day, an end not given its
 * length.
 */
function followingAttributes(
  row: TWriteActivityRow,
  next: TWriteActivityRow,
  attributes: TActivityAttributes,
): TActivityAttributes {
  const { starts_at, ends_at } = attributes;
  if (starts_at === undefined && ends_at === undefined) return attributes;
  const thisStart = starts_at ?? row.startsAt;
  const startsAt =
    starts_at === undefined
      ? next.startsAt
      : atWallClock(next.startsAt, amsterdamDaysBetween(row.startsAt, starts_at), starts_at);
  let endsAt: Date | null;
  if (ends_at === null) endsAt = null;
  else if (ends_at !== undefined) {
    endsAt = atWallClock(startsAt, amsterdamDaysBetween(thisStart, ends_at), ends_at);
  } else {
    endsAt = next.endsAt
      ? new Date(startsAt.getTime() + (next.endsAt.getTime() - next.startsAt.getTime()))
      : null;
  }
  return { ...attributes, starts_at: startsAt, ends_at: endsAt };
}

/**
 * PATCH ?scope=following: this occurrence as PATCH edits it, then each later one. A later
 * one refused (a 422) refuses the whole request: the request's one transaction undoes
 * what was written before it.
 */
export async function updateFollowing(
  ctx: TActivityWriteContext,
  row: TWriteActivityRow,
  following: readonly TWriteActivityRow[],
  input: TActivityInput,
): Promise<{ row: TWriteActivityRow; changedIds: number[]; movedUp: number; told: number }> {
  const first = await updateActivity(ctx, row, input);
  const changedIds = first.row !== row ? [row.id] : [];
  let { movedUp, told } = first;
  for (const next of following) {
    const result = await updateActivity(ctx, next, {
      ...input,
      attributes: followingAttributes(row, next, input.attributes),
    });
    if (result.row !== next) changedIds.push(next.id);
    movedUp += result.movedUp;
    told += result.told;
  }
  return { row: first.row, changedIds, movedUp, told };
}

/**
 * PUT …/transition ?scope=following: this occurrence as the step asks (an illegal step is
 * the 422), then every later one for which the step is legal; the others stay as they are
 * (a cancelled occurrence is not published again).
 */
export async function transitionFollowing(
  ctx: TActivityWriteContext,
  row: TWriteActivityRow,
  following: readonly TWriteActivityRow[],
  to: TActivityStatus,
): Promise<{ row: TWriteActivityRow; changedIds: number[]; told: number }> {
  const first = await transitionActivity(ctx, row, to);
  const changedIds = row.status !== to ? [row.id] : [];
  let { told } = first;
  for (const next of following) {
    if (next.status === to || !activityTransition(next.status, to)) continue;
    told += (await transitionActivity(ctx, next, to)).told;
    changedIds.push(next.id);
  }
  return { row: first.row, changedIds, told };
}
