"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { centreStaff, StaffGate } from "@/components/auth/staff-gate";
import { ListLoading } from "@/components/lists/list-states";
import { FormError } from "@/components/ui/form-error";
import { FormSection } from "@/components/ui/form-section";
import { PageTitle } from "@/components/ui/page-title";
import { allOf, QueryGate } from "@/components/ui/query-gate";
import { SelectField } from "@/components/ui/select-field";
import { SendButton } from "@/components/ui/send-button";
import { api } from "@/lib/api";
import type { TReadyAccess } from "@/lib/auth/use-staff-access";
import { TEMPLATE_LOCALES, type TTemplateLocale } from "@/lib/contract/notification-templates";
import { useApiForm } from "@/lib/forms/use-api-form";
import { notificationTemplateKeys } from "@/lib/notification-templates/keys";
import {
  createTemplate,
  type TTemplateKindInfo,
  templateOverviewQuery,
} from "@/lib/notification-templates/notification-templates";
import { templateAddSchema } from "@/lib/notification-templates/template-form";
import { currentOrganizationsQuery } from "@/lib/organizations/current-organizations-query";
import { TemplateTextFields } from "./template-text-fields";

/**
 * /notification_templates/add: an override of one kind in one language, for the tenant
 * (superadmins) or one of the caller's centres. It starts from the default's words; saved,
 * it opens in its edit page.
 */
export function TemplateAdd() {
  const t = useTranslations("notificationTemplates");
  return (
    <StaffGate allow={centreStaff}>
      {(access) => (
        <div className="flex flex-col gap-6">
          <PageTitle description={t("addDescription")}>{t("addTitle")}</PageTitle>
          <AddLoader access={access} />
        </div>
      )}
    </StaffGate>
  );
}

function AddLoader({ access }: { access: TReadyAccess }) {
  const t = useTranslations("notificationTemplates");
  const overview = useQuery(templateOverviewQuery());
  const organizations = useQuery(currentOrganizationsQuery());
  return (
    <QueryGate
      query={allOf(overview, organizations)}
      failed={t("loadFailed")}
      loading={<ListLoading />}
    >
      {([{ kinds }, own]) => {
        const names = new Map(own.map((o) => [String(o.id), String(o.name ?? o.id)]));
        const scopes = [
          ...(access.superadmin ? [{ value: "tenant", label: t("scopes.tenant") }] : []),
          ...access.centreIds.map((id) => ({
            value: String(id),
            label: names.get(String(id)) ?? t("scopes.centre", { id: String(id) }),
          })),
        ];
        return <AddForm kinds={kinds} scopes={scopes} />;
      }}
    </QueryGate>
  );
}

function AddForm({
  kinds,
  scopes,
}: {
  kinds: TTemplateKindInfo[];
  scopes: { value: string; label: string }[];
}) {
  const t = useTranslations("notificationTemplates.form");
  const router = useRouter();
  const params = useSearchParams();
  const asked = kinds.find((k) => k.key === params.get("kind")) ?? kinds[0];
  const askedLocale: TTemplateLocale = params.get("locale") === "en" ? "en" : "nl";
  const fieldLabels = {
    kind: t("kind"),
    locale: t("locale"),
    scope: t("scope"),
    subject: t("subject"),
    body: t("body"),
  };
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: templateAddSchema,
    defaultValues: {
      kind: asked?.key ?? "",
      locale: askedLocale,
      scope: scopes.at(-1)?.value ?? "",
      subject: asked?.defaults[askedLocale]?.subject ?? "",
      body: asked?.defaults[askedLocale]?.body ?? "",
    },
    fieldLabels,
    submit: (values) =>
      createTemplate(api, {
        kind: values.kind,
        locale: values.locale,
        volunteer_center_id: values.scope === "tenant" ? null : Number(values.scope),
        subject: values.subject,
        body: values.body,
      }),
    invalidates: [notificationTemplateKeys.all],
    audited: true,
    success: (saved) => t("toasts.created", { kind: saved.kind }),
    onSuccess: (saved) => router.push(`/notification_templates/${saved.id}/edit`),
    failureTitle: t("addFailed"),
    fields: {
      kind: "kind",
      locale: "locale",
      volunteer_center_id: "scope",
      subject: "subject",
      body: "body",
    },
  });

  // Another kind or language starts from its own default, unless the text was changed.
  const kindKey = form.watch("kind");
  const locale = form.watch("locale");
  const kind = kinds.find((k) => k.key === kindKey);
  const { setValue, getFieldState } = form;
  useEffect(() => {
    const text = kind?.defaults[locale];
    if (!text || getFieldState("subject").isDirty || getFieldState("body").isDirty) return;
    setValue("subject", text.subject);
    setValue("body", text.body);
  }, [kind, locale, setValue, getFieldState]);

  return (
    <form {...formProps} className="flex flex-col gap-8">
      <FormError title={failure?.title}>{failure?.description}</FormError>
      <FormSection legend={t("sections.which")}>
        <SelectField
          label={t("kind")}
          options={kinds.map((k) => ({ value: k.key, label: k.key }))}
          error={message("kind")}
          {...form.register("kind")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t("locale")}
            options={TEMPLATE_LOCALES.map((l) => ({
              value: l,
              label: l === "nl" ? t("locales.nl") : t("locales.en"),
            }))}
            error={message("locale")}
            {...form.register("locale")}
          />
          <SelectField
            label={t("scope")}
            hint={t("scopeHint")}
            options={scopes}
            error={message("scope")}
            {...form.register("scope")}
          />
        </div>
      </FormSection>
      <TemplateTextFields form={form} kind={kind} locale={locale} message={message} />
      <div className="flex flex-wrap items-center gap-4">
        <SendButton pending={pending} busy={pending} onClick={() => {}} pendingLabel={t("saving")}>
          {t("create")}
        </SendButton>
        <Link href="/notification_templates" className="inline-flex min-h-11 items-center">
          {t("cancel")}
        </Link>
      </div>
    </form>
  );
}
