import { z } from "zod";

// The fonts a theme may name (docs/theme.md "Fonts"). No next/font here, so the config,
// the tests and a later admin page can use the list; lib/theme/fonts.ts loads the files.

/** What the default ("system") and every bundled font fall back to. */
export const SYSTEM_SANS_STACK =
  'ui-sans-serif, system-ui, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/**
 * "system" is the default: the device's own sans-serif costs no download and no layout shift.
 * The others are the installed @fontsource-variable packages, self-hosted (latin + latin-ext).
 */
export const FONT_IDS = [
  "system",
  "inter",
  "atkinson-hyperlegible-next",
  "figtree",
  "open-sans",
  "nunito-sans",
] as const;

export const ZFontId = z.enum(FONT_IDS);
export type TFontId = z.infer<typeof ZFontId>;

export const DEFAULT_FONT: TFontId = "system";

/** Names to show in a font picker (proper names, the same in every language). */
export const FONT_LABELS: Readonly<Record<Exclude<TFontId, "system">, string>> = {
  inter: "Inter",
  "atkinson-hyperlegible-next": "Atkinson Hyperlegible Next",
  figtree: "Figtree",
  "open-sans": "Open Sans",
  "nunito-sans": "Nunito Sans",
};
