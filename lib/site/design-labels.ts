import type { Translator } from "@/lib/i18n/translator";
import { FONT_LABELS, type TFontId } from "@/lib/theme/font-list";
import type { TPaletteName } from "@/lib/theme/palettes";
import type { TShape } from "@/lib/theme/theme";

// Names of the design page's choices in the active language, one literal key per case
// (tests/unit/messages.test.ts sees every one). Fonts keep their proper names.

export function paletteLabel(t: Translator, name: TPaletteName): string {
  switch (name) {
    case "green":
      return t("settings.design.palettes.green");
    case "emerald":
      return t("settings.design.palettes.emerald");
    case "teal":
      return t("settings.design.palettes.teal");
    case "cyan":
      return t("settings.design.palettes.cyan");
    case "blue":
      return t("settings.design.palettes.blue");
    case "indigo":
      return t("settings.design.palettes.indigo");
    case "violet":
      return t("settings.design.palettes.violet");
    case "slate":
      return t("settings.design.palettes.slate");
    case "gray":
      return t("settings.design.palettes.gray");
    case "zinc":
      return t("settings.design.palettes.zinc");
    case "neutral":
      return t("settings.design.palettes.neutral");
    case "stone":
      return t("settings.design.palettes.stone");
    default:
      return t("settings.design.palettes.red");
  }
}

export function shapeLabel(t: Translator, shape: TShape): string {
  switch (shape) {
    case "straight":
      return t("settings.design.shapes.straight");
    case "rounded":
      return t("settings.design.shapes.rounded");
    case "curved":
      return t("settings.design.shapes.curved");
    case "smooth":
      return t("settings.design.shapes.smooth");
    default:
      return t("settings.design.shapes.full");
  }
}

export function fontLabel(t: Translator, font: TFontId): string {
  return font === "system" ? t("settings.design.systemFont") : FONT_LABELS[font];
}
