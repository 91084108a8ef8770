import { z } from "zod";
import { REPLY_NUDGE_LIMITS } from "@/lib/contract/reply-times";
import type { SchemaFactory } from "@/lib/forms/use-zod-form";
import type { Translator } from "@/lib/i18n/translator";

// /instellingen/reacties: the api's rules (lib/contract/reply-times.ts), so the form sends
// nothing it would refuse: whole days within the bounds, the centre told after the
// organisation is reminded.

export type TReplySettingsValues = {
  replyNudgesEnabled: boolean;
  replyNudgeDays: number;
  replyEscalationDays: number;
  helpPostsPublic: boolean;
};

export const replySettingsSchema: SchemaFactory<
  z.ZodType<TReplySettingsValues, TReplySettingsValues>
> = (t: Translator) => {
  const { minDays: min, maxDays: max } = REPLY_NUDGE_LIMITS;
  const days = (field: string) =>
    z
      .number({ error: t("replyTimes.settings.daysRange", { field, min, max }) })
      .int(t("replyTimes.settings.daysRange", { field, min, max }))
      .min(min, t("replyTimes.settings.daysRange", { field, min, max }))
      .max(max, t("replyTimes.settings.daysRange", { field, min, max }));
  return z
    .object({
      replyNudgesEnabled: z.boolean(),
      replyNudgeDays: days(t("replyTimes.settings.nudgeDays")),
      replyEscalationDays: days(t("replyTimes.settings.escalationDays")),
      helpPostsPublic: z.boolean(),
    })
    .refine((v) => v.replyEscalationDays > v.replyNudgeDays, {
      path: ["replyEscalationDays"],
      message: t("replyTimes.settings.escalationAfterNudge"),
    });
};

/** The message for a problem the api found on one of the fields (its 422 `code`). */
export function replySettingsApiMessage(t: Translator, field: string, code?: string): string {
  const { minDays: min, maxDays: max } = REPLY_NUDGE_LIMITS;
  if (code === "greater_than" || code === "less_than") {
    return t("replyTimes.settings.escalationAfterNudge");
  }
  const name =
    field === "replyNudgeDays"
      ? t("replyTimes.settings.nudgeDays")
      : t("replyTimes.settings.escalationDays");
  return t("replyTimes.settings.daysRange", { field: name, min, max });
}
