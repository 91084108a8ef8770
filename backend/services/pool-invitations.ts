import type { TPoolInvitationEvent } from "../../lib/contract/pool";
import type { TRoleRef } from "../auth/roles";
import type { AppDb } from "../db/client";
import type { TPoolInvitation } from "../db/schema";
import { AppError } from "../errors";
import { notifyInvitation } from "../jobs/notify-invitation";
import { unprocessable } from "../jsonapi/validation";
import { mailLocale } from "../mail/templates/layout";
import { defaultInvitationMessage } from "../mail/templates/pool-invitation-notices";
import { insertConversation, insertMessage } from "../queries/conversations";
import {
  answerInvitation,
  insertInvitation,
  markInvited,
  pendingInvitation,
  type TInvitationRow,
  type TInviteVacancy,
} from "../queries/pool-invitations";
import { inPool } from "../queries/volunteer-pool";
import { apply, takesApplications } from "./applications";

/**
 * The use cases of pool invitations (docs/volunteer-pool.md): a centre's staff ask a
 * volunteer of the pool for one of the centre's open vacancies; the volunteer accepts (an
 * application is made, as if they had applied) or declines. Each runs in the caller's
 * transaction and enqueues its notices there.
 */

type TActor = { id: number; roles: readonly TRoleRef[] };

const VACANCY_POINTER = "/data/relationships/vacancy";
const VOLUNTEER_POINTER = "/data/relationships/volunteer";

const isUniqueViolation = (e: unknown) =>
  (e as { code?: unknown }).code === "23505" ||
  (e as { cause?: { code?: unknown } }).cause?.code === "23505";

const alreadyInvited = (id?: number) =>
  new AppError("unprocessable_entity", "Volunteer already has a pending invitation for it", {
    items: [
      {
        detail: "Volunteer already has a pending invitation for this vacancy",
        code: "already_invited",
        source: { pointer: VOLUNTEER_POINTER },
        ...(id ? { meta: { pool_invitation_id: String(id) } } : {}),
      },
    ],
  });

export const vacancyClosedItem = {
  detail: "Vacancy no longer takes applications",
  code: "vacancy_closed",
  source: { pointer: VACANCY_POINTER },
};

/**
 * Asks a volunteer of the pool: the invitation, its thread (kind invitation, the centre's
 * side) with a first message (the note, or the default text in the volunteer's language),
 * the notice, and the volunteer's "last asked" mark. The caller has checked that the vacancy
 * is the centre's (the policy); here it must still take applications, and the volunteer
 * must be in the pool.
 */
export async function invite(
  tx: AppDb,
  params: {
    tenantId: number;
    actor: TActor;
    vacancy: TInviteVacancy;
    volunteerId: number;
    volunteerLocale: string | null;
    message: string;
    origin: string | null;
  },
): Promise<TPoolInvitation> {
  const { vacancy, tenantId } = params;
  if (!takesApplications(vacancy)) throw unprocessable([vacancyClosedItem]);
  if (!(await inPool(tx, tenantId, params.volunteerId))) {
    throw unprocessable([
      {
        detail: "Volunteer must be in the volunteer pool",
        code: "not_in_pool",
        source: { pointer: VOLUNTEER_POINTER },
      },
    ]);
  }
  const pending = await pendingInvitation(tx, tenantId, vacancy.id, params.volunteerId);
  if (pending !== null) throw alreadyInvited(pending);
  const conversation = await insertConversation(tx, {
    tenantId,
    kind: "invitation",
    applicationId: null,
    organizationId: vacancy.volunteerCenterId,
    volunteerId: params.volunteerId,
    subject: vacancy.title.slice(0, 200),
    createdById: params.actor.id,
  });
  let row: TPoolInvitation;
  try {
    row = await insertInvitation(tx, {
      tenantId,
      volunteerCenterId: vacancy.volunteerCenterId,
      vacancyId: vacancy.id,
      userId: params.volunteerId,
      invitedById: params.actor.id,
      message: params.message,
      conversationId: conversation.id,
    });
  } catch (error) {
    // Two invitations at once: the partial unique index let one through.
    if (isUniqueViolation(error)) throw alreadyInvited();
    throw error;
  }
  const body =
    params.message ||
    defaultInvitationMessage(mailLocale(params.volunteerLocale), { vacancyTitle: vacancy.title });
  // The invitation's own notice tells the volunteer; a message notice would say it twice.
  await insertMessage(tx, { conversation, authorId: params.actor.id, body });
  await markInvited(tx, tenantId, params.volunteerId);
  await notifyInvitation(tx, tenantId, { invitationId: row.id, origin: params.origin });
  return row;
}

export type TAnswerResult =
  | { ok: true; row: TPoolInvitation }
  /** The vacancy closed before the answer: the invitation is withdrawn (and stays so). */
  | { ok: false; row: TPoolInvitation };

/**
 * The invited volunteer answers. Accepting applies to the vacancy through the applications
 * service (status new, the motivation says it came from an invitation); a vacancy that no
 * longer takes applications withdraws the invitation instead. Declining only marks it.
 */
export async function answer(
  tx: AppDb,
  params: {
    tenantId: number;
    actor: TActor;
    row: TInvitationRow;
    vacancy: TInviteVacancy;
    event: TPoolInvitationEvent;
    motivation: string;
    origin: string | null;
  },
): Promise<TAnswerResult> {
  const { row, tenantId } = params;
  if (row.status !== "pending") throw invalidAnswer(row.status, params.event);
  if (params.event === "decline") {
    const updated = await answerInvitation(tx, { tenantId, id: row.id, to: "declined" });
    if (!updated) throw invalidAnswer(row.status, params.event);
    return { ok: true, row: updated };
  }
  if (!takesApplications(params.vacancy)) {
    const withdrawn = await answerInvitation(tx, { tenantId, id: row.id, to: "withdrawn" });
    if (!withdrawn) throw invalidAnswer(row.status, params.event);
    return { ok: false, row: withdrawn };
  }
  const application = await apply(tx, {
    tenantId,
    actor: params.actor,
    vacancy: params.vacancy,
    motivation: params.motivation,
    origin: params.origin,
  });
  const updated = await answerInvitation(tx, {
    tenantId,
    id: row.id,
    to: "accepted",
    applicationId: application.id,
  });
  if (!updated) throw invalidAnswer(row.status, params.event);
  return { ok: true, row: updated };
}

function invalidAnswer(status: string, event: string) {
  return unprocessable([
    {
      detail: `Event ${event} is not possible from status ${status}`,
      code: "invalid_transition",
      source: { pointer: "/data/attributes/event" },
    },
  ]);
}
