import { useTranslations } from "next-intl";

/** What deleting an account removes, keeps and means; shown before asking and confirming. */
export function WhatDeletionMeans() {
  const t = useTranslations("accountDeletion.means");
  return (
    <section aria-labelledby="deletion-means" className="flex flex-col gap-2">
      <h2 id="deletion-means" className="font-semibold text-xl">
        {t("heading")}
      </h2>
      <ul className="list-disc pl-6">
        <li>{t("personal")}</li>
        <li>{t("roles")}</li>
        <li>{t("signedOut")}</li>
        <li>{t("kept")}</li>
      </ul>
      <p className="font-semibold">{t("final")}</p>
    </section>
  );
}
