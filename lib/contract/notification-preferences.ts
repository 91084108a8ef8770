/**
 * How a user wants to hear of each kind of event (/profile-edit/settings): in the app, by
 * mail, both, or not at all. Kept on the user as `notification_preferences`, read and
 * changed through GET and PATCH /api/v1/current_user (docs/volunteer-profiles.md); a kind the
 * user never chose is `both`.
 */

export const NOTIFICATION_EVENT_KINDS = [
  /** Organisation staff: someone applied to one of their vacancies. */
  "application_received",
  /** The volunteer: their application was accepted, declined or closed. */
  "application_status",
  /** Organisation staff: an applicant withdrew. */
  "application_withdrawn",
  /** Either side: a new message in one of their conversations. */
  "message_received",
] as const;
export type TNotificationEventKind = (typeof NOTIFICATION_EVENT_KINDS)[number];

export const NOTIFICATION_CHANNELS = ["both", "in_app", "mail", "none"] as const;
export type TNotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type TNotificationPreferences = Partial<
  Record<TNotificationEventKind, TNotificationChannel>
>;

export const DEFAULT_NOTIFICATION_CHANNEL: TNotificationChannel = "both";

/** The channel the user chose for `kind`, or the default. */
export function channelFor(
  preferences: TNotificationPreferences | null | undefined,
  kind: TNotificationEventKind,
): TNotificationChannel {
  const chosen = preferences?.[kind];
  return chosen && NOTIFICATION_CHANNELS.includes(chosen) ? chosen : DEFAULT_NOTIFICATION_CHANNEL;
}

export const wantsInApp = (channel: TNotificationChannel) =>
  channel === "both" || channel === "in_app";
export const wantsMail = (channel: TNotificationChannel) =>
  channel === "both" || channel === "mail";
