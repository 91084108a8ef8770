import { contrastRatio } from "@/lib/theme/contrast";
import { PAIRINGS, pairingColor, pairingColorName, type TColorRole } from "@/lib/theme/pairings";
import { DANGER_PALETTE, paletteScale, SHADES, type TPaletteName } from "@/lib/theme/palettes";
import type { TThemePalette } from "@/lib/theme/theme";

export type TContrastRow = {
  use: string;
  foreground: { name: string; color: string };
  background: { name: string; color: string };
  /** WCAG 2.2 contrast ratio, 1–21. */
  ratio: number;
  /** The AA minimum this pairing must meet (4.5 for text, 3 for boundaries). */
  min: number;
  passes: boolean;
};

/** Every foreground/background pairing the components use, computed for one palette. */
export function contrastRows(palette: TThemePalette): TContrastRow[] {
  return PAIRINGS.map((pairing) => {
    const foreground = pairingColor(pairing.foreground, palette);
    const background = pairingColor(pairing.background, palette);
    const ratio = contrastRatio(foreground, background);
    return {
      use: pairing.use,
      foreground: { name: pairingColorName(pairing.foreground), color: foreground },
      background: { name: pairingColorName(pairing.background), color: background },
      ratio,
      min: pairing.min,
      passes: ratio >= pairing.min,
    };
  });
}

export type TSwatchRow = {
  role: TColorRole;
  palette: string;
  shades: { shade: number; color: string }[];
};

/** The palette's scales as swatches: the three roles a tenant chooses, and danger (fixed). */
export function swatchRows(palette: TThemePalette): TSwatchRow[] {
  const names: [TColorRole, TPaletteName][] = [
    ["primary", palette.primary],
    ["secondary", palette.secondary],
    ["neutral", palette.neutral],
    ["danger", DANGER_PALETTE],
  ];
  return names.map(([role, name]) => {
    const scale = paletteScale(name);
    return { role, palette: name, shades: SHADES.map((shade) => ({ shade, color: scale[shade] })) };
  });
}

/** A ratio as WCAG writes it, rounded down so 4.499 never reads as passing 4.5. */
export const formatRatio = (ratio: number) => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
