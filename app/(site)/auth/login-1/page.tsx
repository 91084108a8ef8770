import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { SignInForm } from "@/components/auth/sign-in-form";
import { Notice } from "@/components/ui/notice";
import { safeReturnPath } from "@/lib/navigation/safe-return-path";
import { firstParam, type SearchParams } from "@/lib/navigation/search-params";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("sign-in");

/** spec §2: the sign-in page (public). After sign-in: the `redirect` path, else /dashboard. */
export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const t = await getTranslations("auth.signIn");
  // Sent here by a sign-in link (/auth/token) that did not sign the browser in.
  const link = firstParam(params.link);
  return (
    <AuthCard title={t("title")}>
      {link === "invalid" ? <Notice>{t("linkInvalid")}</Notice> : null}
      {link === "failed" ? <Notice>{t("linkFailed")}</Notice> : null}
      <SignInForm redirectTo={safeReturnPath(firstParam(params.redirect))} />
    </AuthCard>
  );
}
