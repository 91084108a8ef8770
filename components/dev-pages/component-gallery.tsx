"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { TableRegion } from "@/components/lists/list-states";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-error";
import { ICON_NAMES, Icon } from "@/components/ui/icon";
import { Notice } from "@/components/ui/notice";
import { QueryGate } from "@/components/ui/query-gate";
import { RelativeTime } from "@/components/ui/relative-time";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { VacancyStatusBadge } from "@/components/vacancies/vacancy-status";
import { VACANCY_STATUSES } from "@/lib/contract/vacancies";
import { useToast } from "@/lib/toasts/use-toast";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="mb-4 text-2xl font-bold text-neutral-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const noop = () => {};

/**
 * The shared interface parts of components/ui and components/lists as the product draws
 * them, each in its states (normal, busy, with a message), with the real props.
 */
export function ComponentGallery({ now }: { now: string }) {
  const t = useTranslations("devPages.components");
  const { toast } = useToast();
  return (
    <div>
      <Section id="gallery-buttons" title={t("buttons")}>
        <div className="flex flex-wrap items-center gap-3">
          <Button>{t("neutral")}</Button>
          <Button variant="outline">{t("outline")}</Button>
          <Button size="sm">{t("small")}</Button>
          <Button size="sm" variant="outline">
            {t("smallOutline")}
          </Button>
          <ButtonLink href="/dev">{t("link")}</ButtonLink>
          <SubmitButton pending pendingLabel={t("busy")}>
            {t("neutral")}
          </SubmitButton>
          <Button aria-disabled>{t("unavailable")}</Button>
        </div>
      </Section>
      <Section id="gallery-fields" title={t("fields")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t("textField")} hint={t("hint")} defaultValue="" />
          <TextField
            label={t("textFieldError")}
            error={t("fieldError", { field: t("textFieldError") })}
            defaultValue="x"
          />
          <TextareaField label={t("textarea")} rows={2} defaultValue="" />
          <SelectField
            label={t("select")}
            placeholder={t("choose")}
            options={[
              { value: "a", label: t("optionA") },
              { value: "b", label: t("optionB") },
            ]}
            defaultValue=""
          />
        </div>
      </Section>
      <Section id="gallery-badges" title={t("badges")}>
        <div className="flex flex-wrap gap-2">
          {VACANCY_STATUSES.map((status) => (
            <VacancyStatusBadge key={status} status={status} />
          ))}
        </div>
      </Section>
      <Section id="gallery-messages" title={t("messages")}>
        <div className="flex flex-col gap-3">
          <Notice>{t("notice")}</Notice>
          <FormError title={t("formErrorTitle")}>{t("formErrorBody")}</FormError>
          <Button
            variant="outline"
            className="self-start"
            onClick={() => toast.success(t("toastTitle"), { message: t("toastBody") })}
          >
            {t("showToast")}
          </Button>
        </div>
      </Section>
      <Section id="gallery-states" title={t("states")}>
        <div className="flex flex-col gap-3">
          {/* QueryGate's three states before the data, with queries that stay in them. */}
          <QueryGate query={{ data: undefined, error: null, refetch: noop }} failed="">
            {() => null}
          </QueryGate>
          <QueryGate
            query={{ data: undefined, error: new Error("demo"), refetch: noop }}
            failed={t("loadFailed")}
          >
            {() => null}
          </QueryGate>
          <QueryGate
            query={{ data: [], error: null, refetch: noop }}
            failed=""
            empty={{ when: (rows) => rows.length === 0, children: t("empty") }}
          >
            {() => null}
          </QueryGate>
          <Card>
            <p className="text-neutral-800">{t("card")}</p>
            <p className="mt-2 text-neutral-700">
              <RelativeTime date={now} now={now} />
            </p>
          </Card>
        </div>
      </Section>
      <Section id="gallery-table" title={t("table")}>
        <TableRegion label={t("table")}>
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">{t("table")}</caption>
            <thead className="border-b-2 border-neutral-300 bg-neutral-50">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("columnName")}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("columnStatus")}
                </th>
              </tr>
            </thead>
            <tbody>
              {VACANCY_STATUSES.slice(0, 3).map((status, index) => (
                <tr key={status} className="border-b border-neutral-200">
                  <td className="px-3 py-2">{t("rowName", { n: index + 1 })}</td>
                  <td className="px-3 py-2">
                    <VacancyStatusBadge status={status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </Section>
      <Section id="gallery-icons" title={t("icons")}>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {ICON_NAMES.map((name) => (
            <li key={name} className="flex items-center gap-2 text-neutral-900">
              <Icon name={name} size="1.5rem" />
              <code className="text-sm">{name}</code>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
