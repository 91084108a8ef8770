import type { ReactNode } from "react";

// No "use client": a server component renders an icon as plain SVG, with no JavaScript;
// RemoteIcon (remote-icon.tsx) is the client part.

// The bundled icons: drawn on a 24×24 grid with 2px round strokes (after Feather, MIT).
const ICONS = {
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  close: <path d="M18 6 6 18M6 6l12 12" />,
  "chevron-down": <path d="m6 9 6 6 6-6" />,
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
  globe: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" />
    </>
  ),
  bell: <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />,
  clock: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 6v6l4 2" />
    </>
  ),
  check: <path d="M20 6 9 17l-5-5" />,
  info: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 16v-4M12 8h.01" />
    </>
  ),
  warning: (
    <path d="M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0zM12 9v4M12 17h.01" />
  ),
  error: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="m15 9-6 6M9 9l6 6" />
    </>
  ),
  "log-out": <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />,
  external: (
    <path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6M15 3h6v6M10 14 21 3" />
  ),
} satisfies Record<string, ReactNode>;

export type TIconName = keyof typeof ICONS;
export const ICON_NAMES = Object.keys(ICONS) as TIconName[];

export type TIconProps = {
  /** Text for an icon that means something on its own; without it the icon is decoration (aria-hidden). */
  label?: string;
  /** spec §9: icons default to 1em, so they follow the text around them. */
  size?: string;
  className?: string;
};

/** role="img" and a name for an icon that means something, else hidden from assistive tech. */
export function iconLabelling(label: string | undefined) {
  return label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
}

/** One of the bundled icons, inline SVG in the text colour. */
export function Icon({
  name,
  label,
  size = "1em",
  className = "",
}: TIconProps & { name: TIconName }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      className={`inline-block shrink-0 align-[-0.125em] ${className}`.trim()}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {ICONS[name]}
    </svg>
  );
}
