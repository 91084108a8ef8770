"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { ListLoading } from "@/components/lists/list-states";
import { Button } from "@/components/ui/button";
import { PageTitle } from "@/components/ui/page-title";
import { allOf, QueryGate } from "@/components/ui/query-gate";
import { answerRows } from "@/lib/form-builder/answer-text";
import {
  formSubmissionQuery,
  formVersionsQuery,
  managedFormQuery,
  type TFormSubmission,
} from "@/lib/form-builder/form-builder-api";
import { DeleteSubmissionDialog } from "./submission-delete";

/**
 * /form_builder/:id/submissions/:submissionId: one submission's answers, labelled as the
 * version it was filled in asked them, in the reader's language; delete.
 */
export function FormSubmission({ id, submissionId }: { id: string; submissionId: string }) {
  const t = useTranslations("formBuilder.submission");
  const form = useQuery(managedFormQuery(id));
  const versions = useQuery(formVersionsQuery(id));
  const submission = useQuery(formSubmissionQuery(id, submissionId));
  return (
    <QueryGate
      query={allOf(submission, allOf(form, versions))}
      failed={t("loadFailed")}
      errorScreens
      loading={
        <>
          <PageTitle>{t("loadingTitle")}</PageTitle>
          <ListLoading />
        </>
      }
    >
      {([record, [owner, all]]) => {
        const version = all.find((v) => String(v.id) === String(record.formVersionId));
        return (
          <SubmissionBody
            formId={id}
            formTitle={owner.title}
            submission={record}
            definition={version?.definition ?? owner.definition}
            versionNumber={version?.number}
          />
        );
      }}
    </QueryGate>
  );
}

function SubmissionBody({
  formId,
  formTitle,
  submission,
  definition,
  versionNumber,
}: {
  formId: string;
  formTitle: string;
  submission: TFormSubmission;
  definition: Parameters<typeof answerRows>[0];
  versionNumber: number | undefined;
}) {
  const t = useTranslations("formBuilder.submission");
  const locale = useLocale();
  const format = useFormatter();
  const router = useRouter();
  const [removing, setRemoving] = useState<TFormSubmission | null>(null);
  const rows = answerRows(definition, submission.answers, locale, { yes: t("yes"), no: t("no") });
  const when = format.dateTime(new Date(submission.createdAt), {
    dateStyle: "long",
    timeStyle: "short",
  });
  return (
    <div className="flex flex-col gap-6">
      <PageTitle
        description={
          versionNumber === undefined ? when : t("meta", { when, version: versionNumber })
        }
      >
        {t("title", { title: formTitle })}
      </PageTitle>
      <dl className="flex flex-col gap-4">
        {rows.map((row) => (
          <div key={row.id} className="flex flex-col gap-1 border-b border-neutral-200 pb-3">
            <dt className="font-semibold text-neutral-900">{row.label}</dt>
            <dd className="whitespace-pre-wrap text-neutral-900">
              {row.text ?? <span className="text-neutral-700">{t("notAnswered")}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center gap-4">
        <Button variant="outline" onClick={() => setRemoving(submission)}>
          {t("delete")}
        </Button>
        <Link href={`/form_builder/${formId}`} className="inline-flex min-h-11 items-center">
          {t("back")}
        </Link>
      </div>
      <DeleteSubmissionDialog
        formId={formId}
        submission={removing}
        onDone={() => setRemoving(null)}
        onDeleted={() => router.push(`/form_builder/${formId}`)}
      />
    </div>
  );
}
