import { z } from "zod";
import type { TTenantConfig } from "@/lib/tenants/tenants";
import { ZFontId } from "./font-list";
import { type TTheme, ZNeutralPalette, ZPrimaryPalette, ZSecondaryPalette, ZShape } from "./theme";

/**
 * What an admin may change on /instellingen/design, as the api will send it: colours as
 * palette names from the vetted sets, the font, the shape. Lenient on purpose: a value this
 * build does not know (a font removed since, a typo in the api) is dropped and the tenant's
 * own choice stays, instead of breaking every page of the site.
 */
export const ZThemeOverrides = z
  .object({
    palette: z
      .object({
        primary: ZPrimaryPalette.optional().catch(undefined),
        secondary: ZSecondaryPalette.optional().catch(undefined),
        neutral: ZNeutralPalette.optional().catch(undefined),
      })
      .optional()
      .catch(undefined),
    font: ZFontId.optional().catch(undefined),
    shape: ZShape.optional().catch(undefined),
  })
  .catch({});

export type TThemeOverrides = z.output<typeof ZThemeOverrides>;

/** Overrides from untrusted input (the api's JSON); never throws. */
export function parseThemeOverrides(input: unknown): TThemeOverrides {
  return ZThemeOverrides.parse(input ?? {});
}

/** The theme a page is drawn with, plus the tenant's contrast flag (spec §1). */
export type TResolvedTheme = TTheme & { highContrast: boolean };

/**
 * The tenant's theme with an admin's overrides on top. High contrast is a property of the
 * tenant, not of the design page: no override turns it off.
 */
export function resolveTheme(
  tenant: Pick<TTenantConfig, "theme" | "highContrast">,
  overrides: TThemeOverrides = {},
): TResolvedTheme {
  const { theme } = tenant;
  return {
    ...theme,
    palette: {
      primary: overrides.palette?.primary ?? theme.palette.primary,
      secondary: overrides.palette?.secondary ?? theme.palette.secondary,
      neutral: overrides.palette?.neutral ?? theme.palette.neutral,
    },
    font: overrides.font ?? theme.font,
    shape: overrides.shape ?? theme.shape,
    highContrast: tenant.highContrast,
  };
}
