import type { CSSProperties, ReactNode } from "react";
import { toolbarButtonClass } from "./toolbar-styles";

// The header's menus as popovers (app/globals.css, .toolbar-popover): HTML opens and closes
// them, so they work before hydration and without JavaScript, and ship none. Server components.

/** Pressed look while the popover beside the button is open (the button has no aria-expanded attribute to style). */
const openLook = "[*:has(>:popover-open)>&]:bg-neutral-100";

/**
 * The toolbar button that opens popover `target`, and the anchor it is placed under. The
 * browser exposes the button as expanded or collapsed itself (HTML-AAM, popovertarget).
 */
export function PopoverToggle({
  target,
  className = "",
  children,
}: {
  target: string;
  className?: string;
  children: ReactNode;
}) {
  const anchor: CSSProperties = { anchorName: `--${target}` };
  return (
    <button
      type="button"
      popoverTarget={target}
      style={anchor}
      className={`${toolbarButtonClass} ${openLook} ${className}`.trim()}
    >
      {children}
    </button>
  );
}

/** Style for popover `id` to sit under its PopoverToggle. */
export function popoverAnchorStyle(id: string): CSSProperties {
  return { positionAnchor: `--${id}` };
}
