"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { PublicForm } from "@/components/forms/public-form";
import { ListLoading } from "@/components/lists/list-states";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import { managedFormQuery, type TManagedForm } from "@/lib/form-builder/form-builder-api";
import type { TPublicForm } from "@/lib/public-forms/public-form-model";

/**
 * /form_builder/:id/preview: the current version as respondents see it, drawn by the public
 * page's own renderer (steps, conditions, validation on blur), so the preview cannot drift
 * from the real page. Nothing is sent: in `preview` the renderer checks the answers as it
 * would before sending, then says on its last step that nothing was sent.
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
      {(record) => <PreviewBody form={record} />}
    </QueryGate>
  );
}

const asPublic = (form: TManagedForm): TPublicForm => ({
  id: form.id,
  title: form.title,
  status: "published",
  token: form.token,
  requiresSignIn: form.requiresSignIn,
  currentVersionId: form.currentVersionId,
  definition: form.definition,
});

function PreviewBody({ form }: { form: TManagedForm }) {
  const t = useTranslations("formBuilder.preview");
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>{t("title", { title: form.title })}</PageTitle>
      <Notice>{t("notice")}</Notice>
      <div className="mx-auto w-full max-w-2xl">
        <Card>
          <h2 className="text-3xl font-bold text-neutral-900">{form.title}</h2>
          <div className="mt-6">
            <PublicForm form={asPublic(form)} preview />
          </div>
        </Card>
      </div>
      <Link href={`/form_builder/${form.id}`} className="inline-flex min-h-11 items-center">
        {t("back")}
      </Link>
    </div>
  );
}
