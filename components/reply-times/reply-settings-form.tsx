"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { FormError } from "@/components/ui/form-error";
import { QueryGate } from "@/components/ui/query-gate";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { REPLY_NUDGE_DEFAULTS, REPLY_NUDGE_LIMITS } from "@/lib/contract/reply-times";
import { useApiForm } from "@/lib/forms/use-api-form";
import {
  replySettingsApiMessage,
  replySettingsSchema,
  type TReplySettingsValues,
} from "@/lib/reply-times/reply-settings-form";
import { siteSettingsQuery } from "@/lib/site/site-settings-queries";
import {
  saveSiteSettingsAndRefresh,
  siteSettingsChangeKeys,
} from "@/lib/site/use-save-site-settings";

/**
 * /instellingen/reacties: when an organisation that leaves an application unanswered is
 * reminded and when the centre's admins hear of it (docs/reply-times.md), and whether
 * signed-out visitors may read the peer-help posts. Saved with PUT /api/v1/site_settings/:id.
 */
export function ReplySettingsForm({ centreId }: { centreId: string }) {
  const t = useTranslations("replyTimes.settings");
  const query = useQuery(siteSettingsQuery(centreId));
  return (
    <QueryGate query={query} failed={t("loadFailed")}>
      {(settings) => (
        <ReplySettingsFields
          centreId={centreId}
          initial={{
            replyNudgesEnabled: settings.replyNudgesEnabled ?? REPLY_NUDGE_DEFAULTS.enabled,
            replyNudgeDays: settings.replyNudgeDays ?? REPLY_NUDGE_DEFAULTS.nudgeDays,
            replyEscalationDays:
              settings.replyEscalationDays ?? REPLY_NUDGE_DEFAULTS.escalationDays,
            helpPostsPublic: settings.helpPostsPublic ?? false,
          }}
        />
      )}
    </QueryGate>
  );
}

const checkboxRow =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-shape border-2 border-neutral-300 bg-white px-3 py-2 has-[:checked]:border-neutral-800";

function ReplySettingsFields({
  centreId,
  initial,
}: {
  centreId: string;
  initial: TReplySettingsValues;
}) {
  const t = useTranslations("replyTimes.settings");
  const tAll = useTranslations();
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: replySettingsSchema,
    defaultValues: initial,
    submit: (values) => saveSiteSettingsAndRefresh(centreId, values),
    invalidates: siteSettingsChangeKeys(centreId),
    audited: true,
    success: () => t("saved"),
    fieldMessage: (field, error) => replySettingsApiMessage(tAll, field, error.code ?? undefined),
    checkFieldsTitle: t("checkFields"),
    failureTitle: t("saveFailed"),
  });
  const { minDays: min, maxDays: max } = REPLY_NUDGE_LIMITS;

  return (
    <form {...formProps} className="flex flex-col gap-6">
      <FormError title={failure?.title}>{failure?.description}</FormError>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-bold text-xl">{t("remindersHeading")}</legend>
        <p id="reply-reminders-hint" className="text-neutral-800">
          {t("remindersExplanation")}
        </p>
        <label className={checkboxRow}>
          <input
            type="checkbox"
            aria-describedby="reply-reminders-hint"
            className="size-5 shrink-0 accent-neutral-800"
            {...form.register("replyNudgesEnabled")}
          />
          <span className="font-medium">{t("enabled")}</span>
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("nudgeDays")}
            hint={t("nudgeDaysHint", { min, max })}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            required
            error={message("replyNudgeDays")}
            {...form.register("replyNudgeDays", { valueAsNumber: true })}
          />
          <TextField
            label={t("escalationDays")}
            hint={t("escalationDaysHint", { min, max })}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            required
            error={message("replyEscalationDays")}
            {...form.register("replyEscalationDays", { valueAsNumber: true })}
          />
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-bold text-xl">{t("helpHeading")}</legend>
        <p id="help-posts-hint" className="text-neutral-800">
          {t("helpExplanation")}
        </p>
        <label className={checkboxRow}>
          <input
            type="checkbox"
            aria-describedby="help-posts-hint"
            className="size-5 shrink-0 accent-neutral-800"
            {...form.register("helpPostsPublic")}
          />
          <span className="font-medium">{t("helpPostsPublic")}</span>
        </label>
      </fieldset>
      <div>
        <SubmitButton pending={pending} pendingLabel={t("saving")}>
          {t("save")}
        </SubmitButton>
      </div>
    </form>
  );
}
