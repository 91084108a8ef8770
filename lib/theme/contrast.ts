// WCAG 2.2 contrast of CSS colours as a browser paints them on an sRGB screen. Used by the
// theme tests and by docs/theme.md's table, so the AA claims are computed, not copied.

export type TRgb = { r: number; g: number; b: number };

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** Linear-light sRGB channel → 8-bit sRGB (the gamma curve of IEC 61966-2-1), clipped to the gamut. */
function encode(linear: number): number {
  const c = clamp01(linear);
  const encoded = c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
  return Math.round(encoded * 255);
}

/**
 * oklch(L C H) → 8-bit sRGB (Björn Ottosson's OKLab matrices, as CSS Color 4 uses them).
 * Out-of-gamut colours are clipped per channel, as Chromium paints them on an sRGB screen.
 */
export function oklchToRgb(lightness: number, chroma: number, hueDegrees: number): TRgb {
  const hue = (hueDegrees * Math.PI) / 180;
  const a = chroma * Math.cos(hue);
  const b = chroma * Math.sin(hue);
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return {
    r: encode(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    g: encode(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    b: encode(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  };
}

const OKLCH = /^oklch\(\s*([\d.]+)(%?)\s+([\d.]+)\s+([\d.]+|none)\s*\)$/i;
const HEX = /^#([0-9a-f]{6})$/i;

/** Parses the colour notations the theme uses: `oklch(52.7% 0.154 150.069)` (Tailwind's) and `#rrggbb`. */
export function parseColor(value: string): TRgb {
  const trimmed = value.trim();
  const oklch = OKLCH.exec(trimmed);
  if (oklch) {
    const lightness = Number(oklch[1]) / (oklch[2] ? 100 : 1);
    // An achromatic colour has no hue (`none`); with chroma 0 any hue gives the same grey.
    const hue = oklch[4].toLowerCase() === "none" ? 0 : Number(oklch[4]);
    return oklchToRgb(lightness, Number(oklch[3]), hue);
  }
  const hex = HEX.exec(trimmed);
  if (hex) {
    const n = Number.parseInt(hex[1], 16);
    return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
  }
  throw new Error(`Unsupported colour notation: ${value}`);
}

/** WCAG 2.2 relative luminance of an 8-bit sRGB colour. */
export function relativeLuminance({ r, g, b }: TRgb): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2.2 contrast ratio (1–21) of two CSS colours. */
export function contrastRatio(foreground: string, background: string): number {
  const a = relativeLuminance(parseColor(foreground));
  const b = relativeLuminance(parseColor(background));
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** WCAG 2.2 AA: 4.5:1 for normal text (1.4.3), 3:1 for large text and UI boundaries (1.4.11). */
export const AA_TEXT = 4.5;
export const AA_NON_TEXT = 3;
