"use client";

import { useTranslations } from "next-intl";
import { buttonClassName } from "@/components/ui/button-class";
import { Card } from "@/components/ui/card";
import { PageTitle } from "@/components/ui/page-title";
import { downloadHref } from "@/lib/personal-data/personal-data-api";

/**
 * /profiel/download/<token> (docs/data-exports.md): the mailed link lands here, signed in
 * (the route requires it), and the button fetches the file from the api with the token and
 * this browser's session. A plain link, so the browser saves the attachment itself.
 */
export function DownloadView({ token }: { token: string }) {
  const t = useTranslations("personalData.download");
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageTitle>{t("title")}</PageTitle>
      <Card className="flex flex-col items-start gap-4">
        <p className="max-w-prose">{t("text")}</p>
        <a href={downloadHref(token)} download className={buttonClassName({})}>
          {t("action")}
        </a>
        <p className="max-w-prose text-neutral-800">{t("expiredHint")}</p>
      </Card>
    </div>
  );
}
