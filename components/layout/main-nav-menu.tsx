"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { Icon } from "@/components/ui/icon";
import { currentState, type TMainNavItem } from "./main-nav-items";
import { panelClass, toolbarButtonClass } from "./toolbar-styles";
import { useDisclosure } from "./use-disclosure";

type Props = {
  items: (TMainNavItem & { label: string })[];
  labels: { nav: string; menu: string };
};

// The current section: bold and a thick underline, not colour alone (WCAG 1.4.1).
const linkClass =
  "flex min-h-11 items-center rounded-shape px-3 py-2 font-medium text-neutral-900 no-underline hover:bg-neutral-100 hover:text-neutral-900 [&[aria-current]]:font-bold [&[aria-current]]:underline [&[aria-current]]:decoration-primary-700 [&[aria-current]]:decoration-4 [&[aria-current]]:underline-offset-8";

// Below md (spec §9: 768 px) the list is a panel under the Menu button; from md on it is a
// row of tabs under the site name (spec §1: header variant 'tab') and the button is gone.
const listOpen = `${panelClass} flex flex-col`;
const listWide =
  "md:static md:mt-0 md:flex md:w-auto md:max-w-none md:min-w-0 md:flex-row md:flex-wrap md:gap-1 md:rounded-none md:border-0 md:bg-transparent md:p-0 md:shadow-none";

/**
 * The menu of the main navigation (components/layout/main-nav.tsx gives it the labels), a
 * client island without next-intl, so the public pages ship only this much for it.
 */
export function MainNavMenu({ items, labels }: Props) {
  const pathname = usePathname() ?? "/";
  const { open, close, panelId, buttonProps, containerProps } = useDisclosure<HTMLElement>();

  return (
    <nav aria-label={labels.nav} className="relative md:basis-full" {...containerProps}>
      <button {...buttonProps} className={`${toolbarButtonClass} md:hidden`}>
        <Icon name={open ? "close" : "menu"} />
        {labels.menu}
      </button>
      <ul id={panelId} className={`${open ? listOpen : "hidden"} ${listWide}`}>
        {items.map((item) => (
          <li key={item.id}>
            <Link
              href={item.href}
              aria-current={currentState(pathname, item)}
              className={linkClass}
              onClick={() => close()}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
