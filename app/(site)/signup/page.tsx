import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { SignupForm } from "@/components/signup/signup-form";
import { safeReturnPath } from "@/lib/navigation/safe-return-path";
import { firstParam, type SearchParams } from "@/lib/navigation/search-params";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("signup");

/**
 * spec §2: /signup (public): a volunteer creates an account. `?redirect=` (a path on this
 * site) is handed on to the sign-in after it, as the sign-in page honours it: someone who
 * came to respond to a vacancy comes back to its form.
 */
export default async function SignupPage({ searchParams }: { searchParams: SearchParams }) {
  const returnTo = safeReturnPath(firstParam((await searchParams).redirect), "") || undefined;
  const t = await getTranslations("signup");
  return (
    <AuthCard title={t("title")} description={t("intro")}>
      <SignupForm returnTo={returnTo} />
    </AuthCard>
  );
}
