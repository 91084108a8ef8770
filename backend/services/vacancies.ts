import { and, eq, inArray } from "drizzle-orm";
import {
  type TVacancyAttributes,
  type TVacancyBulkUpdate,
  VACANCY_LIMITS,
} from "../../lib/contract/vacancies";
import { sanitizeRichText } from "../../lib/rich-text/sanitize";
import { auditEvents, type TVacancyStatus, vacancies } from "../db/schema";
import { closesApplications, isDeletable, vacancyTransition } from "../domain/vacancy-status";
import { AppError, type TErrorItem } from "../errors";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import { can, type TVacancyFacts } from "../policies/policy";
import { recordAudit, type TAuditInput } from "../queries/audit-events";
import { findForm } from "../queries/forms";
import { amsterdamToday } from "../queries/vacancies";
import {
  changeVacancyTags,
  findVacanciesForWrite,
  knownTagIds,
  organizationPlace,
  reviewingCenters,
  staffMember,
  type TContactPerson,
  type TWriteVacancyRow,
  tagIdsOf,
  unapprovedOrganizations,
  vacancyOrganization,
} from "../queries/vacancy-writes";
import { closeApplicationsOfVacancies } from "./applications";
import { auditOf, resolvePlace, type TWriteContext } from "./write-context";

/**
 * The use cases of writing vacancies (docs/vacancy-writes.md): add, edit, move through the
 * status machine (backend/domain/vacancy-status.ts), change many at once, duplicate and
 * delete. Each runs in the caller's transaction and checks everything that can be refused
 * before its first write, so a refusal writes nothing; each writes its audit entries there.
 */

export type { TWriteContext };

/** What POST and PATCH ask: the attributes, and the relationships when given. */
export type TVacancyInput = {
  attributes: TVacancyAttributes;
  /** undefined: unchanged. */
  tagIds?: number[];
  /** undefined: unchanged; null: nobody. */
  contactPersonId?: number | null;
};

type TValues = Partial<typeof vacancies.$inferInsert>;

const RELATIONSHIPS = "/data/relationships";
const STATUS_POINTER = "/data/attributes/status";

export const vacancyFacts = (row: {
  organizationId: number;
  volunteerCenterId: number;
}): TVacancyFacts => ({
  organizationId: row.organizationId,
  volunteerCenterId: row.volunteerCenterId,
});

const fullName = (p: TContactPerson) =>
  [p.firstName, p.lastName].filter((part) => part && part.trim() !== "").join(" ") || p.email;

const contactValues = (person: TContactPerson | null): TValues => ({
  contactUserId: person?.id ?? null,
  contactName: person ? fullName(person) : null,
  contactEmail: person?.email ?? null,
  contactPhone: person?.phone ?? null,
});

function invalidTransition(
  from: TVacancyStatus,
  to: TVacancyStatus,
  meta?: Record<string, unknown>,
) {
  return {
    detail: `Status cannot change from ${from} to ${to}`,
    code: "invalid_transition",
    source: { pointer: STATUS_POINTER },
    ...(meta ? { meta } : {}),
  } satisfies TErrorItem;
}

const approverOnly = () =>
  new AppError(
    "forbidden",
    "Only the centre's admins publish a vacancy that waits for their review.",
  );

/** The place asked for; a new vacancy that names none is at its organisation's address. */
async function placeValues(
  ctx: TWriteContext,
  current: TWriteVacancyRow | null,
  attributes: TVacancyAttributes,
  organizationId: number,
): Promise<{ values: TValues; error: TErrorItem | null }> {
  const place = await resolvePlace(ctx.geocoder, current, attributes);
  if (place.asked || current) return place;
  const address = await organizationPlace(ctx.tx, ctx.tenantId, organizationId);
  return { values: address ? { ...address } : {}, error: null };
}

/** Dates or ongoing: an ongoing vacancy has no dates; one with dates starts on a day. */
function dateValues(
  current: TWriteVacancyRow | null,
  attributes: TVacancyAttributes,
): { values: TValues; errors: TErrorItem[] } {
  const { ongoing, starts_on, ends_on } = attributes;
  if (ongoing === undefined && starts_on === undefined && ends_on === undefined) {
    return { values: {}, errors: [] };
  }
  const startsOn = starts_on === undefined ? (current?.startsOn ?? null) : starts_on;
  const endsOn = ends_on === undefined ? (current?.endsOn ?? null) : ends_on;
  // Dates given without the flag mean the vacancy has dates now.
  const isOngoing = ongoing ?? (starts_on ? false : (current?.ongoing ?? true));
  const errors: TErrorItem[] = [];
  if (isOngoing) {
    if (starts_on)
      errors.push(invalidAttribute(["starts_on"], "must be blank when ongoing", "present"));
    if (ends_on)
      errors.push(invalidAttribute(["ends_on"], "must be blank when ongoing", "present"));
    return { values: { ongoing: true, startsOn: null, endsOn: null }, errors };
  }
  if (!startsOn) errors.push(invalidAttribute(["starts_on"], "can't be blank", "blank"));
  else if (endsOn && endsOn < startsOn) {
    errors.push(
      invalidAttribute(["ends_on"], "must be on or after starts on", "greater_than_or_equal_to"),
    );
  }
  return { values: { ongoing: false, startsOn, endsOn }, errors };
}

/** A deadline that changes may not lie in the past (it would hide the vacancy at once). */
function deadlineError(
  current: TWriteVacancyRow | null,
  closesOn: string | null | undefined,
  now: Date,
  pointer = "/data/attributes/closes_on",
): TErrorItem | null {
  if (!closesOn || closesOn === current?.closesOn) return null;
  if (closesOn >= amsterdamToday(now)) return null;
  return { detail: "Closes on must not be in the past", code: "in_past", source: { pointer } };
}

async function tagErrors(
  ctx: TWriteContext,
  tagIds: readonly number[] | undefined,
  pointer: string,
) {
  if (tagIds === undefined) return [];
  if (tagIds.length > VACANCY_LIMITS.tags) {
    return [
      {
        detail: `Tags is too long (maximum is ${VACANCY_LIMITS.tags} tags)`,
        code: "too_long",
        source: { pointer },
      },
    ];
  }
  const known = await knownTagIds(ctx.tx, ctx.tenantId, tagIds);
  const unknown = tagIds.filter((id) => !known.has(id));
  if (unknown.length === 0) return [];
  return [
    {
      detail: "Tags must be tags of this site",
      code: "not_found",
      source: { pointer },
      meta: { ids: unknown.map(String) },
    },
  ];
}

/** The contact person, who must be active staff of the organisation (422 otherwise). */
async function contactPerson(
  ctx: TWriteContext,
  id: number | null | undefined,
  organizationIds: readonly number[],
  pointer: string,
): Promise<{ person: TContactPerson | null | undefined; error: TErrorItem | null }> {
  if (id === undefined || id === null) return { person: id, error: null };
  const person = await staffMember(ctx.tx, ctx.tenantId, id, organizationIds);
  if (person) return { person, error: null };
  return {
    person: undefined,
    error: {
      detail: "Contact person must be staff of the organisation",
      code: "not_staff",
      source: { pointer },
    },
  };
}

/** The application form must be a published form of the vacancy's organisation or of its
 *  centre (docs/forms.md); another tenant's is not found. */
async function applicationFormError(
  ctx: TWriteContext,
  formId: number | null | undefined,
  organizationId: number,
  pointer = "/data/attributes/application_form_id",
): Promise<TErrorItem | null> {
  if (formId === undefined || formId === null) return null;
  const form = await findForm(ctx.tx, ctx.tenantId, formId);
  const owner = await vacancyOrganization(ctx.tx, ctx.tenantId, organizationId);
  const owners = [organizationId, owner?.volunteerCenterId ?? organizationId];
  if (form && form.status === "published" && owners.includes(form.organizationId)) return null;
  return {
    detail: "Application form must be a published form of the organisation or its centre",
    code: "invalid",
    source: { pointer },
  };
}

/** The attributes as columns (the place, dates and status aside). */
function plainValues(attributes: TVacancyAttributes): TValues {
  const values: TValues = {};
  if (attributes.title !== undefined) values.title = attributes.title;
  if (attributes.summary !== undefined) values.summary = attributes.summary || null;
  if (attributes.description !== undefined) {
    values.description = sanitizeRichText(attributes.description) || null;
  }
  if (attributes.hours_per_week !== undefined) values.hoursPerWeek = attributes.hours_per_week;
  if (attributes.remote !== undefined) values.remote = attributes.remote;
  if (attributes.closes_on !== undefined) values.closesOn = attributes.closes_on;
  if (attributes.volunteers_wanted !== undefined) {
    values.volunteersWanted = attributes.volunteers_wanted;
  }
  if (attributes.image_url !== undefined) values.imageUrl = attributes.image_url;
  if (attributes.application_form_id !== undefined) {
    values.applicationFormId = attributes.application_form_id;
  }
  return values;
}

type TStep = { from: TVacancyStatus; to: TVacancyStatus };

/**
 * Checks one step of the machine for the actor: null when allowed, the 422 item when the
 * machine has no such step; throws the 403 when the step needs an approver.
 */
function checkStep(
  ctx: TWriteContext,
  row: TVacancyFacts,
  step: TStep,
  reviews: boolean,
  meta?: Record<string, unknown>,
): TErrorItem | null {
  if (step.from === step.to) return null;
  const role = can(ctx.actor, "vacancies.approve", row) ? "approver" : "staff";
  const result = vacancyTransition(step.from, step.to, { reviews, role });
  if (result.ok) return null;
  if (result.reason === "role") throw approverOnly();
  return invalidTransition(step.from, step.to, meta);
}

/**
 * Publishing needs an approved organisation: the public side shows published vacancies
 * whatever their organisation's status, so one that is pending, denied or archived keeps
 * its vacancies off the site this way. The 422 items of the rows that may not go public.
 */
async function unpublishable(
  ctx: TWriteContext,
  rows: readonly { id?: number; organizationId: number }[],
  to: TVacancyStatus,
  pointer = STATUS_POINTER,
): Promise<TErrorItem[]> {
  if (to !== "published") return [];
  const refused = await unapprovedOrganizations(
    ctx.tx,
    ctx.tenantId,
    rows.map((r) => r.organizationId),
  );
  return rows
    .filter((r) => refused.has(r.organizationId))
    .map((r) => ({
      detail: "Status cannot be published while the organisation is not approved",
      code: "organization_not_approved",
      source: { pointer },
      ...(r.id === undefined ? {} : { meta: { vacancy_id: String(r.id) } }),
    }));
}

/** The columns a status step sets besides the status. */
function stepValues(row: TWriteVacancyRow, to: TVacancyStatus, now: Date): TValues {
  const values: TValues = { status: to };
  if (to === "published") {
    if (row.publishedAt === null) values.publishedAt = now;
    values.closedAt = null;
  }
  if (closesApplications(row.status, to)) values.closedAt = now;
  return values;
}

/** After a step: the open applications of a vacancy that stopped taking them close. */
async function afterStep(ctx: TWriteContext, row: TWriteVacancyRow, to: TVacancyStatus) {
  if (!closesApplications(row.status, to)) return 0;
  const closed = await closeApplicationsOfVacancies(ctx.tx, {
    tenantId: ctx.tenantId,
    vacancyIds: [row.id],
    origin: ctx.origin,
  });
  return closed.get(row.id) ?? 0;
}

const audit = (
  ctx: TWriteContext,
  row: { id: number; title: string; volunteerCenterId: number },
  action: TAuditInput["action"],
  details: Record<string, unknown>,
) => auditOf(ctx, "Vacancy", row, action, details);

async function loadOne(ctx: TWriteContext, id: number) {
  const [row] = await findVacanciesForWrite(ctx.tx, ctx.tenantId, [id]);
  return row;
}

/** Everything POST and PATCH check before their first write: the values, or the 422. */
async function prepare(
  ctx: TWriteContext,
  current: TWriteVacancyRow | null,
  organizationId: number,
  input: TVacancyInput,
): Promise<{ values: TValues; person: TContactPerson | null | undefined }> {
  const errors: TErrorItem[] = [];
  const place = await placeValues(ctx, current, input.attributes, organizationId);
  if (place.error) errors.push(place.error);
  const dates = dateValues(current, input.attributes);
  errors.push(...dates.errors);
  const deadline = deadlineError(current, input.attributes.closes_on, ctx.now);
  if (deadline) errors.push(deadline);
  errors.push(...(await tagErrors(ctx, input.tagIds, `${RELATIONSHIPS}/tags`)));
  const contact = await contactPerson(
    ctx,
    input.contactPersonId,
    [organizationId],
    `${RELATIONSHIPS}/contact_person`,
  );
  if (contact.error) errors.push(contact.error);
  const formError = await applicationFormError(
    ctx,
    input.attributes.application_form_id,
    organizationId,
  );
  if (formError) errors.push(formError);
  if (errors.length > 0) throw unprocessable(errors);
  return {
    values: {
      ...plainValues(input.attributes),
      ...place.values,
      ...dates.values,
      ...(contact.person === undefined ? {} : contactValues(contact.person)),
    },
    person: contact.person,
  };
}

async function replaceTags(ctx: TWriteContext, vacancyId: number, tagIds: readonly number[]) {
  const current = (await tagIdsOf(ctx.tx, ctx.tenantId, [vacancyId])).get(vacancyId) ?? [];
  const wanted = new Set(tagIds);
  await changeVacancyTags(ctx.tx, ctx.tenantId, {
    add: tagIds.filter((id) => !current.includes(id)).map((tagId) => ({ vacancyId, tagId })),
    remove: current.filter((id) => !wanted.has(id)).map((tagId) => ({ vacancyId, tagId })),
  });
}

/**
 * POST: a new vacancy of the organisation, a draft unless `status` asks for a step from
 * draft the machine allows (pending or published).
 */
export async function createVacancy(
  ctx: TWriteContext,
  organization: { id: number; volunteerCenterId: number },
  input: TVacancyInput,
): Promise<TWriteVacancyRow> {
  if (input.attributes.title === undefined) {
    throw unprocessable([invalidAttribute(["title"], "can't be blank", "blank")]);
  }
  const facts = {
    organizationId: organization.id,
    volunteerCenterId: organization.volunteerCenterId,
  };
  const to = input.attributes.status ?? "draft";
  const reviews = (await reviewingCenters(ctx.tx, ctx.tenantId, [facts.volunteerCenterId])).has(
    facts.volunteerCenterId,
  );
  const stepError = checkStep(ctx, facts, { from: "draft", to }, reviews);
  const { values } = await prepare(ctx, null, organization.id, input);
  if (stepError) throw unprocessable([stepError]);
  const closed = await unpublishable(ctx, [{ organizationId: organization.id }], to);
  if (closed.length > 0) throw unprocessable(closed);
  const [created] = await ctx.tx
    .insert(vacancies)
    .values({
      tenantId: ctx.tenantId,
      organizationId: organization.id,
      volunteerCenterId: organization.volunteerCenterId,
      title: input.attributes.title,
      ...values,
      status: "draft",
    })
    .returning({ id: vacancies.id });
  if (input.tagIds?.length) await replaceTags(ctx, created.id, input.tagIds);
  let row = await loadOne(ctx, created.id);
  await recordAudit(ctx.tx, audit(ctx, row, "vacancy_created", {}));
  if (to !== "draft") row = (await moveVacancy(ctx, row, to, reviews)).row;
  return row;
}

/** The attribute names a PATCH changed, for the audit entry. */
function changedNames(row: TWriteVacancyRow, values: TValues): string[] {
  return Object.entries(values)
    .filter(([key, value]) => {
      const before = (row as Record<string, unknown>)[key];
      return JSON.stringify(before ?? null) !== JSON.stringify(value ?? null);
    })
    .map(([key]) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
}

/**
 * PATCH: the attributes and relationships given; `status`, when it differs, is a step of
 * the machine as PUT …/transition takes it, checked before anything is written.
 */
export async function updateVacancy(
  ctx: TWriteContext,
  row: TWriteVacancyRow,
  input: TVacancyInput,
): Promise<{ row: TWriteVacancyRow; closedApplications: number }> {
  const to = input.attributes.status ?? row.status;
  const reviews = (await reviewingCenters(ctx.tx, ctx.tenantId, [row.volunteerCenterId])).has(
    row.volunteerCenterId,
  );
  const stepError = checkStep(ctx, row, { from: row.status, to }, reviews);
  if (stepError) throw unprocessable([stepError]);
  const closed = to === row.status ? [] : await unpublishable(ctx, [row], to);
  if (closed.length > 0) throw unprocessable(closed);
  const { values } = await prepare(ctx, row, row.organizationId, input);
  const changed = changedNames(row, values);
  let tagsChanged = false;
  if (input.tagIds !== undefined) {
    const before = (await tagIdsOf(ctx.tx, ctx.tenantId, [row.id])).get(row.id) ?? [];
    const after = [...new Set(input.tagIds)].sort((a, b) => a - b);
    tagsChanged = JSON.stringify(before) !== JSON.stringify(after);
    if (tagsChanged) await replaceTags(ctx, row.id, after);
  }
  if (changed.length > 0 || tagsChanged) {
    await ctx.tx
      .update(vacancies)
      .set({ ...values, updatedAt: ctx.now })
      .where(and(eq(vacancies.tenantId, ctx.tenantId), eq(vacancies.id, row.id)));
    const names = tagsChanged ? [...changed, "tags"] : changed;
    await recordAudit(
      ctx.tx,
      audit(ctx, { ...row, ...values }, "vacancy_updated", { changed: names }),
    );
  }
  if (to === row.status) return { row: await loadOne(ctx, row.id), closedApplications: 0 };
  return moveVacancy(ctx, await loadOne(ctx, row.id), to, reviews);
}

/** One step, checked already: the status, its dates, the applications, the audit entry. */
async function moveVacancy(
  ctx: TWriteContext,
  row: TWriteVacancyRow,
  to: TVacancyStatus,
  reviews: boolean,
): Promise<{ row: TWriteVacancyRow; closedApplications: number }> {
  await ctx.tx
    .update(vacancies)
    .set({ ...stepValues(row, to, ctx.now), updatedAt: ctx.now })
    .where(and(eq(vacancies.tenantId, ctx.tenantId), eq(vacancies.id, row.id)));
  const closedApplications = await afterStep(ctx, row, to);
  await recordAudit(
    ctx.tx,
    audit(ctx, row, "vacancy_status_changed", {
      from: row.status,
      to,
      ...(reviews ? { reviewed: true } : {}),
      ...(closedApplications > 0 ? { closed_applications: closedApplications } : {}),
    }),
  );
  return { row: await loadOne(ctx, row.id), closedApplications };
}

/** PUT …/transition: one step of the machine; the status it has already is no change. */
export async function transitionVacancy(
  ctx: TWriteContext,
  row: TWriteVacancyRow,
  to: TVacancyStatus,
): Promise<{ row: TWriteVacancyRow; closedApplications: number }> {
  if (to === row.status) return { row, closedApplications: 0 };
  const reviews = (await reviewingCenters(ctx.tx, ctx.tenantId, [row.volunteerCenterId])).has(
    row.volunteerCenterId,
  );
  const stepError = checkStep(ctx, row, { from: row.status, to }, reviews);
  if (stepError) throw unprocessable([stepError]);
  const closed = await unpublishable(ctx, [row], to);
  if (closed.length > 0) throw unprocessable(closed);
  return moveVacancy(ctx, row, to, reviews);
}

/** "Kopie van …" / "Copy of …": the prefix of a duplicate's title, by the caller's locale. */
export const COPY_PREFIX = { nl: "Kopie van ", en: "Copy of " } as const;

/**
 * POST …/duplicate: a draft copy of the vacancy (text, place, dates, hours, contact person,
 * tags); not its status, deadline, dates of publishing or applications.
 */
export async function duplicateVacancy(
  ctx: TWriteContext,
  row: TWriteVacancyRow,
  locale: keyof typeof COPY_PREFIX,
): Promise<TWriteVacancyRow> {
  const title = `${COPY_PREFIX[locale]}${row.title}`.slice(0, VACANCY_LIMITS.title);
  const {
    id: _id,
    status: _status,
    publishedAt: _publishedAt,
    closedAt: _closedAt,
    closesOn: _closesOn,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    ...copied
  } = row;
  const [created] = await ctx.tx
    .insert(vacancies)
    .values({ ...copied, tenantId: ctx.tenantId, title, status: "draft" })
    .returning({ id: vacancies.id });
  const tagIds = (await tagIdsOf(ctx.tx, ctx.tenantId, [row.id])).get(row.id) ?? [];
  if (tagIds.length > 0) await replaceTags(ctx, created.id, tagIds);
  const copy = await loadOne(ctx, created.id);
  await recordAudit(ctx.tx, audit(ctx, copy, "vacancy_created", { duplicate_of: row.id }));
  return copy;
}

/**
 * DELETE: a draft or pending vacancy is removed (it was never public: nobody applied or was
 * invited); any other is kept for its applications and history, and is archived instead
 * (409 `not_deletable`).
 */
export async function deleteVacancy(ctx: TWriteContext, row: TWriteVacancyRow): Promise<void> {
  if (!isDeletable(row.status)) {
    throw new AppError(
      "conflict",
      `A ${row.status} vacancy is not deleted: archive it (PUT …/transition, status archived)`,
      {
        items: [
          {
            detail: `A ${row.status} vacancy is not deleted: archive it instead`,
            code: "not_deletable",
            source: { pointer: STATUS_POINTER },
          },
        ],
      },
    );
  }
  await ctx.tx
    .delete(vacancies)
    .where(and(eq(vacancies.tenantId, ctx.tenantId), eq(vacancies.id, row.id)));
  await recordAudit(ctx.tx, audit(ctx, row, "vacancy_deleted", { status: row.status }));
}

// ----- bulk -----

type TChange<T> = { from: T; to: T };
export type TBulkPlan = {
  id: number;
  title: string;
  changes: {
    status?: TChange<TVacancyStatus>;
    closes_on?: TChange<string | null>;
    contact_person_id?: TChange<number | null>;
    application_form_id?: TChange<number | null>;
    tag_ids?: TChange<number[]>;
  };
};

const bulkPointer = (name: string) => `/data/attributes/changes/${name}`;

/**
 * The ids a bulk update may touch: every one the tenant's, and the caller's to manage. An
 * id that is not there, or that the caller may not see (not published and not theirs),
 * is a 422 on `ids` naming it, as another tenant's id in a body is ([other-tenant-body]);
 * a published one they may not manage is the policy's 403.
 */
export async function bulkRows(
  ctx: Pick<TWriteContext, "tx" | "tenantId" | "actor">,
  ids: readonly number[],
): Promise<TWriteVacancyRow[]> {
  const unique = [...new Set(ids)];
  const rows = await findVacanciesForWrite(ctx.tx, ctx.tenantId, unique);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing: number[] = [];
  let refused = false;
  for (const id of unique) {
    const row = byId.get(id);
    if (row && can(ctx.actor, "vacancies.bulk_update", vacancyFacts(row))) continue;
    if (row?.status === "published") refused = true;
    else missing.push(id);
  }
  if (missing.length > 0) {
    throw unprocessable([
      {
        detail: `Ids must be vacancies you manage: ${missing.join(", ")}`,
        code: "not_found",
        source: { pointer: "/data/attributes/ids" },
        meta: { ids: missing.map(String) },
      },
    ]);
  }
  if (refused) throw new AppError("forbidden", "You are not allowed to do this.");
  return unique.map((id) => byId.get(id) as TWriteVacancyRow);
}

/**
 * POST /vacancies/bulk_update: what would change on each vacancy, checked in full; and,
 * unless it is a preview, the change itself, in the request's one transaction with one
 * audit entry per vacancy that changed. One vacancy refused refuses them all (422 naming
 * it in `meta.vacancy_id`), nothing written.
 */
export async function bulkUpdate(
  ctx: TWriteContext,
  rows: TWriteVacancyRow[],
  changes: TVacancyBulkUpdate["changes"],
  preview: boolean,
): Promise<{ plans: TBulkPlan[]; closedApplications: number }> {
  const ids = rows.map((r) => r.id);
  const errors: TErrorItem[] = [];
  // The same checks as one vacancy's, once for all.
  const tagIdsAsked = [
    ...(changes.tag_ids ?? []),
    ...(changes.add_tag_ids ?? []),
    ...(changes.remove_tag_ids ?? []),
  ];
  const tagName = changes.tag_ids
    ? "tag_ids"
    : changes.add_tag_ids
      ? "add_tag_ids"
      : "remove_tag_ids";
  errors.push(...(await tagErrors(ctx, [...new Set(tagIdsAsked)], bulkPointer(tagName))));
  const contact = await contactPerson(
    ctx,
    changes.contact_person_id,
    [...new Set(rows.map((r) => r.organizationId))],
    bulkPointer("contact_person_id"),
  );
  if (contact.error) errors.push(contact.error);
  // The form: the single write's rule for each organisation among the ids, each refused
  // vacancy named as a refused status step is.
  const formId = changes.application_form_id;
  if (formId !== undefined && formId !== null) {
    const byOrganization = new Map<number, TErrorItem | null>();
    for (const row of rows) {
      if (!byOrganization.has(row.organizationId)) {
        byOrganization.set(
          row.organizationId,
          await applicationFormError(
            ctx,
            formId,
            row.organizationId,
            bulkPointer("application_form_id"),
          ),
        );
      }
      const error = byOrganization.get(row.organizationId);
      if (error) errors.push({ ...error, meta: { vacancy_id: String(row.id) } });
    }
  }
  const today = amsterdamToday(ctx.now);
  if (changes.closes_on && changes.closes_on < today) {
    errors.push({
      detail: "Closes on must not be in the past",
      code: "in_past",
      source: { pointer: bulkPointer("closes_on") },
    });
  }
  const reviewing =
    changes.status === undefined
      ? new Set<number>()
      : await reviewingCenters(
          ctx.tx,
          ctx.tenantId,
          rows.map((r) => r.volunteerCenterId),
        );
  const currentTags =
    tagIdsAsked.length > 0 || changes.tag_ids ? await tagIdsOf(ctx.tx, ctx.tenantId, ids) : null;

  const plans: TBulkPlan[] = [];
  for (const row of rows) {
    const plan: TBulkPlan = { id: row.id, title: row.title, changes: {} };
    if (changes.status !== undefined && changes.status !== row.status) {
      const step = { from: row.status, to: changes.status };
      const error = checkStep(ctx, row, step, reviewing.has(row.volunteerCenterId), {
        vacancy_id: String(row.id),
      });
      if (error) errors.push({ ...error, source: { pointer: bulkPointer("status") } });
      else plan.changes.status = step;
    }
    if (changes.closes_on !== undefined && changes.closes_on !== row.closesOn) {
      plan.changes.closes_on = { from: row.closesOn, to: changes.closes_on };
    }
    if (contact.person !== undefined && (contact.person?.id ?? null) !== row.contactUserId) {
      plan.changes.contact_person_id = { from: row.contactUserId, to: contact.person?.id ?? null };
    }
    if (formId !== undefined && formId !== row.applicationFormId) {
      plan.changes.application_form_id = { from: row.applicationFormId, to: formId };
    }
    if (currentTags) {
      const before = currentTags.get(row.id) ?? [];
      const next = new Set(changes.tag_ids ?? before);
      for (const id of changes.add_tag_ids ?? []) next.add(id);
      for (const id of changes.remove_tag_ids ?? []) next.delete(id);
      const after = [...next].sort((a, b) => a - b);
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        plan.changes.tag_ids = { from: before, to: after };
      }
    }
    plans.push(plan);
  }
  if (changes.status !== undefined) {
    const moving = rows.filter((r) => r.status !== changes.status);
    errors.push(...(await unpublishable(ctx, moving, changes.status, bulkPointer("status"))));
  }
  if (errors.length > 0) {
    // One item per refused vacancy is enough to name them; the first few say why.
    throw unprocessable(errors.slice(0, 50));
  }
  if (preview) return { plans, closedApplications: 0 };

  const byId = new Map(rows.map((r) => [r.id, r]));
  const changed = plans.filter((p) => Object.keys(p.changes).length > 0);
  const changedIds = changed.map((p) => p.id);
  if (changedIds.length === 0) return { plans, closedApplications: 0 };
  const where = (list: number[]) =>
    and(eq(vacancies.tenantId, ctx.tenantId), inArray(vacancies.id, list));

  // Columns every changed vacancy gets alike, in one statement.
  const common: TValues = { updatedAt: ctx.now };
  if (changes.closes_on !== undefined) common.closesOn = changes.closes_on;
  if (contact.person !== undefined) Object.assign(common, contactValues(contact.person));
  if (formId !== undefined) common.applicationFormId = formId;
  await ctx.tx.update(vacancies).set(common).where(where(changedIds));

  // Status steps, grouped by what they set (one statement per group).
  let closedApplications = 0;
  if (changes.status !== undefined) {
    const to = changes.status;
    const moving = changed
      .filter((p) => p.changes.status)
      .map((p) => byId.get(p.id) as TWriteVacancyRow);
    const groups = new Map<string, number[]>();
    for (const row of moving) {
      const values = stepValues(row, to, ctx.now);
      const key = JSON.stringify(Object.keys(values).sort());
      groups.set(key, [...(groups.get(key) ?? []), row.id]);
    }
    for (const list of groups.values()) {
      const sample = byId.get(list[0]) as TWriteVacancyRow;
      await ctx.tx
        .update(vacancies)
        .set(stepValues(sample, to, ctx.now))
        .where(where(list));
    }
    const closed = await closeApplicationsOfVacancies(ctx.tx, {
      tenantId: ctx.tenantId,
      vacancyIds: moving.filter((r) => closesApplications(r.status, to)).map((r) => r.id),
      origin: ctx.origin,
    });
    for (const count of closed.values()) closedApplications += count;
  }

  // Tags: every link added and removed, in two statements.
  const add: { vacancyId: number; tagId: number }[] = [];
  const remove: { vacancyId: number; tagId: number }[] = [];
  for (const plan of changed) {
    const tags = plan.changes.tag_ids;
    if (!tags) continue;
    for (const id of tags.to)
      if (!tags.from.includes(id)) add.push({ vacancyId: plan.id, tagId: id });
    for (const id of tags.from)
      if (!tags.to.includes(id)) remove.push({ vacancyId: plan.id, tagId: id });
  }
  await changeVacancyTags(ctx.tx, ctx.tenantId, { add, remove });

  // One audit entry per vacancy that changed, in one statement.
  await ctx.tx.insert(auditEvents).values(
    changed.map((plan) => {
      const row = byId.get(plan.id) as TWriteVacancyRow;
      return {
        tenantId: ctx.tenantId,
        actorId: ctx.actor.id,
        action: "vacancy_bulk_updated" as const,
        subjectType: "Vacancy" as const,
        subjectId: row.id,
        subjectLabel: row.title.slice(0, 300),
        volunteerCenterId: row.volunteerCenterId,
        details: { changes: plan.changes },
      };
    }),
  );
  return { plans, closedApplications };
}
