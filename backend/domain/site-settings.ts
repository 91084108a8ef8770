import { z } from "zod";
import { REPLY_NUDGE_LIMITS } from "../../lib/contract/reply-times";
import { FOOTER_LIMITS, isFooterUrl } from "../../lib/contract/site-settings";
import { FONT_IDS } from "../../lib/theme/font-list";
import { NEUTRAL_PALETTES, PRIMARY_PALETTES, SECONDARY_PALETTES } from "../../lib/theme/palettes";
import { SHAPES } from "../../lib/theme/theme";
import type { TSiteFooter, TSiteTheme } from "../db/schema";

/**
 * What a centre's staff may set on /instellingen/design and /instellingen/footer
 * (docs/api-site-settings.md). The theme's words are the web's own vetted lists
 * (lib/theme: palettes that pass the contrast pairings, bundled fonts, spec §1's shapes),
 * so nothing stored here can make a page fail WCAG contrast or ask for a missing font.
 * Strict: an unknown key or value is a 422, not silently dropped.
 */

// The limits and the link rule are the contract's (lib/contract/site-settings.ts), shared
// with the web's footer form.
const siteOrWebUrl = z
  .string()
  .trim()
  .min(1)
  .max(FOOTER_LIMITS.url)
  .refine(isFooterUrl, "must be a web address or a path on this site");

export const ZSiteTheme = z
  .object({
    palette: z
      .object({
        primary: z.enum(PRIMARY_PALETTES).optional(),
        secondary: z.enum(SECONDARY_PALETTES).optional(),
        neutral: z.enum(NEUTRAL_PALETTES).optional(),
      })
      .strict()
      .optional(),
    font: z.enum(FONT_IDS).optional(),
    shape: z.enum(SHAPES).optional(),
  })
  .strict();

export const ZSiteFooter = z
  .object({
    text: z.string().trim().max(FOOTER_LIMITS.text).nullable().optional(),
    links: z
      .array(
        z
          .object({
            label: z.string().trim().min(1).max(FOOTER_LIMITS.label),
            url: siteOrWebUrl,
          })
          .strict(),
      )
      .max(FOOTER_LIMITS.links)
      .optional(),
  })
  .strict();

const replyDays = z
  .number()
  .int()
  .min(REPLY_NUDGE_LIMITS.minDays)
  .max(REPLY_NUDGE_LIMITS.maxDays)
  .optional();

export const ZSiteSettingsChanges = z.object({
  theme: ZSiteTheme.optional(),
  footer: ZSiteFooter.optional(),
  // The reply-time reminders (docs/reply-times.md): working days, on or off.
  reply_nudges_enabled: z.boolean().optional(),
  reply_nudge_days: replyDays,
  reply_escalation_days: replyDays,
  /** Whether signed-out visitors may read the peer-help posts; only stored for now. */
  help_posts_public: z.boolean().optional(),
  /** New vacancies of the centre's organisations wait for a centre admin (docs/vacancy-writes.md). */
  reviews_new_vacancies: z.boolean().optional(),
});

/** Drops empty parts, so `{palette: {}}` and a blank text store as nothing at all. */
export function normalizeTheme(theme: z.output<typeof ZSiteTheme>): TSiteTheme {
  const palette = Object.fromEntries(
    Object.entries(theme.palette ?? {}).filter(([, v]) => v !== undefined),
  );
  return {
    ...(Object.keys(palette).length > 0 ? { palette } : {}),
    ...(theme.font ? { font: theme.font } : {}),
    ...(theme.shape ? { shape: theme.shape } : {}),
  };
}

export function normalizeFooter(footer: z.output<typeof ZSiteFooter>): TSiteFooter {
  return {
    ...(footer.text ? { text: footer.text } : {}),
    ...(footer.links && footer.links.length > 0 ? { links: footer.links } : {}),
  };
}
