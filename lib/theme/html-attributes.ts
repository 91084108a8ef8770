import type { CSSProperties } from "react";
import type { TTenantConfig } from "@/lib/tenants/tenants";
import { themeCssVariables } from "./css-variables";
import type { TFontId } from "./font-list";
import { FONT_FAMILIES } from "./fonts";
import { resolveTheme, type TThemeOverrides } from "./resolve-theme";
import type { TShape } from "./theme";

export type THtmlThemeAttributes = {
  /** The --site-* custom properties app/globals.css maps Tailwind's tokens onto. */
  style: CSSProperties;
  "data-shape": TShape;
  "data-font": TFontId;
  /** spec §1: the high-contrast tenant; app/globals.css strengthens borders under it. */
  "data-contrast"?: "high";
};

/**
 * Attributes for the root layout's <html>: the tenant's theme (spec §1), with an admin's
 * overrides from /instellingen/design on top (lib/theme/resolve-theme.ts, lib/site/site-settings.ts).
 */
export function themeHtmlAttributes(
  tenant: TTenantConfig,
  overrides?: TThemeOverrides,
): THtmlThemeAttributes {
  const theme = resolveTheme(tenant, overrides);
  const attributes: THtmlThemeAttributes = {
    // React writes custom properties as they are; CSSProperties has no index signature for them.
    style: themeCssVariables(theme, FONT_FAMILIES[theme.font]) as CSSProperties,
    "data-shape": theme.shape,
    "data-font": theme.font,
  };
  if (theme.highContrast) attributes["data-contrast"] = "high";
  return attributes;
}
