"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { FocusEvent, MouseEvent } from "react";
import { currentState, type TMainNavItem } from "./main-nav-items";

type Props = { items: (TMainNavItem & { label: string })[] };

// The current section: bold and a thick underline, not colour alone (WCAG 1.4.1).
const linkClass =
  "flex min-h-11 items-center rounded-shape px-3 py-2 font-medium text-neutral-900 no-underline hover:bg-neutral-100 hover:text-neutral-900 [&[aria-current]]:font-bold [&[aria-current]]:underline [&[aria-current]]:decoration-primary-700 [&[aria-current]]:decoration-4 [&[aria-current]]:underline-offset-8";

/** The popover the element is in, when it is open. */
function openPopover(element: Element): HTMLElement | null {
  const panel = element.closest<HTMLElement>("[popover]");
  return panel?.matches(":popover-open") ? panel : null;
}

/**
 * The main navigation's links (main-nav.tsx holds the list and its Menu popover): the
 * section of the current address is marked (aria-current follows client navigation, which
 * the server-rendered header does not see), and the open menu closes when a link is
 * followed or focus leaves it (so it never covers the focused element, WCAG 2.4.11).
 */
export function MainNavLinks({ items }: Props) {
  const pathname = usePathname() ?? "/";
  const closeOnFollow = (event: MouseEvent<HTMLAnchorElement>) => {
    openPopover(event.currentTarget)?.hidePopover();
  };
  const closeOnLeave = (event: FocusEvent<HTMLAnchorElement>) => {
    const panel = openPopover(event.currentTarget);
    const next = event.relatedTarget as Node | null;
    if (panel && next && !panel.contains(next)) panel.hidePopover();
  };
  return items.map((item) => (
    <li key={item.id}>
      <Link
        href={item.href}
        aria-current={currentState(pathname, item)}
        className={linkClass}
        onClick={closeOnFollow}
        onBlur={closeOnLeave}
      >
        {item.label}
      </Link>
    </li>
  ));
}
