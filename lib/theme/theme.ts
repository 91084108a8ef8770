import { z } from "zod";
import { DEFAULT_FONT, ZFontId } from "./font-list";
import { NEUTRAL_PALETTES, PRIMARY_PALETTES, SECONDARY_PALETTES } from "./palettes";

// The theme model of spec §1 (docs/theme.md). Tenant config (lib/tenants/tenants.ts) holds
// one per tenant; lib/theme/resolve-theme.ts overlays what an admin chose later.

/** spec §1: shape options, default 'rounded'. */
export const SHAPES = ["straight", "rounded", "curved", "smooth", "full"] as const;
export const ZShape = z.enum(SHAPES);
export type TShape = z.infer<typeof ZShape>;
export const DEFAULT_SHAPE: TShape = "rounded";

/**
 * Corner radii per shape: `control` for inputs, notices and other rounded-shape boxes,
 * `surface` for cards (rounded-shape-lg). 'full' makes single-line controls pills (the
 * radius is at least half their height) but stays finite, so a multi-line box keeps its
 * text inside the curve. Buttons are fully rounded whatever the shape (spec §1).
 */
export const SHAPE_RADII: Readonly<Record<TShape, { control: string; surface: string }>> = {
  straight: { control: "0px", surface: "0px" },
  rounded: { control: "0.5rem", surface: "0.75rem" },
  curved: { control: "0.75rem", surface: "1.25rem" },
  smooth: { control: "1rem", surface: "1.5rem" },
  full: { control: "1.5rem", surface: "2rem" },
};

export const ZPrimaryPalette = z.enum(PRIMARY_PALETTES);
export const ZSecondaryPalette = z.enum(SECONDARY_PALETTES);
export const ZNeutralPalette = z.enum(NEUTRAL_PALETTES);

/** spec §1: palette green/blue/slate by default. Secondary is Tailwind's `accent-*` tokens. */
export const ZThemePalette = z.object({
  primary: ZPrimaryPalette.default("green"),
  secondary: ZSecondaryPalette.default("blue"),
  neutral: ZNeutralPalette.default("slate"),
});

export const ZTheme = z.object({
  /** spec §1: header variant 'tab', sticky. */
  header: z
    .object({ variant: z.literal("tab").default("tab"), sticky: z.boolean().default(true) })
    .prefault({}),
  /** spec §1: footer variant 'fixed' (at the end of the page, docs/decisions.md). */
  footer: z.object({ variant: z.literal("fixed").default("fixed") }).prefault({}),
  shape: ZShape.default(DEFAULT_SHAPE),
  /** spec §1: buttons neutral, extra-large, fully rounded (components/ui/button.tsx). */
  buttons: z
    .object({
      variant: z.literal("neutral").default("neutral"),
      size: z.literal("xl").default("xl"),
      rounded: z.literal("full").default("full"),
    })
    .prefault({}),
  palette: ZThemePalette.prefault({}),
  /** spec §1: one sans font by default, others selectable. */
  font: ZFontId.default(DEFAULT_FONT),
});

export type TTheme = z.output<typeof ZTheme>;
/** What tenant config writes: everything optional, the defaults of spec §1 fill in. */
export type TThemeInput = z.input<typeof ZTheme>;
export type TThemePalette = TTheme["palette"];

export const DEFAULT_THEME: TTheme = ZTheme.parse({});
