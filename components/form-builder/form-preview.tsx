"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ListLoading } from "@/components/lists/list-states";
import { Notice } from "@/components/ui/notice";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import { managedFormQuery } from "@/lib/form-builder/form-builder-api";

/**
 * /form_builder/:id/preview: the current version as respondents see it, through the public
 * page's own renderer, with sending switched off.
 */
export function FormPreview({ id }: { id: string }) {
  const t = useTranslations("formBuilder.preview");
  const tList = useTranslations("formBuilder");
  const form = useQuery(managedFormQuery(id));
  return (
    <QueryGate
      query={form}
      failed={tList("loadFailed")}
      errorScreens
      loading={
        <>
          <PageTitle>{t("loadingTitle")}</PageTitle>
          <ListLoading />
        </>
      }
    >
      {(record) => (
        <div className="flex flex-col gap-6">
          <PageTitle>{t("title", { title: record.title })}</PageTitle>
          <Notice>{t("notice")}</Notice>
          <Link href={`/form_builder/${record.id}`} className="inline-flex min-h-11 items-center">
            {t("back")}
          </Link>
        </div>
      )}
    </QueryGate>
  );
}
