import { z } from "zod";
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENT_KINDS,
  type TNotificationEventKind,
  type TNotificationPreferences,
} from "../../lib/contract/notification-preferences";

const channel = z.enum(NOTIFICATION_CHANNELS).optional();

/**
 * `notification_preferences` as PATCH /api/v1/current_user takes it: some of the event kinds,
 * each with a channel. An unknown kind is refused, not dropped: a form that sends a kind the
 * api does not know has a bug that a silent drop would hide.
 */
export const ZNotificationPreferences = z.strictObject(
  Object.fromEntries(NOTIFICATION_EVENT_KINDS.map((kind) => [kind, channel])) as Record<
    TNotificationEventKind,
    typeof channel
  >,
);

/**
 * What is stored, as the api answers it: the kinds the user chose, each a known channel. A
 * kind left out is the default (channelFor); a kind or channel the contract has since
 * dropped is left out too, so the web never meets a value it cannot show.
 */
export function knownPreferences(stored: unknown): TNotificationPreferences {
  const out: TNotificationPreferences = {};
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return out;
  for (const kind of NOTIFICATION_EVENT_KINDS) {
    const value = (stored as Record<string, unknown>)[kind];
    if ((NOTIFICATION_CHANNELS as readonly unknown[]).includes(value)) {
      out[kind] = value as (typeof NOTIFICATION_CHANNELS)[number];
    }
  }
  return out;
}
