"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import { DATA_EXPORT_LINK_HOURS, type TDataExportStatus } from "@/lib/contract/data-exports";
import {
  dataExportsQuery,
  personalDataKeys,
  requestDataExport,
} from "@/lib/personal-data/personal-data-api";

/**
 * "Download my data" on /profiel (docs/data-exports.md): ask for the file, which the api
 * prepares in the background and mails as a link; the latest requests and their state.
 */
export function DataExportSection() {
  const t = useTranslations("personalData.exports");
  const format = useFormatter();
  const list = useQuery(dataExportsQuery());
  const ask = useApiMutation({
    mutationFn: () => requestDataExport(),
    invalidates: [personalDataKeys.exports()],
    audited: false,
    success: () => t("requested"),
    failure: () => t("requestFailed"),
    reasons: { 409: t("pending"), 429: t("limit") },
  });
  const statusText = (status: TDataExportStatus) => {
    switch (status) {
      case "pending":
        return t("status.pending");
      case "ready":
        return t("status.ready");
      case "failed":
        return t("status.failed");
      default:
        return t("status.expired");
    }
  };
  const recent = (list.data ?? []).slice(0, 3);

  return (
    <section aria-labelledby="data-export-title" className="flex flex-col gap-3">
      <h2 id="data-export-title" className="text-xl font-bold">
        {t("title")}
      </h2>
      <p className="max-w-prose">{t("intro", { hours: DATA_EXPORT_LINK_HOURS })}</p>
      <div>
        <Button
          variant="outline"
          size="sm"
          className="min-h-11"
          disabled={ask.isPending}
          onClick={() => ask.mutate(undefined)}
        >
          {t("request")}
        </Button>
      </div>
      {recent.length > 0 ? (
        <ul className="flex flex-col gap-1" aria-label={t("listLabel")}>
          {recent.map((item) => (
            <li key={item.id}>
              {t("item", {
                date: format.dateTime(new Date(item.createdAt), {
                  dateStyle: "medium",
                  timeStyle: "short",
                }),
                status: statusText(item.status),
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
