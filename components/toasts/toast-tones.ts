import type { ToastColor } from "@/lib/toasts/toast-types";

/**
 * The colour classes of each toast colour. Title and message are always neutral-900/800 on
 * `surface`; the colour shows in the stripe along the start edge, the icon and the progress
 * bar, and the icon's shape differs too, so colour is never the only difference (WCAG
 * 1.4.1). Status colours are the same for every tenant (danger is the theme's red, the
 * others fixed Tailwind palettes); primary and muted follow the tenant's palette with
 * pairings the theme already proves (primary-700 on white, neutral-700 on neutral-100).
 * tests/unit/toaster.test.tsx computes the contrast of every pairing here.
 */
export const TOAST_TONES: Record<
  ToastColor,
  { surface: string; stripe: string; icon: string; bar: string }
> = {
  primary: {
    surface: "bg-white",
    stripe: "bg-primary-700",
    icon: "text-primary-700",
    bar: "bg-primary-700",
  },
  success: {
    surface: "bg-emerald-50",
    stripe: "bg-emerald-700",
    icon: "text-emerald-800",
    bar: "bg-emerald-700",
  },
  danger: {
    surface: "bg-danger-50",
    stripe: "bg-danger-700",
    icon: "text-danger-700",
    bar: "bg-danger-700",
  },
  warning: {
    surface: "bg-amber-50",
    stripe: "bg-amber-700",
    icon: "text-amber-800",
    bar: "bg-amber-700",
  },
  info: { surface: "bg-blue-50", stripe: "bg-blue-700", icon: "text-blue-700", bar: "bg-blue-700" },
  muted: {
    surface: "bg-neutral-100",
    stripe: "bg-neutral-700",
    icon: "text-neutral-700",
    bar: "bg-neutral-700",
  },
};

/** The text colours on every surface: title, message, close button. */
export const TOAST_TEXT = {
  title: "text-neutral-900",
  message: "text-neutral-800",
  close: "text-neutral-800",
} as const;
