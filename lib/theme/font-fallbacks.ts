import type { TFontId } from "./font-list";

// Metric-adjusted fallback faces for the platforms that have no Arial (docs/theme.md
// "Fonts"). next/font gives each bundled font a fallback face on `local(Arial)`, so the text
// takes the same room before and after the font file arrives (display: swap). Android has
// no Arial and Linux has it only under another name, so there the fallback face was
// skipped, the system font stood in unadjusted, and the page shifted when the file arrived
// (Lighthouse: a cumulative layout shift of 0.12 on an activity page). These faces add
// Liberation Sans / Arimo (Arial's metric-compatible clones on Linux and ChromeOS) and
// Roboto (Android).

type TBundledFontId = Exclude<TFontId, "system">;
/** CSS metric overrides, in percent. */
export type TMetricOverrides = {
  ascent: number;
  descent: number;
  lineGap: number;
  sizeAdjust: number;
};

/**
 * next/font's own overrides of each font against Arial, as its build writes them
 * (`@font-face{font-family:interLatin Fallback;src:local(Arial);ascent-override:89.79%;…}`),
 * computed from the font files. e2e/fonts.spec.ts fails when a font package changes them.
 */
export const ARIAL_OVERRIDES: Readonly<Record<TBundledFontId, TMetricOverrides>> = {
  inter: { ascent: 89.79, descent: 22.36, lineGap: 0, sizeAdjust: 107.89 },
  "atkinson-hyperlegible-next": { ascent: 99.04, descent: 31.8, lineGap: 0, sizeAdjust: 99.36 },
  figtree: { ascent: 95.06, descent: 25.02, lineGap: 0, sizeAdjust: 99.94 },
  "open-sans": { ascent: 101.58, descent: 27.84, lineGap: 0, sizeAdjust: 105.22 },
  "nunito-sans": { ascent: 103.02, descent: 35.97, lineGap: 0, sizeAdjust: 98.13 },
};

// Average character widths per em (capsize's metrics, the ones next/font uses).
const ARIAL_WIDTH = 913 / 2048;
const ROBOTO_WIDTH = 911 / 2048;

/**
 * The same font measured against another fallback: size-adjust scales with the ratio of
 * the fallbacks' average widths, and the vertical overrides (relative to the adjusted size)
 * by its inverse, so the font's own ascent, descent and line gap stay what they are.
 */
export function againstFallback(arial: TMetricOverrides, fallbackWidth: number): TMetricOverrides {
  const sizeAdjust = arial.sizeAdjust * (ARIAL_WIDTH / fallbackWidth);
  const keep = arial.sizeAdjust / sizeAdjust;
  return {
    ascent: arial.ascent * keep,
    descent: arial.descent * keep,
    lineGap: arial.lineGap * keep,
    sizeAdjust,
  };
}

const pct = (n: number) => `${n.toFixed(2)}%`;

function face(family: string, sources: string[], o: TMetricOverrides): string {
  const src = sources.map((name) => `local("${name}")`).join(", ");
  return `@font-face{font-family:"${family}";src:${src};ascent-override:${pct(o.ascent)};descent-override:${pct(o.descent)};line-gap-override:${pct(o.lineGap)};size-adjust:${pct(o.sizeAdjust)}}`;
}

/** The extra fallback families of a font, in the order its font stack names them. */
export function fallbackFamilies(font: TBundledFontId): string[] {
  return [`${font} Fallback Roboto`, `${font} Fallback Liberation`];
}

function facesOf(font: TBundledFontId): string {
  const arial = ARIAL_OVERRIDES[font];
  const [roboto, liberation] = fallbackFamilies(font);
  return [
    face(
      roboto,
      ["Roboto", "Roboto Regular", "Roboto-Regular"],
      againstFallback(arial, ROBOTO_WIDTH),
    ),
    // Metric-compatible with Arial: the very same overrides.
    face(liberation, ["Liberation Sans", "LiberationSans", "Arimo", "Arimo Regular"], arial),
  ].join("\n");
}

// Built once: the root layout asks on every request.
const FACES = Object.fromEntries(
  (Object.keys(ARIAL_OVERRIDES) as TBundledFontId[]).map((font) => [font, facesOf(font)]),
) as Record<TBundledFontId, string>;

/** The @font-face rules of a font's extra fallbacks ("" for the system font). */
export function fallbackFontFaces(font: TFontId): string {
  return font === "system" ? "" : FACES[font];
}
