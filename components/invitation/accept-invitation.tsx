"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { genericErrorText } from "@/components/auth/auth-error-text";
import { FormError } from "@/components/ui/form-error";
import { api } from "@/lib/api";
import { isApiError } from "@/lib/api/errors";
import { invitationKeys } from "@/lib/api/query-keys";
import { fetchInvitation } from "@/lib/signup/signup-api";
import { InvalidInvitation } from "./invalid-invitation";
import { InvitationPasswordForm } from "./invitation-password-form";

/**
 * Reads the invitation (GET /api/auth/invitation) in the browser, like all data of the
 * signed-out auth pages, and offers the password form for it.
 */
export function AcceptInvitation({ token }: { token: string }) {
  const t = useTranslations();
  const invitation = useQuery({
    queryKey: invitationKeys.detail(token),
    queryFn: ({ signal }) => fetchInvitation(api, token, signal),
    // It changes only by being accepted, after which this page leaves.
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (invitation.isPending) {
    return (
      <p role="status" className="text-neutral-800">
        {t("invitation.loading")}
      </p>
    );
  }
  if (invitation.isError) {
    if (isApiError(invitation.error) && invitation.error.statusCode === 404) {
      return <InvalidInvitation />;
    }
    const failure = genericErrorText(t, invitation.error);
    return <FormError title={failure.title}>{failure.description}</FormError>;
  }
  return <InvitationPasswordForm token={token} invitation={invitation.data} />;
}
