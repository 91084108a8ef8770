"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { QueryGate } from "@/components/ui/query-gate";
import { isApiError } from "@/lib/api/errors";
import { invitationQuery } from "@/lib/signup/invitation-queries";
import { InvalidInvitation } from "./invalid-invitation";
import { InvitationPasswordForm } from "./invitation-password-form";

/**
 * Reads the invitation (GET /api/auth/invitation) in the browser, like all data of the
 * signed-out auth pages, and offers the password form for it. An unknown, spent or expired
 * one (404) is said as such, not offered again; any other failure may be tried again.
 */
export function AcceptInvitation({ token }: { token: string }) {
  const t = useTranslations("invitation");
  const invitation = useQuery(invitationQuery(token));
  return (
    <QueryGate
      query={invitation}
      failed={t("loadFailed")}
      refused={(error) =>
        isApiError(error) && error.statusCode === 404 ? <InvalidInvitation /> : undefined
      }
      loading={
        <p role="status" className="text-neutral-800">
          {t("loading")}
        </p>
      }
    >
      {(found) => <InvitationPasswordForm token={token} invitation={found} />}
    </QueryGate>
  );
}
