"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFieldArray } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { QueryGate } from "@/components/ui/query-gate";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { FOOTER_LIMITS } from "@/lib/contract/site-settings";
import { useApiForm } from "@/lib/forms/use-api-form";
import {
  footerApiMessage,
  footerFormFields,
  footerFormSchema,
  type TFooterFormValues,
} from "@/lib/site/footer-form";
import { siteSettingsQuery } from "@/lib/site/site-settings-queries";
import {
  saveSiteSettingsAndRefresh,
  siteSettingsChangeKeys,
} from "@/lib/site/use-save-site-settings";

/** The api's pointer root of the footer's fields (PUT /api/v1/site_settings/:id). */
const FOOTER_ROOT = "/data/attributes/footer";

/**
 * /instellingen/footer: the text and up to eight links (label and address) the public site's
 * footer shows (components/layout/site-footer.tsx); links can be added, removed and put in
 * order. Saved whole with PUT /api/v1/site_settings/:id.
 */
export function FooterForm({ centreId }: { centreId: string }) {
  const t = useTranslations("settings");
  const query = useQuery(siteSettingsQuery(centreId));
  return (
    <QueryGate query={query} failed={t("loadFailed")}>
      {(settings) => (
        <FooterFields
          centreId={centreId}
          initial={{
            text: settings.footer?.text ?? "",
            links: (settings.footer?.links ?? []).map(({ label, url }) => ({ label, url })),
          }}
        />
      )}
    </QueryGate>
  );
}

function FooterFields({ centreId, initial }: { centreId: string; initial: TFooterFormValues }) {
  const t = useTranslations("settings.footer");
  const tAll = useTranslations();
  const tToasts = useTranslations("settings.toasts");
  const router = useRouter();
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: footerFormSchema,
    defaultValues: initial,
    submit: (values) => saveSiteSettingsAndRefresh(centreId, { footer: values }),
    invalidates: siteSettingsChangeKeys(centreId),
    audited: true,
    success: () => tToasts("saved"),
    onSuccess: () => router.refresh(),
    fields: (values) => footerFormFields(values.links.length),
    pointerRoot: FOOTER_ROOT,
    fieldMessage: (field, error) => footerApiMessage(tAll, field, error.code),
    checkFieldsTitle: t("checkFields"),
    failureTitle: t("saveFailed"),
  });
  const links = useFieldArray({ control: form.control, name: "links" });
  const [announcement, setAnnouncement] = useState("");
  const full = links.fields.length >= FOOTER_LIMITS.links;

  /** After a change to the list, focus goes where the user can carry on (WCAG 2.4.3). */
  const focusLater = (id: string) =>
    requestAnimationFrame(() => document.getElementById(id)?.focus());

  const moveLink = (from: number, to: number) => {
    links.move(from, to);
    setAnnouncement(t("moved", { from: String(from + 1), to: String(to + 1) }));
    const direction = to < from ? "up" : "down";
    const edge = direction === "up" ? to === 0 : to === links.fields.length - 1;
    focusLater(`footer-link-${to}-${edge ? (direction === "up" ? "down" : "up") : direction}`);
  };

  return (
    <form {...formProps} className="flex flex-col gap-6">
      <FormError title={failure?.title}>{failure?.description}</FormError>
      <TextareaField
        label={t("text")}
        hint={t("textHint", { max: String(FOOTER_LIMITS.text) })}
        rows={5}
        error={message("text")}
        {...form.register("text")}
      />
      <section aria-labelledby="footer-links" className="flex flex-col gap-4">
        <h2 id="footer-links" className="font-bold text-lg">
          {t("links")}
        </h2>
        <p className="text-neutral-700 text-sm">
          {t("linksHint", { max: String(FOOTER_LIMITS.links) })}
        </p>
        {links.fields.length === 0 ? <p>{t("noLinks")}</p> : null}
        <ol className="flex flex-col gap-4">
          {links.fields.map((field, index) => {
            const number = String(index + 1);
            const suffix = <span className="sr-only"> {t("linkNumber", { number })}</span>;
            return (
              <li key={field.id}>
                <fieldset className="flex flex-col gap-3 rounded-shape-lg border-2 border-neutral-300 bg-white p-4">
                  <legend className="px-1 font-semibold">{t("linkNumber", { number })}</legend>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <TextField
                      label={t("linkLabel")}
                      required
                      error={message(`links.${index}.label`)}
                      {...form.register(`links.${index}.label`)}
                    />
                    <TextField
                      label={t("linkUrl")}
                      hint={t("linkUrlHint")}
                      required
                      inputMode="url"
                      error={message(`links.${index}.url`)}
                      {...form.register(`links.${index}.url`)}
                    />
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {index > 0 ? (
                      <Button
                        id={`footer-link-${index}-up`}
                        size="sm"
                        variant="outline"
                        onClick={() => moveLink(index, index - 1)}
                      >
                        {t("moveUp")}
                        {suffix}
                      </Button>
                    ) : null}
                    {index < links.fields.length - 1 ? (
                      <Button
                        id={`footer-link-${index}-down`}
                        size="sm"
                        variant="outline"
                        onClick={() => moveLink(index, index + 1)}
                      >
                        {t("moveDown")}
                        {suffix}
                      </Button>
                    ) : null}
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => {
                        links.remove(index);
                        setAnnouncement(t("removed", { number }));
                        focusLater("footer-add-link");
                      }}
                    >
                      {t("remove")}
                      {suffix}
                    </Button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <div>
          <Button
            id="footer-add-link"
            variant="outline"
            size="sm"
            aria-disabled={full || undefined}
            aria-describedby={full ? "footer-links-full" : undefined}
            onClick={() => {
              if (full) return;
              links.append({ label: "", url: "" }, { shouldFocus: true });
            }}
          >
            {t("add")}
          </Button>
          {full ? (
            <p id="footer-links-full" className="mt-1 text-neutral-700 text-sm">
              {t("full", { max: String(FOOTER_LIMITS.links) })}
            </p>
          ) : null}
        </div>
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </section>
      <div>
        <SubmitButton pending={pending} pendingLabel={t("saving")}>
          {t("save")}
        </SubmitButton>
      </div>
    </form>
  );
}
