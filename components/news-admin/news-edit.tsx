"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ListLoading } from "@/components/lists/list-states";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import { managedNewsArticleQuery } from "@/lib/news-admin/news-admin";
import { NewsForm } from "./news-form";

/**
 * /nieuwsbeheer/:id/bewerken: an article of a centre the writer administers, in any status
 * (the managed list's filter[id_eq]); one they do not manage is the 404 screen. Back to the
 * list after saving.
 */
export function NewsEdit({ id }: { id: string }) {
  const t = useTranslations("newsAdmin");
  const router = useRouter();
  const article = useQuery(managedNewsArticleQuery(id));
  return (
    <QueryGate
      query={article}
      failed={t("loadFailed")}
      errorScreens
      loading={
        <>
          <PageTitle>{t("editLoadingTitle")}</PageTitle>
          <ListLoading />
        </>
      }
    >
      {(record) => (
        <div className="flex flex-col gap-6">
          <PageTitle description={t("editDescription")}>
            {t("editTitle", { title: record.title })}
          </PageTitle>
          <NewsForm article={record} onSaved={() => router.push("/nieuwsbeheer")} />
        </div>
      )}
    </QueryGate>
  );
}
