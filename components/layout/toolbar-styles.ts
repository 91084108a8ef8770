// Shared looks of the toolbar's controls. Every target is at least 44 px high (WCAG 2.5.8
// asks 24 px); focus shows the global :focus-visible outline (app/globals.css).

/** A toolbar button or link in the header bar. */
export const toolbarButtonClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full px-3 py-2 font-medium text-neutral-900 no-underline hover:bg-neutral-100 hover:text-neutral-900 aria-expanded:bg-neutral-100";

/** The panel's box, for a panel a toolbar button opens. */
const panelBox = "rounded-shape border border-neutral-300 bg-white p-2 shadow-lg";

/** The panel a toolbar button opens, under the button (a disclosure: use-disclosure.ts). */
export const panelClass = `absolute top-full right-0 z-30 mt-2 w-max max-w-[calc(100vw-2rem)] min-w-56 ${panelBox}`;

/**
 * The same panel as a popover (header-popover.tsx): placed by app/globals.css's
 * .toolbar-popover, shown by the browser.
 */
export const popoverPanelClass = `toolbar-popover ${panelBox}`;

/** A link or button inside a panel. */
export const panelItemClass =
  "flex min-h-11 w-full items-center gap-3 rounded-shape px-3 py-2 text-left font-medium text-neutral-900 no-underline hover:bg-neutral-100 hover:text-neutral-900";
