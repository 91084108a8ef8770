import { AA_NON_TEXT, AA_TEXT } from "./contrast";
import { DANGER_PALETTE, paletteScale, type TShade } from "./palettes";
import type { TThemePalette } from "./theme";

// The colour pairings the components use (foreground on background), with the WCAG 2.2 AA
// ratio each must meet. tests/unit/theme.test.ts computes every pairing for every allowed
// palette combination, so a new pairing in a component belongs here first.

export type TColorRole = "primary" | "secondary" | "neutral" | "danger";
export type TColorRef = "white" | { role: TColorRole; shade: TShade };
export type TPairing = {
  foreground: TColorRef;
  background: TColorRef;
  /** AA_TEXT (4.5:1, text) or AA_NON_TEXT (3:1, borders of controls, focus rings, icons). */
  min: number;
  use: string;
};

const c = (role: TColorRole, shade: TShade): TColorRef => ({ role, shade });
const white = "white" as const;

/** The page and surface backgrounds text is put on. */
const surfaces = [white, c("neutral", 50), c("neutral", 100)];

function pairs(
  foregrounds: TColorRef[],
  backgrounds: TColorRef[],
  min: number,
  use: string,
): TPairing[] {
  return foregrounds.flatMap((foreground) =>
    backgrounds.map((background) => ({ foreground, background, min, use })),
  );
}

export const PAIRINGS: readonly TPairing[] = [
  // Body text, labels, hints: on white cards, the neutral-50 page, neutral-100 hovers, the
  // primary-50 notice and danger-50 alerts and toasts.
  ...pairs(
    [c("neutral", 600), c("neutral", 700), c("neutral", 800), c("neutral", 900)],
    [...surfaces, c("primary", 50), c("danger", 50)],
    AA_TEXT,
    "text",
  ),
  // Neutral buttons (spec §1), the skip link: white text on dark neutrals.
  ...pairs(
    [white],
    [c("neutral", 700), c("neutral", 800), c("neutral", 900)],
    AA_TEXT,
    "button text",
  ),
  // Brand text (site name, headings). 700 only on white, the page and its own 50: green-700
  // is 4.5:1 on the 100s at best, so text on a tinted hover uses 800 or darker.
  ...pairs([c("primary", 700)], [white, c("neutral", 50), c("primary", 50)], AA_TEXT, "brand text"),
  ...pairs(
    [c("primary", 800), c("primary", 900)],
    [...surfaces, c("primary", 50), c("primary", 100)],
    AA_TEXT,
    "brand text",
  ),
  ...pairs(
    [white],
    [c("primary", 700), c("primary", 800), c("primary", 900)],
    AA_TEXT,
    "primary buttons",
  ),
  // Links (secondary = Tailwind tokens accent-*), also inside a notice; 700 is the focus ring.
  ...pairs(
    [c("secondary", 700), c("secondary", 800)],
    [...surfaces, c("primary", 50)],
    AA_TEXT,
    "links",
  ),
  ...pairs([white], [c("secondary", 700), c("secondary", 800)], AA_TEXT, "accent buttons"),
  // Errors: field messages on white, form-level alerts on danger-50.
  ...pairs(
    [c("danger", 700), c("danger", 800)],
    [white, c("neutral", 50), c("danger", 50)],
    AA_TEXT,
    "error text",
  ),
  ...pairs([white], [c("danger", 700)], AA_TEXT, "danger buttons"),
  // WCAG 1.4.11: the boundary of an input (neutral-500) and decorative primary-600 accents.
  ...pairs([c("neutral", 500)], [white, c("neutral", 50)], AA_NON_TEXT, "input borders"),
  ...pairs([c("primary", 600)], [white], AA_NON_TEXT, "accents"),
  // The current tab's underline and toast stripes (primary-700), also on a neutral-100 hover.
  ...pairs([c("primary", 700)], [c("neutral", 100)], AA_NON_TEXT, "underlines and stripes"),
];

/** The CSS colour a pairing's side names, for one tenant's palette (danger is the same everywhere). */
export function pairingColor(ref: TColorRef, palette: TThemePalette): string {
  if (ref === "white") return "#ffffff";
  const name = ref.role === "danger" ? DANGER_PALETTE : palette[ref.role];
  return paletteScale(name)[ref.shade];
}

/** How a pairing's side is named on the colours pages: 'white', 'primary-700'. */
export const pairingColorName = (ref: TColorRef) =>
  ref === "white" ? "white" : `${ref.role}-${ref.shade}`;
