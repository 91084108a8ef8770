"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import { applicationKeys } from "@/lib/applications/application-keys";
import type { TPoolInvitationEvent } from "@/lib/contract/pool";
import type { Translator } from "@/lib/i18n/translator";
import { answerPoolInvitation } from "@/lib/volunteer-pool/pool-api";
import { poolKeys } from "@/lib/volunteer-pool/pool-keys";
import { invitationOfConversationQuery } from "@/lib/volunteer-pool/pool-queries";
import type { TPoolInvitation } from "@/lib/volunteer-pool/pool-types";

function statusText(t: Translator, invitation: TPoolInvitation): string {
  switch (invitation.status) {
    case "pending":
      return t("volunteerPool.answer.pending", { vacancy: invitation.vacancyTitle });
    case "accepted":
      return t("volunteerPool.answer.accepted", { vacancy: invitation.vacancyTitle });
    case "declined":
      return t("volunteerPool.answer.declined", { vacancy: invitation.vacancyTitle });
    case "withdrawn":
      return t("volunteerPool.answer.withdrawn", { vacancy: invitation.vacancyTitle });
  }
}

/**
 * The invitation an invitation thread carries, on the volunteer's side: what it is about and,
 * while it waits, the buttons to accept (an application is made) or decline it.
 */
export function InvitationAnswer({ conversationId }: { conversationId: string }) {
  const t = useTranslations();
  const query = useQuery(invitationOfConversationQuery(conversationId));
  const key = poolKeys.forConversation(conversationId);
  const answer = useApiMutation({
    mutationFn: ({ id, event }: { id: string; event: TPoolInvitationEvent }) =>
      answerPoolInvitation(api, id, event),
    invalidates: [key, applicationKeys.lists()],
    audited: false,
    success: ({ event }) =>
      event === "accept"
        ? t("volunteerPool.answer.acceptedToast")
        : t("volunteerPool.answer.declinedToast"),
    failure: () => t("volunteerPool.answer.failed"),
    reasons: { 422: t("volunteerPool.answer.closed") },
    onError: () => {
      // A vacancy closed meanwhile withdraws the invitation: show that state.
      void query.refetch();
      return undefined;
    },
  });
  const invitation = query.data;
  if (!invitation) return null;
  return (
    <section
      aria-labelledby={`invitation-${invitation.id}`}
      className="flex flex-col gap-3 rounded-shape border-2 border-primary-700 bg-primary-50 p-4"
    >
      <h3 id={`invitation-${invitation.id}`} className="font-bold">
        {t("volunteerPool.answer.title", { centre: invitation.centerName })}
      </h3>
      <p role="status">{statusText(t, invitation)}</p>
      {invitation.status === "accepted" && invitation.applicationId ? (
        <p>
          <Link href={`/applications/${invitation.applicationId}`} className="inline-block py-1">
            {t("volunteerPool.answer.viewApplication")}
          </Link>
        </p>
      ) : null}
      {invitation.allowedEvents.length > 0 ? (
        <div className="flex flex-wrap gap-3">
          <Button
            variant="neutral"
            className="min-h-11"
            aria-disabled={answer.isPending}
            onClick={() =>
              !answer.isPending && answer.mutate({ id: invitation.id, event: "accept" })
            }
          >
            {t("volunteerPool.answer.accept")}
          </Button>
          <Button
            variant="outline"
            className="min-h-11"
            aria-disabled={answer.isPending}
            onClick={() =>
              !answer.isPending && answer.mutate({ id: invitation.id, event: "decline" })
            }
          >
            {t("volunteerPool.answer.decline")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
