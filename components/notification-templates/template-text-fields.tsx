"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormSection } from "@/components/ui/form-section";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { isApiError } from "@/lib/api";
import { TEMPLATE_TEXT_LIMITS, type TTemplateLocale } from "@/lib/contract/notification-templates";
import {
  insertVariable,
  type TTemplateKindInfo,
  templatePreviewQuery,
} from "@/lib/notification-templates/notification-templates";

type TTextForm = FieldValues & { subject: string; body: string };

/** How long the preview waits after the last keystroke before it asks the api. */
const PREVIEW_DELAY_MS = 400;

/**
 * The subject and body of a template, the kind's variables (a click or Enter inserts one
 * where the caret was), and a live preview with the kind's sample data: asked of the api a
 * moment after typing stops, so what it shows is what a send would render.
 */
export function TemplateTextFields<F extends TTextForm>({
  form,
  kind,
  locale,
  message,
}: {
  form: UseFormReturn<F>;
  kind: TTemplateKindInfo | undefined;
  locale: TTemplateLocale;
  message: (field: string) => string | undefined;
}) {
  const t = useTranslations("notificationTemplates.form");
  const subjectField = "subject" as Path<F>;
  const bodyField = "body" as Path<F>;
  const focused = useRef<"subject" | "body">("body");
  const selection = useRef<{ start: number; end: number } | null>(null);
  const remember =
    (field: "subject" | "body") =>
    (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
      focused.current = field;
      selection.current = {
        start: event.currentTarget.selectionStart ?? event.currentTarget.value.length,
        end: event.currentTarget.selectionEnd ?? event.currentTarget.value.length,
      };
    };
  const insert = (name: string) => {
    const field = focused.current === "subject" ? subjectField : bodyField;
    const current = String(form.getValues(field) ?? "");
    const next = insertVariable(current, name, selection.current);
    form.setValue(field, next.value as F[Path<F>], { shouldDirty: true });
    selection.current = { start: next.caret, end: next.caret };
  };

  const subject = String(form.watch(subjectField) ?? "");
  const body = String(form.watch(bodyField) ?? "");
  const [asked, setAsked] = useState({ subject, body });
  useEffect(() => {
    const timer = setTimeout(() => setAsked({ subject, body }), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [subject, body]);
  const ready = kind !== undefined && asked.subject.trim() !== "" && asked.body.trim() !== "";
  const preview = useQuery({
    ...templatePreviewQuery({ kind: kind?.key ?? "", locale, ...asked }),
    enabled: ready,
  });
  const subjectRegistration = form.register(subjectField);
  const bodyRegistration = form.register(bodyField);

  return (
    <>
      <FormSection legend={t("sections.text")}>
        <TextField
          label={t("subject")}
          required
          maxLength={TEMPLATE_TEXT_LIMITS.subject}
          autoComplete="off"
          error={message("subject")}
          {...subjectRegistration}
          onSelect={remember("subject")}
          onKeyUp={remember("subject")}
          onFocus={remember("subject")}
        />
        <TextareaField
          label={t("body")}
          hint={t("bodyHint")}
          required
          rows={10}
          maxLength={TEMPLATE_TEXT_LIMITS.body}
          error={message("body")}
          {...bodyRegistration}
          onSelect={remember("body")}
          onKeyUp={remember("body")}
          onFocus={remember("body")}
        />
      </FormSection>
      {kind ? (
        <FormSection legend={t("sections.variables")}>
          <p className="text-sm text-neutral-700">{t("variablesHint")}</p>
          <ul className="flex flex-wrap gap-2">
            {kind.variables.map((variable) => (
              <li key={variable.name}>
                <Button
                  size="sm"
                  variant="outline"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => insert(variable.name)}
                >
                  <code>{`{{ ${variable.name} }}`}</code>
                  <span className="sr-only">
                    {" "}
                    {t("insert", { sample: String(variable.sample) })}
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        </FormSection>
      ) : null}
      <section aria-labelledby="template-preview" className="flex flex-col gap-2">
        <h2 id="template-preview" className="font-bold text-lg text-neutral-900">
          {t("preview")}
        </h2>
        <div
          aria-live="polite"
          aria-busy={preview.isFetching || undefined}
          className="rounded-shape-lg border-2 border-neutral-300 bg-white p-5"
        >
          {preview.data ? (
            <>
              <p className="font-bold" data-testid="preview-subject">
                {preview.data.subject}
              </p>
              <div className="mt-2 whitespace-pre-line" data-testid="preview-body">
                {preview.data.body}
              </div>
            </>
          ) : preview.error ? (
            <p className="text-danger-700">
              {isApiError(preview.error)
                ? (preview.error.errors[0]?.detail ?? t("previewFailed"))
                : t("previewFailed")}
            </p>
          ) : (
            <p className="text-neutral-700">{t("previewEmpty")}</p>
          )}
        </div>
      </section>
    </>
  );
}
