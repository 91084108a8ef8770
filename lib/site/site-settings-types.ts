import type { TThemeOverrides } from "@/lib/theme/resolve-theme";

/** A footer link as stored (docs/api-site-settings.md): a label and a web address or site path. */
export type TFooterLinkInput = { label: string; url: string };

/** GET /api/v1/site_settings/:id, flattened: the id is the centre's. */
export type TSiteSettingsRecord = {
  id: string;
  volunteerCenterId: number | string;
  /** Untrusted: read it with parseThemeOverrides (lib/theme/resolve-theme.ts). */
  theme: unknown;
  footer: { text?: string | null; links?: TFooterLinkInput[] } | null;
  /** The reply-time reminders (docs/reply-times.md); the defaults until the centre saves. */
  replyNudgesEnabled?: boolean;
  replyNudgeDays?: number;
  replyEscalationDays?: number;
  /** Whether signed-out visitors may read the peer-help posts. */
  helpPostsPublic?: boolean;
  /** New vacancies of the centre's organisations wait for its review (docs/status-machines.md). */
  reviewsNewVacancies?: boolean;
  updatedAt: string | null;
};

/** What PUT takes: each part sent replaces that part whole (`theme: {}` = the site's design). */
export type TSiteSettingsChange = {
  theme?: TThemeOverrides;
  footer?: { text: string; links: TFooterLinkInput[] };
  replyNudgesEnabled?: boolean;
  replyNudgeDays?: number;
  replyEscalationDays?: number;
  helpPostsPublic?: boolean;
};
