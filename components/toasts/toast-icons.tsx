import type { ReactNode } from "react";
import { TOAST_ICON_NAMES, type ToastIconName } from "@/lib/toasts/toast-types";

// Inline SVG, 24×24 outline, drawn in currentColor: no icon font or request (spec §9's
// icon fetch is for other icons). Decorative: the toast's text says what the icon shows.

const paths: Record<ToastIconName | "x-mark", ReactNode> = {
  bell: (
    <>
      <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15z" />
      <path d="M10 21a2 2 0 0 0 4 0" />
    </>
  ),
  "check-circle": (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.75 2.75L16 10" />
    </>
  ),
  "x-circle": (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m9 9 6 6m0-6-6 6" />
    </>
  ),
  "exclamation-triangle": (
    <>
      <path d="M10.3 4.2a2 2 0 0 1 3.4 0l7.5 13a2 2 0 0 1-1.7 3H4.5a2 2 0 0 1-1.7-3z" />
      <path d="M12 9.5v4" />
      <path d="M12 17h.01" />
    </>
  ),
  "information-circle": (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5.5" />
      <path d="M12 7.75h.01" />
    </>
  ),
  chat: (
    <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H9l-5 4z" />
  ),
  "x-mark": <path d="m6 6 12 12M18 6 6 18" />,
};

function Svg({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg
      // spec §9: icons default to 1em, so they follow the text size around them.
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  );
}

/** A toast's icon by name; a name this build does not know gets the bell. */
export function ToastIcon({ name, className }: { name: string; className?: string }) {
  const known = (TOAST_ICON_NAMES as readonly string[]).includes(name);
  return <Svg className={className}>{known ? paths[name as ToastIconName] : paths.bell}</Svg>;
}

/** The close button's cross. */
export function CloseIcon({ className }: { className?: string }) {
  return <Svg className={className}>{paths["x-mark"]}</Svg>;
}
