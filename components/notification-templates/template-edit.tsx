"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ListLoading } from "@/components/lists/list-states";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormError } from "@/components/ui/form-error";
import { PageTitle } from "@/components/ui/page-title";
import { allOf, QueryGate } from "@/components/ui/query-gate";
import { SendButton } from "@/components/ui/send-button";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import { useApiForm } from "@/lib/forms/use-api-form";
import { notificationTemplateKeys } from "@/lib/notification-templates/keys";
import {
  deleteTemplate,
  sendTestMail,
  type TNotificationTemplate,
  type TTemplateKindInfo,
  templateOverviewQuery,
  templateQuery,
  updateTemplate,
} from "@/lib/notification-templates/notification-templates";
import { templateEditSchema } from "@/lib/notification-templates/template-form";
import { TemplateTextFields } from "./template-text-fields";

/**
 * /notification_templates/:id/edit: the override's subject and body with the kind's
 * variables and a live preview, a test mail to oneself of the text as it stands, and
 * "reset to default" (deleting the override, after a confirmation).
 */
export function TemplateEdit({ id }: { id: string }) {
  const t = useTranslations("notificationTemplates");
  const template = useQuery(templateQuery(id));
  const overview = useQuery(templateOverviewQuery());
  return (
    <QueryGate
      query={allOf(template, overview)}
      failed={t("loadFailed")}
      errorScreens
      loading={
        <>
          <PageTitle>{t("editLoadingTitle")}</PageTitle>
          <ListLoading />
        </>
      }
    >
      {([row, { kinds }]) => (
        <div className="flex flex-col gap-6">
          <PageTitle description={t("editDescription")}>
            {t("editTitle", { kind: row.kind, locale: row.locale })}
          </PageTitle>
          <EditForm row={row} kind={kinds.find((k) => k.key === row.kind)} />
        </div>
      )}
    </QueryGate>
  );
}

function EditForm({ row, kind }: { row: TNotificationTemplate; kind?: TTemplateKindInfo }) {
  const t = useTranslations("notificationTemplates.form");
  const router = useRouter();
  const [resetting, setResetting] = useState(false);
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: templateEditSchema,
    defaultValues: { subject: row.subject, body: row.body },
    fieldLabels: { subject: t("subject"), body: t("body") },
    submit: (values) => updateTemplate(api, row.id, values),
    invalidates: [notificationTemplateKeys.all],
    audited: true,
    success: () => t("toasts.saved", { kind: row.kind }),
    failureTitle: t("saveFailed"),
    fields: { subject: "subject", body: "body" },
  });
  const test = useApiMutation({
    mutationFn: () =>
      sendTestMail(api, {
        kind: row.kind,
        locale: row.locale,
        subject: form.getValues("subject"),
        body: form.getValues("body"),
      }),
    invalidates: [],
    audited: false,
    success: (_v, sent) => t("toasts.testSent", { email: sent.sentTo ?? "" }),
    failure: () => t("testFailed"),
  });
  const reset = useApiMutation({
    mutationFn: () => deleteTemplate(api, row.id),
    invalidates: [notificationTemplateKeys.all],
    audited: true,
    success: () => t("toasts.reset", { kind: row.kind }),
    failure: () => t("resetFailed"),
    onSuccess: () => router.push("/notification_templates"),
  });
  const tCommon = useTranslations("common");
  return (
    <>
      <form {...formProps} className="flex flex-col gap-8">
        <FormError title={failure?.title}>{failure?.description}</FormError>
        <TemplateTextFields form={form} kind={kind} locale={row.locale} message={message} />
        <div className="flex flex-wrap items-center gap-4">
          <SendButton
            pending={pending}
            busy={pending}
            onClick={() => {}}
            pendingLabel={t("saving")}
          >
            {t("save")}
          </SendButton>
          <Button
            variant="outline"
            aria-busy={test.isPending || undefined}
            onClick={() => {
              if (!test.isPending) test.mutate(undefined);
            }}
          >
            {t("testMail")}
          </Button>
          <Button variant="outline" onClick={() => setResetting(true)}>
            {t("reset")}
          </Button>
          <Link href="/notification_templates" className="inline-flex min-h-11 items-center">
            {t("cancel")}
          </Link>
        </div>
      </form>
      <ConfirmDialog
        open={resetting}
        title={t("resetConfirmTitle")}
        confirmLabel={t("resetConfirm")}
        tone="danger"
        pending={reset.isPending}
        pendingLabel={tCommon("busy")}
        onConfirm={() => {
          if (!reset.isPending) reset.mutate(undefined);
        }}
        onCancel={() => setResetting(false)}
      >
        <p>{t("resetConfirmBody")}</p>
      </ConfirmDialog>
    </>
  );
}
