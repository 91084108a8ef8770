import type {
  TNotificationChannel,
  TNotificationEventKind,
} from "@/lib/contract/notification-preferences";
import type {
  TAvailabilityDay,
  TAvailabilityPart,
  TPeriodicMailFrequency,
  TVolunteerLanguage,
} from "@/lib/contract/volunteer-profile";
import type { Translator } from "@/lib/i18n/translator";

// One literal key per case, so the message check sees every text (docs/decisions.md, i18n).

export function dayLabel(t: Translator, day: TAvailabilityDay): string {
  switch (day) {
    case "monday":
      return t("profile.days.monday");
    case "tuesday":
      return t("profile.days.tuesday");
    case "wednesday":
      return t("profile.days.wednesday");
    case "thursday":
      return t("profile.days.thursday");
    case "friday":
      return t("profile.days.friday");
    case "saturday":
      return t("profile.days.saturday");
    case "sunday":
      return t("profile.days.sunday");
  }
}

export function partLabel(t: Translator, part: TAvailabilityPart): string {
  switch (part) {
    case "morning":
      return t("profile.parts.morning");
    case "afternoon":
      return t("profile.parts.afternoon");
    case "evening":
      return t("profile.parts.evening");
  }
}

export function channelLabel(t: Translator, channel: TNotificationChannel): string {
  switch (channel) {
    case "in_app":
      return t("profile.settings.channels.inApp");
    case "mail":
      return t("profile.settings.channels.mail");
    case "both":
      return t("profile.settings.channels.both");
    case "none":
      return t("profile.settings.channels.none");
  }
}

/** A kind of event: its name and, in plain words, when it happens. */
export function eventKindText(
  t: Translator,
  kind: TNotificationEventKind,
): { label: string; explanation: string } {
  switch (kind) {
    case "application_received":
      return {
        label: t("profile.settings.kinds.applicationReceived.label"),
        explanation: t("profile.settings.kinds.applicationReceived.explanation"),
      };
    case "application_status":
      return {
        label: t("profile.settings.kinds.applicationStatus.label"),
        explanation: t("profile.settings.kinds.applicationStatus.explanation"),
      };
    case "application_withdrawn":
      return {
        label: t("profile.settings.kinds.applicationWithdrawn.label"),
        explanation: t("profile.settings.kinds.applicationWithdrawn.explanation"),
      };
    case "message_received":
      return {
        label: t("profile.settings.kinds.messageReceived.label"),
        explanation: t("profile.settings.kinds.messageReceived.explanation"),
      };
  }
}

export function frequencyLabel(t: Translator, frequency: TPeriodicMailFrequency): string {
  switch (frequency) {
    case "never":
      return t("profile.periodicMail.frequencies.never");
    case "weekly":
      return t("profile.periodicMail.frequencies.weekly");
    case "monthly":
      return t("profile.periodicMail.frequencies.monthly");
  }
}

/**
 * A language's name in the interface's language (Intl.DisplayNames), the code when the
 * browser does not know it. `sgn` is ISO 639-2's group of all sign languages, which Intl
 * does not name; the contract means Dutch Sign Language by it, so that is what it says.
 */
export function languageNames(t: Translator, locale: string) {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: "language", fallback: "code" });
  } catch {
    names = null;
  }
  return (code: TVolunteerLanguage): string => {
    if (code === "sgn") return t("profile.languages.sgn");
    return names?.of(code) ?? code;
  };
}
