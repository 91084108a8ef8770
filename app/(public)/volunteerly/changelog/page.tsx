import { getTranslations } from "next-intl/server";
import { ChangelogList } from "@/components/changelog/changelog-list";
import { PageTitle } from "@/components/ui/page-title";
import { publicMetadata } from "@/lib/seo/public-metadata";

/** spec §2 '/volunteerly/changelog': the product's releases (lib/changelog/entries.ts). */

export async function generateMetadata() {
  const t = await getTranslations("changelog");
  return publicMetadata({
    title: t("title"),
    description: t("intro"),
    path: "/volunteerly/changelog",
  });
}

export default async function ChangelogPage() {
  const t = await getTranslations("changelog");
  return (
    <div className="max-w-3xl">
      <PageTitle description={t("intro")}>{t("title")}</PageTitle>
      <ChangelogList />
    </div>
  );
}
