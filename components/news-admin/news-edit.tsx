"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ListLoading } from "@/components/lists/list-states";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import {
  CONTENT_KINDS,
  managedNewsArticleQuery,
  type TContentKind,
} from "@/lib/news-admin/news-admin";
import { NewsForm } from "./news-form";

/**
 * /nieuwsbeheer/:id/bewerken: an article of a centre the writer administers, in any status
 * (the managed list's filter[id_eq]); one they do not manage is the 404 screen.
 * /paginabeheer/:id/bewerken: a page of the tenant, likewise. Back to the list after saving.
 */
export function NewsEdit({ id, kind = "news" }: { id: string; kind?: TContentKind }) {
  const t = useTranslations("newsAdmin");
  const tp = useTranslations("pageAdmin");
  const router = useRouter();
  const article = useQuery(managedNewsArticleQuery(id, kind));
  const { adminPath } = CONTENT_KINDS[kind];
  const texts =
    kind === "page"
      ? {
          loadFailed: tp("loadFailed"),
          loading: tp("editLoadingTitle"),
          description: tp("editDescription"),
          title: (title: string) => tp("editTitle", { title }),
        }
      : {
          loadFailed: t("loadFailed"),
          loading: t("editLoadingTitle"),
          description: t("editDescription"),
          title: (title: string) => t("editTitle", { title }),
        };
  return (
    <QueryGate
      query={article}
      failed={texts.loadFailed}
      errorScreens
      loading={
        <>
          <PageTitle>{texts.loading}</PageTitle>
          <ListLoading />
        </>
      }
    >
      {(record) => (
        <div className="flex flex-col gap-6">
          <PageTitle description={texts.description}>{texts.title(record.title)}</PageTitle>
          <NewsForm kind={kind} article={record} onSaved={() => router.push(adminPath)} />
        </div>
      )}
    </QueryGate>
  );
}
