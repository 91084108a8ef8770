import { paletteScale, SHADES } from "./palettes";
import type { TThemeOverrides } from "./resolve-theme";
import { SHAPE_RADII, type TTheme } from "./theme";

/**
 * /instellingen/design (docs/organization-forms-and-settings.md): what an admin picks, and
 * how the page previews and stores it.
 */

/** The choices of the design page: the three palettes, the font and the shape. */
export type TThemeChoice = Pick<TTheme, "font" | "shape"> & { palette: TTheme["palette"] };

/**
 * The overrides to store for a choice: only what differs from the site's own design (the
 * tenant's theme), so a later change of that design still reaches every choice left alone,
 * and choosing the site's design again stores nothing.
 */
export function themeOverridesFor(site: TThemeChoice, chosen: TThemeChoice): TThemeOverrides {
  const palette: NonNullable<TThemeOverrides["palette"]> = {};
  if (chosen.palette.primary !== site.palette.primary) palette.primary = chosen.palette.primary;
  if (chosen.palette.secondary !== site.palette.secondary) {
    palette.secondary = chosen.palette.secondary;
  }
  if (chosen.palette.neutral !== site.palette.neutral) palette.neutral = chosen.palette.neutral;
  return {
    ...(Object.keys(palette).length > 0 ? { palette } : {}),
    ...(chosen.font !== site.font ? { font: chosen.font } : {}),
    ...(chosen.shape !== site.shape ? { shape: chosen.shape } : {}),
  };
}

/** The site's design with the stored overrides on top: what the design page starts from. */
export function withOverrides(site: TThemeChoice, overrides: TThemeOverrides): TThemeChoice {
  return {
    palette: {
      primary: overrides.palette?.primary ?? site.palette.primary,
      secondary: overrides.palette?.secondary ?? site.palette.secondary,
      neutral: overrides.palette?.neutral ?? site.palette.neutral,
    },
    font: overrides.font ?? site.font,
    shape: overrides.shape ?? site.shape,
  };
}

/** Tailwind's token for each theme palette role (app/globals.css). */
const TOKEN_OF_ROLE = { primary: "primary", secondary: "accent", neutral: "neutral" } as const;

/**
 * Custom properties that draw a part of the page in another theme: the tokens themselves
 * (--color-primary-700, --radius-shape, --font-sans …), because app/globals.css resolves
 * them from the --site-* values once, on <html>, and descendants inherit the result.
 * On the high-contrast tenant the borders stay strong, as app/globals.css makes them.
 */
export function themePreviewVariables(
  choice: TThemeChoice,
  fontFamily: string,
  highContrast: boolean,
): Record<`--${string}`, string> {
  const variables: Record<`--${string}`, string> = {};
  for (const role of ["primary", "secondary", "neutral"] as const) {
    const scale = paletteScale(choice.palette[role]);
    for (const shade of SHADES) variables[`--color-${TOKEN_OF_ROLE[role]}-${shade}`] = scale[shade];
  }
  if (highContrast) {
    const neutral = paletteScale(choice.palette.neutral);
    variables["--color-neutral-300"] = neutral[700];
    variables["--color-neutral-500"] = neutral[900];
  }
  const radii = SHAPE_RADII[choice.shape];
  variables["--radius-shape"] = radii.control;
  variables["--radius-shape-lg"] = radii.surface;
  variables["--font-sans"] = fontFamily;
  return variables;
}
