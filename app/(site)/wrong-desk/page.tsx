import { getTranslations } from "next-intl/server";
import { ButtonLink } from "@/components/ui/button";
import { PageTitle } from "@/components/ui/page-title";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("wrong-desk");

type Props = { searchParams: Promise<{ balie?: string | string[] }> };

/** Only what a desk slug can be: the guard's own value, never arbitrary text. */
const slugOf = (value: string | string[] | undefined) =>
  typeof value === "string" && /^[a-z0-9-]{1,80}$/i.test(value) ? value : null;

/**
 * /wrong-desk (spec §2, login-required): where the desk guard sends an account that
 * belongs to another desk (components/desks-admin/wrong-desk-guard.tsx). Says so, and
 * offers the user's own desk and the home page.
 */
export default async function WrongDeskRoute({ searchParams }: Props) {
  await requireSession("/wrong-desk");
  const t = await getTranslations("wrongDesk");
  const slug = slugOf((await searchParams).balie);
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>{t("title")}</PageTitle>
      <p className="max-w-prose text-lg">
        {slug ? t("bodyNamed", { desk: `/${slug}` }) : t("body")}
      </p>
      <p className="max-w-prose">{t("help")}</p>
      <div className="flex flex-wrap gap-3">
        <ButtonLink href="/mijn-balie">{t("myDesk")}</ButtonLink>
        <ButtonLink href="/" variant="outline">
          {t("home")}
        </ButtonLink>
      </div>
    </div>
  );
}
