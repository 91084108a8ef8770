import { z } from "zod";
import { camelCaseKey } from "@/lib/api/case";
import {
  channelFor,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENT_KINDS,
  type TNotificationEventKind,
  type TNotificationPreferences,
} from "@/lib/contract/notification-preferences";
import { type TUserLocale, USER_LOCALES } from "@/lib/contract/user";
import type { TAccountUser } from "./profile-types";

/**
 * /profile-edit/settings: the language and, per kind of event, how to hear of it. The form's
 * fields are the kinds camelCased (`notificationPreferences.applicationReceived`), as the
 * client reads them and as a 422's pointer
 * (`/data/attributes/notification_preferences/application_received`) names them.
 */

export const preferenceField = (kind: TNotificationEventKind) => camelCaseKey(kind);

const channel = z.enum(NOTIFICATION_CHANNELS);

export function settingsSchema() {
  return z.object({
    locale: z.enum(USER_LOCALES),
    notificationPreferences: z.object(
      Object.fromEntries(NOTIFICATION_EVENT_KINDS.map((kind) => [preferenceField(kind), channel])),
    ),
  });
}

export type TSettingsFormValues = {
  locale: TUserLocale;
  notificationPreferences: Record<string, (typeof NOTIFICATION_CHANNELS)[number]>;
};

/** The choices as stored, a kind never chosen as its default (`both`, channelFor). */
export function settingsDefaults(
  user: TAccountUser,
  fallbackLocale: TUserLocale,
): TSettingsFormValues {
  const stored = user.notificationPreferences ?? {};
  // The client camelCased the stored kinds; channelFor reads them by their wire names.
  const byKind = Object.fromEntries(
    NOTIFICATION_EVENT_KINDS.map((kind) => [kind, stored[preferenceField(kind)]]),
  ) as TNotificationPreferences;
  const locale = USER_LOCALES.find((code) => code === user.locale) ?? fallbackLocale;
  return {
    locale,
    notificationPreferences: Object.fromEntries(
      NOTIFICATION_EVENT_KINDS.map((kind) => [preferenceField(kind), channelFor(byKind, kind)]),
    ),
  };
}

/** Every kind with its channel, by its wire name: the PATCH sends all of them. */
export function preferencesToSend(values: TSettingsFormValues): TNotificationPreferences {
  return Object.fromEntries(
    NOTIFICATION_EVENT_KINDS.map((kind) => [
      kind,
      values.notificationPreferences[preferenceField(kind)],
    ]),
  ) as TNotificationPreferences;
}
