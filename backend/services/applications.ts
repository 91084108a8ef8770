import {
  APPLICATION_EVENTS,
  type TApplicationEvent,
  type TApplicationStatus,
} from "../../lib/contract/applications";
import type { TAnswers, TFormLocale } from "../../lib/contract/forms";
import type { TRoleRef } from "../auth/roles";
import type { AppDb } from "../db/client";
import {
  APPLICATION_RULES,
  applicationTransition,
  type TApplicationMachineEvent,
} from "../domain/application-status";
import { AppError } from "../errors";
import { notifyAll, notifyEach } from "../jobs/notify";
import { unprocessable } from "../jsonapi/validation";
import { authorize, can, managesApplication, type TApplicationFacts } from "../policies/policy";
import {
  closeOpenApplicationsOf,
  insertApplication,
  moveApplication,
  openApplications,
  organizationStaffIds,
  recordTransition,
  type TApplicationRow,
  type TApplyVacancy,
} from "../queries/applications";
import { amsterdamToday } from "../queries/vacancies";
import { startApplicationConversation } from "./conversations";
import { applicationQuestions, checkAnswers, insertSubmission } from "./forms";

/**
 * The use cases of applications (docs/api-applications.md): applying, moving an application
 * through its status machine (docs/status-machines.md), and closing what a closing vacancy
 * leaves open. Each runs in the caller's transaction and enqueues its notices there, so a
 * refused or failed change tells nobody.
 */

type TActor = { id: number; roles: readonly TRoleRef[] };

const VACANCY_POINTER = "/data/relationships/vacancy";

export const applicationFacts = (row: TApplicationRow): TApplicationFacts => ({
  applicantId: row.userId,
  organizationId: row.organizationId,
  volunteerCenterId: row.volunteerCenterId,
});

/** The events the actor may ask for now, on the sides they hold. */
export function allowedEvents(actor: TActor, row: TApplicationRow): TApplicationEvent[] {
  const facts = applicationFacts(row);
  return APPLICATION_EVENTS.filter((event) => {
    const side = APPLICATION_RULES[event].by;
    if (side === "system") return false;
    return (
      can(actor, "applications.transition", { ...facts, side }) &&
      applicationTransition(row.status, event, side).ok
    );
  });
}

/** The side the actor reads the application from: the applicant's own, else the organisation's. */
export const sideOf = (actor: TActor, row: TApplicationRow) =>
  row.userId === actor.id ? "volunteer" : "organization";

/** Does the vacancy still take applications today? */
export function takesApplications(vacancy: TApplyVacancy, now = new Date()): boolean {
  if (vacancy.status !== "published") return false;
  return vacancy.closesOn === null || vacancy.closesOn >= amsterdamToday(now);
}

const isUniqueViolation = (e: unknown) =>
  (e as { code?: unknown }).code === "23505" ||
  (e as { cause?: { code?: unknown } }).cause?.code === "23505";

const alreadyApplied = (existing: TApplicationRow) =>
  new AppError("unprocessable_entity", "Vacancy already has an open application of yours", {
    items: [
      {
        detail: "Vacancy already has an open application of yours",
        code: "already_applied",
        source: { pointer: VACANCY_POINTER },
        meta: { application_id: String(existing.id) },
      },
    ],
  });

/**
 * The vacancy's application form, if it has a published one: the answers checked by the
 * contract's validator (a 422 on `/data/attributes/answers/<field id>` per field) before
 * anything is written.
 */
async function checkedAnswers(
  tx: AppDb,
  tenantId: number,
  vacancy: TApplyVacancy,
  answers: TAnswers,
  locale: TFormLocale,
) {
  const questions = await applicationQuestions(tx, tenantId, vacancy.applicationFormId);
  if (!questions) return null;
  return {
    formId: questions.formId,
    versionId: questions.versionId,
    answers: checkAnswers(questions.definition, answers, locale),
  };
}

/**
 * Applies to a vacancy that takes applications: one open application per person and
 * vacancy. The organisation's staff hear of it.
 */
export async function apply(
  tx: AppDb,
  params: {
    tenantId: number;
    actor: TActor;
    vacancy: TApplyVacancy | null;
    motivation: string;
    /** Answers to the vacancy's application form, checked when it has one. */
    answers?: TAnswers;
    locale?: TFormLocale;
    origin: string | null;
  },
): Promise<TApplicationRow> {
  const { vacancy } = params;
  // A draft is nobody's business yet: it reads as a vacancy that does not exist.
  if (!vacancy || vacancy.status === "draft") {
    throw unprocessable([
      {
        detail: "Vacancy must exist",
        code: "blank",
        source: { pointer: VACANCY_POINTER },
      },
    ]);
  }
  if (!takesApplications(vacancy)) {
    throw unprocessable([
      {
        detail: "Vacancy no longer takes applications",
        code: "vacancy_closed",
        source: { pointer: VACANCY_POINTER },
      },
    ]);
  }
  const [existing] = await openApplications(tx, params.tenantId, {
    vacancyId: vacancy.id,
    userId: params.actor.id,
  });
  if (existing) throw alreadyApplied(existing);
  const questions = await checkedAnswers(
    tx,
    params.tenantId,
    vacancy,
    params.answers ?? {},
    params.locale ?? "nl",
  );
  let row: TApplicationRow;
  try {
    row = await insertApplication(tx, {
      tenantId: params.tenantId,
      vacancy,
      userId: params.actor.id,
      motivation: params.motivation,
    });
  } catch (error) {
    // Two requests at once: the unique index let one through. The transaction is spoilt
    // now, so the answer is the refusal; the open application is the other request's.
    if (isUniqueViolation(error)) {
      throw new AppError(
        "unprocessable_entity",
        "Vacancy already has an open application of yours",
        {
          items: [
            {
              detail: "Vacancy already has an open application of yours",
              code: "already_applied",
              source: { pointer: VACANCY_POINTER },
            },
          ],
        },
      );
    }
    throw error;
  }
  if (questions) {
    await insertSubmission(tx, {
      tenantId: params.tenantId,
      formId: questions.formId,
      formVersionId: questions.versionId,
      answers: questions.answers,
      respondentId: params.actor.id,
      applicationId: row.id,
      locale: params.locale ?? "nl",
    });
  }
  await startApplicationConversation(tx, row);
  await recordTransition(tx, {
    tenantId: params.tenantId,
    applicationId: row.id,
    event: "apply",
    fromStatus: "new",
    toStatus: "new",
    actorId: params.actor.id,
  });
  await notifyAll(tx, params.tenantId, {
    event: { kind: "application_received" },
    applicationId: row.id,
    recipientIds: (await organizationStaffIds(tx, params.tenantId, row.organizationId)).filter(
      (id) => id !== params.actor.id,
    ),
    origin: params.origin,
    eventKey: `application:${row.id}:received`,
  });
  return row;
}

/**
 * Asks for `event` on behalf of the actor. The side is the one the event belongs to; an
 * actor who does not hold it is refused by the policy (403), a status the event does not
 * leave from is a 422 `invalid_transition` that changes nothing.
 */
export async function transition(
  tx: AppDb,
  params: {
    tenantId: number;
    actor: TActor;
    row: TApplicationRow;
    event: TApplicationEvent;
    origin: string | null;
  },
): Promise<TApplicationRow> {
  const { row, event, actor } = params;
  const side = APPLICATION_RULES[event].by as "volunteer" | "organization";
  authorize(actor, "applications.transition", { ...applicationFacts(row), side });
  const moved = applicationTransition(row.status, event, side);
  if (!moved.ok) throw invalidTransition(row.status, event);
  const updated = await moveApplication(tx, {
    tenantId: params.tenantId,
    id: row.id,
    from: row.status,
    to: moved.to,
    event,
    actorId: actor.id,
    reply: side === "organization",
  });
  // Moved by someone else between our read and our write: from where it is now, the event
  // no longer applies as asked.
  if (!updated) throw invalidTransition(row.status, event);
  if (side === "organization") {
    await notifyAll(tx, params.tenantId, {
      event: { kind: "application_status", status: moved.to },
      applicationId: row.id,
      recipientIds: [row.userId],
      origin: params.origin,
      eventKey: `application:${row.id}:${moved.to}`,
    });
  } else {
    await notifyAll(tx, params.tenantId, {
      event: { kind: "application_withdrawn" },
      applicationId: row.id,
      recipientIds: await organizationStaffIds(tx, params.tenantId, row.organizationId),
      origin: params.origin,
      eventKey: `application:${row.id}:withdrawn`,
    });
  }
  return updated;
}

function invalidTransition(status: TApplicationStatus, event: TApplicationMachineEvent) {
  return unprocessable([
    {
      detail: `Event ${event} is not possible from status ${status}`,
      code: "invalid_transition",
      source: { pointer: "/data/attributes/event" },
    },
  ]);
}

/**
 * Vacancies close: what is still open of their applications closes with them (by the
 * system), and each applicant is told, in a handful of statements however many there are.
 * How many closed, per vacancy.
 */
export async function closeApplicationsOfVacancies(
  tx: AppDb,
  params: { tenantId: number; vacancyIds: readonly number[]; origin: string | null },
): Promise<Map<number, number>> {
  const closed = await closeOpenApplicationsOf(tx, params.tenantId, params.vacancyIds);
  await notifyEach(
    tx,
    params.tenantId,
    closed.map((row) => ({
      event: { kind: "application_status", status: "closed" },
      applicationId: row.id,
      recipientId: row.userId,
      eventKey: `application:${row.id}:closed`,
    })),
    { origin: params.origin },
  );
  const counts = new Map<number, number>();
  for (const row of closed) counts.set(row.vacancyId, (counts.get(row.vacancyId) ?? 0) + 1);
  return counts;
}

/**
 * Someone leaves (their account is deleted): what they still had open is withdrawn, as they
 * would have done themselves, and the organisations hear of it.
 */
export async function withdrawOpenApplicationsOf(
  tx: AppDb,
  params: { tenantId: number; userId: number; origin: string | null },
): Promise<number> {
  let withdrawn = 0;
  for (const row of await openApplications(tx, params.tenantId, { userId: params.userId })) {
    const moved = applicationTransition(row.status, "withdraw", "volunteer");
    if (!moved.ok) continue;
    const updated = await moveApplication(tx, {
      tenantId: params.tenantId,
      id: row.id,
      from: row.status,
      to: moved.to,
      event: "withdraw",
      actorId: params.userId,
      reply: false,
    });
    if (!updated) continue;
    withdrawn += 1;
    await notifyAll(tx, params.tenantId, {
      event: { kind: "application_withdrawn" },
      applicationId: row.id,
      recipientIds: await organizationStaffIds(tx, params.tenantId, row.organizationId),
      origin: params.origin,
      eventKey: `application:${row.id}:withdrawn`,
    });
  }
  return withdrawn;
}

export { managesApplication };
