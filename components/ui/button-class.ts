// The button look (spec §1), apart from button.tsx so a module that only needs the classes
// (the error screens, which ship with every public page) does not pull in next/link.

type Variant = "neutral" | "outline";
/** spec §1: buttons are extra-large by default; "sm" is for buttons inside tables and lists. */
type Size = "xl" | "sm";

const base =
  // spec §1: buttons are neutral and fully rounded.
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold no-underline transition-colors aria-disabled:cursor-not-allowed aria-disabled:opacity-70";
const sizes: Record<Size, string> = {
  xl: "px-6 py-3 text-lg",
  sm: "px-4 py-1.5 text-base",
};
const variants: Record<Variant, string> = {
  neutral: "bg-neutral-800 text-white hover:bg-neutral-900 hover:text-white",
  outline:
    "border-2 border-neutral-700 bg-white text-neutral-900 hover:bg-neutral-100 hover:text-neutral-900",
};

export type TButtonStyle = { variant?: Variant; size?: Size; className?: string };

export function buttonClassName({
  variant = "neutral",
  size = "xl",
  className = "",
}: TButtonStyle = {}) {
  return `${base} ${sizes[size]} ${variants[variant]} ${className}`.trim();
}
