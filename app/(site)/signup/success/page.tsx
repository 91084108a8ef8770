import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { SignupSuccess } from "@/components/signup/signup-success";
import { safeReturnPath } from "@/lib/navigation/safe-return-path";
import { firstParam, type SearchParams } from "@/lib/navigation/search-params";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("signup-success");

/** spec §2: /signup/success (public): confirm through the mail just sent, or have it again. */
export default async function SignupSuccessPage({ searchParams }: { searchParams: SearchParams }) {
  // Where sign-up came from (`?redirect=`), for the sign-in link: only a path on this site.
  const returnTo = safeReturnPath(firstParam((await searchParams).redirect), "") || undefined;
  const t = await getTranslations("signup.success");
  return (
    <AuthCard title={t("title")}>
      <SignupSuccess returnTo={returnTo} />
    </AuthCard>
  );
}
