"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { centreStaff, StaffGate } from "@/components/auth/staff-gate";
import { ListTable, useListPage } from "@/components/lists/list-table";
import { Button, ButtonLink } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageTitle } from "@/components/ui/page-title";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import {
  CONTENT_KINDS,
  deleteNewsArticle,
  managedNewsQuery,
  NEWS_LIST,
  newsListQuery,
  newsState,
  type TContentKind,
  type TManagedNewsArticle,
  type TNewsState,
} from "@/lib/news-admin/news-admin";

/**
 * /nieuwsbeheer: the news of the centres the user administers (superadmins: the tenant's),
 * drafts and scheduled ones too; /paginabeheer: the tenant's pages in every language and
 * status. Status, language, title search, order and page live in the URL.
 */
export function NewsList({ kind = "news" }: { kind?: TContentKind }) {
  return <StaffGate allow={centreStaff}>{() => <NewsListBody kind={kind} />}</StaffGate>;
}

/** The texts that differ between the news and the pages (literal keys for the check). */
function useKindTexts(kind: TContentKind) {
  const t = useTranslations("newsAdmin");
  const tp = useTranslations("pageAdmin");
  return kind === "page"
    ? {
        title: tp("title"),
        description: tp("description"),
        add: tp("add"),
        loadFailed: tp("loadFailed"),
        empty: tp("empty"),
        noMatches: tp("noMatches"),
        tableLabel: tp("tableLabel"),
        caption: (count: number) => tp("caption", { count }),
        confirmBody: tp("confirmDeleteBody"),
      }
    : {
        title: t("title"),
        description: t("description"),
        add: t("add"),
        loadFailed: t("loadFailed"),
        empty: t("empty"),
        noMatches: t("noMatches"),
        tableLabel: t("tableLabel"),
        caption: (count: number) => t("caption", { count }),
        confirmBody: t("delete.confirmBody"),
      };
}

type TNewsT = ReturnType<typeof useTranslations<"newsAdmin">>;

// One literal key per case, so the message check sees every text.
function stateLabel(t: TNewsT, state: TNewsState): string {
  switch (state) {
    case "draft":
      return t("states.draft");
    case "published":
      return t("states.published");
    case "scheduled":
      return t("states.scheduled");
  }
}

const STATE_BADGE: Record<TNewsState, string> = {
  draft: "bg-neutral-100 text-neutral-900",
  published: "bg-emerald-100 text-emerald-900",
  scheduled: "bg-sky-100 text-sky-900",
};

export function NewsListBody({ kind = "news" }: { kind?: TContentKind }) {
  const t = useTranslations("newsAdmin");
  const own = useKindTexts(kind);
  const { adminPath } = CONTENT_KINDS[kind];
  const list = useListPage(NEWS_LIST);
  // The moment the list was asked for: scheduled and published are told apart by it.
  const [now] = useState(() => new Date());
  const query = useQuery(managedNewsQuery(newsListQuery(list.state, now), kind));
  const [removing, setRemoving] = useState<TManagedNewsArticle | null>(null);
  return (
    <>
      <ListTable
        list={list}
        title={
          <PageTitle
            description={own.description}
            actions={<ButtonLink href={`${adminPath}/toevoegen`}>{own.add}</ButtonLink>}
          >
            {own.title}
          </PageTitle>
        }
        searchLabel={t("search")}
        selects={[
          {
            name: "status",
            label: t("status"),
            anyLabel: t("anyStatus"),
            options: NEWS_LIST.filters.status.map((value) => ({
              value,
              label: stateLabel(t, value),
            })),
          },
          {
            name: "language",
            label: t("language"),
            anyLabel: t("anyLanguage"),
            options: NEWS_LIST.filters.language.map((value) => ({
              value,
              label: value === "en" ? t("form.locales.en") : t("form.locales.nl"),
            })),
          },
        ]}
        query={query}
        texts={{
          loadFailed: own.loadFailed,
          empty: own.empty,
          noMatches: own.noMatches,
          outOfRange: t("outOfRange"),
          firstPage: t("firstPage"),
          tableLabel: own.tableLabel,
          caption: own.caption,
        }}
        columns={[
          { key: "title", label: t("columns.title"), sort: "title" },
          { key: "status", label: t("columns.status") },
          { key: "publishedAt", label: t("columns.publishedAt"), sort: "published_at" },
          { key: "updatedAt", label: t("columns.updatedAt"), sort: "updated_at" },
          { key: "actions", label: t("columns.actions"), hideLabel: true },
        ]}
        row={(article) => (
          <NewsRow
            key={article.id}
            kind={kind}
            article={article}
            now={now}
            onDelete={setRemoving}
          />
        )}
      />
      <DeleteNewsDialog
        kind={kind}
        body={own.confirmBody}
        article={removing}
        onDone={() => setRemoving(null)}
      />
    </>
  );
}

function NewsRow({
  kind,
  article,
  now,
  onDelete,
}: {
  kind: TContentKind;
  article: TManagedNewsArticle;
  now: Date;
  onDelete: (article: TManagedNewsArticle) => void;
}) {
  const t = useTranslations("newsAdmin");
  const format = useFormatter();
  const state = newsState(article, now);
  const { adminPath, publicPath } = CONTENT_KINDS[kind];
  const editHref = `${adminPath}/${article.id}/bewerken`;
  const when = (iso: string | null) =>
    iso ? (
      <time dateTime={iso}>
        {format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" })}
      </time>
    ) : (
      "—"
    );
  return (
    <tr className="border-b border-neutral-200 align-top">
      <th scope="row" className="px-3 py-2 font-medium">
        <Link href={editHref}>{article.title}</Link>
        <span className="block text-sm font-normal text-neutral-700">
          {publicPath(article.slug)}
          {kind === "page"
            ? ` · ${article.locale === "en" ? t("form.locales.en") : t("form.locales.nl")}`
            : null}
        </span>
      </th>
      <td className="px-3 py-2">
        <span
          className={`inline-block rounded px-2 py-0.5 text-sm font-medium ${STATE_BADGE[state]}`}
        >
          {stateLabel(t, state)}
        </span>
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{when(article.publishedAt)}</td>
      <td className="px-3 py-2 whitespace-nowrap">{when(article.updatedAt)}</td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap gap-2">
          <ButtonLink size="sm" variant="outline" href={editHref}>
            {t("edit")}
            <span className="sr-only"> {article.title}</span>
          </ButtonLink>
          {state === "published" ? (
            <ButtonLink size="sm" variant="outline" href={publicPath(article.slug)}>
              {t("view")}
              <span className="sr-only"> {article.title}</span>
            </ButtonLink>
          ) : null}
          <Button size="sm" variant="outline" onClick={() => onDelete(article)}>
            {t("delete.button")}
            <span className="sr-only"> {article.title}</span>
          </Button>
        </div>
      </td>
    </tr>
  );
}

function DeleteNewsDialog({
  kind,
  body,
  article,
  onDone,
}: {
  kind: TContentKind;
  body: string;
  article: TManagedNewsArticle | null;
  onDone: () => void;
}) {
  const t = useTranslations("newsAdmin.delete");
  const tCommon = useTranslations("common");
  const title = article?.title ?? "";
  const remove = useApiMutation({
    mutationFn: (target: TManagedNewsArticle) => deleteNewsArticle(api, target.id, kind),
    invalidates: [CONTENT_KINDS[kind].keys.all],
    audited: true,
    success: (target) => t("done", { title: target.title }),
    failure: (target) => t("failed", { title: target.title }),
    onSuccess: onDone,
  });
  return (
    <ConfirmDialog
      open={article !== null}
      title={t("confirmTitle", { title })}
      confirmLabel={t("confirm")}
      tone="danger"
      pending={remove.isPending}
      pendingLabel={tCommon("busy")}
      onConfirm={() => {
        if (article) remove.mutate(article);
      }}
      onCancel={onDone}
    >
      <p>{body}</p>
    </ConfirmDialog>
  );
}
