"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ListLoading } from "@/components/lists/list-states";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import { managedFormQuery } from "@/lib/form-builder/form-builder-api";
import { FormBuilderForm } from "./form-builder-form";

/**
 * /form_builder/:id/edit: a form the user manages; the api's 403 and 404 are the error
 * screens. Back to its overview after saving.
 */
export function FormEdit({ id }: { id: string }) {
  const t = useTranslations("formBuilder");
  const router = useRouter();
  const form = useQuery(managedFormQuery(id));
  return (
    <QueryGate
      query={form}
      failed={t("loadFailed")}
      errorScreens
      loading={
        <>
          <PageTitle>{t("edit.loadingTitle")}</PageTitle>
          <ListLoading />
        </>
      }
    >
      {(record) => (
        <div className="flex flex-col gap-6">
          <PageTitle description={t("edit.description")}>
            {t("edit.title", { title: record.title })}
          </PageTitle>
          <FormBuilderForm
            record={record}
            owners={[]}
            onSaved={(saved) => router.push(`/form_builder/${saved.id}`)}
          />
        </div>
      )}
    </QueryGate>
  );
}
