/**
 * What the api and the web both know about reply times (docs/reply-times.md): when an
 * organisation that has not answered an application is reminded, when the centre's admins
 * are told, and when a vacancy may say how fast its organisation usually replies. The days
 * and the on/off switch are a setting per centre (site_settings); these are the defaults
 * and the bounds a centre may choose within.
 */

export const REPLY_NUDGE_DEFAULTS = {
  enabled: true,
  /** Working days without a reply before the organisation's staff get a reminder. */
  nudgeDays: 7,
  /** Working days without a reply before the centre's admins are told. */
  escalationDays: 10,
} as const;

export const REPLY_NUDGE_LIMITS = { minDays: 1, maxDays: 60 } as const;

/** "usually replies within N days": the median over this window, once there are enough. */
export const REPLY_STATS = { windowDays: 90, minReplies: 5 } as const;
