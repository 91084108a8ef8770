/** spec §3: the colours a toast can have. */
export const TOAST_COLORS = ["primary", "success", "danger", "warning", "info", "muted"] as const;
export type ToastColor = (typeof TOAST_COLORS)[number];

/** spec §9: where the stack sits; bottom-right by default. */
export const TOAST_POSITIONS = [
  "top-left",
  "top-center",
  "top-right",
  "bottom-left",
  "bottom-center",
  "bottom-right",
] as const;
export type ToastPosition = (typeof TOAST_POSITIONS)[number];

/** Icons a toast can name (components/toasts/toast-icons.tsx draws them). */
export const TOAST_ICON_NAMES = [
  "bell",
  "check-circle",
  "x-circle",
  "exclamation-triangle",
  "information-circle",
  "chat",
] as const;
export type ToastIconName = (typeof TOAST_ICON_NAMES)[number];

/** The icon of each colour when the caller names none. */
export const DEFAULT_TOAST_ICONS: Record<ToastColor, ToastIconName> = {
  primary: "bell",
  success: "check-circle",
  danger: "x-circle",
  warning: "exclamation-triangle",
  info: "information-circle",
  muted: "bell",
};

export function isToastColor(value: string): value is ToastColor {
  return (TOAST_COLORS as readonly string[]).includes(value);
}

export function isToastPosition(value: string): value is ToastPosition {
  return (TOAST_POSITIONS as readonly string[]).includes(value);
}

/** spec §3: Toast. `paused` is ours: the timer stands still (hover or focus, spec §4). */
export interface Toast {
  id: string;
  title: string;
  message?: string;
  color: ToastColor;
  icon: ToastIconName;
  closable: boolean;
  /** In ms; 0 or less keeps the toast until it is closed (spec §4). */
  duration: number;
  /** Epoch ms (the store's clock) when it was added. */
  createdAt: number;
  /** 0 to 1: the part of `duration` that has run. Stays 0 without a duration. */
  progress: number;
  paused: boolean;
}

export interface ToastInput {
  title: string;
  message?: string;
  /** Default "primary". */
  color?: ToastColor;
  /** Default: the colour's icon (DEFAULT_TOAST_ICONS). */
  icon?: ToastIconName;
  /** Default true. Forced to true when the toast has no duration, or it could never go. */
  closable?: boolean;
  /** In ms, default DEFAULT_TOAST_DURATION; 0 or less keeps it until it is closed. */
  duration?: number;
}
