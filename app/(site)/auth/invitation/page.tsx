import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { AcceptInvitation } from "@/components/invitation/accept-invitation";
import { InvalidInvitation } from "@/components/invitation/invalid-invitation";
import { firstParam, type SearchParams } from "@/lib/navigation/search-params";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("auth-invitation");

/**
 * /auth/invitation?invitation_token=… (public; ours): the invitation mail's link.
 * The invitee sees whom it is for, chooses a password and is signed in
 * (docs/api-registration-invitations.md).
 */
export default async function InvitationPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const t = await getTranslations("invitation");
  const token = firstParam(params.invitation_token)?.trim();
  return (
    <AuthCard title={t("title")}>
      {token ? <AcceptInvitation token={token} /> : <InvalidInvitation />}
    </AuthCard>
  );
}
