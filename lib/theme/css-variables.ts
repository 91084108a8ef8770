import { paletteScale, SHADES } from "./palettes";
import { SHAPE_RADII, type TTheme } from "./theme";

// The custom properties the root layout puts on <html>. app/globals.css maps Tailwind's
// tokens onto them (--color-primary-700: var(--site-primary-700, …)), so every class such as
// bg-primary-700, rounded-shape or font-sans follows the tenant without a component change.

export type TCssVariables = Record<`--site-${string}`, string>;

export function themeCssVariables(
  theme: Pick<TTheme, "palette" | "shape">,
  fontFamily: string,
): TCssVariables {
  const variables: TCssVariables = {};
  for (const [role, name] of Object.entries(theme.palette)) {
    const scale = paletteScale(name);
    for (const shade of SHADES) variables[`--site-${role}-${shade}`] = scale[shade];
  }
  const radii = SHAPE_RADII[theme.shape];
  variables["--site-radius"] = radii.control;
  variables["--site-radius-lg"] = radii.surface;
  variables["--site-font"] = fontFamily;
  return variables;
}

/**
 * The custom properties as a stylesheet on :root, for a nonced <style> in <head>: on <html>
 * as a style attribute they pushed <meta charset> past the first 1024 bytes (HTML's limit
 * for the encoding declaration) and needed style attributes in the page's policy. Values are
 * our own constants; one that could end the declaration or the element is left out.
 */
export function themeStyleSheet(variables: TCssVariables): string {
  const declarations = Object.entries(variables)
    .filter(([name, value]) => /^--site-[a-z0-9-]+$/.test(name) && !/[<>{};\\]/.test(value))
    .map(([name, value]) => `${name}:${value}`);
  return `:root{${declarations.join(";")}}`;
}
