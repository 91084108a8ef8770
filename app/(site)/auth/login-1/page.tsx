import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { SignInForm } from "@/components/auth/sign-in-form";
import { safeReturnPath } from "@/lib/navigation/safe-return-path";
import { firstParam, type SearchParams } from "@/lib/navigation/search-params";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("sign-in");

/** spec §2: the sign-in page (public). After sign-in: the `redirect` path, else /dashboard. */
export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const t = await getTranslations("auth.signIn");
  return (
    <AuthCard title={t("title")}>
      <SignInForm redirectTo={safeReturnPath(firstParam(params.redirect))} />
    </AuthCard>
  );
}
