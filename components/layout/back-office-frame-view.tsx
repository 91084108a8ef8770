"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { type FocusEvent, type MouseEvent, type ReactNode, useEffect } from "react";
import { Icon } from "@/components/ui/icon";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { staffReach } from "@/lib/auth/staff-reach";
import { useAuth } from "@/lib/auth/use-auth";
import {
  backOfficeHintCookie,
  encodeBackOfficeHint,
  readBackOfficeHint,
} from "@/lib/navigation/back-office-hint";
import {
  backOfficeSections,
  currentSection,
  type TBackOfficeSectionGroup,
} from "@/lib/navigation/back-office-sections";
import { currentOrganizationsQuery } from "@/lib/organizations/current-organizations-query";
import { routeTitleText } from "@/lib/route-titles";
import { matchRoute, type TBackOfficeGroup, type TStaffReach } from "@/lib/routes";
import { PopoverToggle, popoverAnchorStyle } from "./header-popover";
import { popoverPanelClass } from "./toolbar-styles";

const LIST_ID = "back-office-nav-list";

// Below lg the sections are a popover under the menu button (the header's technique:
// header-popover.tsx); from lg on a column beside the page, and the button is gone.
const listWide =
  "lg:static lg:m-0 lg:block lg:w-auto lg:max-w-none lg:min-w-0 lg:rounded-none lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none";

// The current section: bold, shaded and a bar at its start, not colour alone (WCAG 1.4.1).
const linkClass =
  "flex min-h-11 w-full items-center gap-3 rounded-shape px-3 py-2 font-medium text-neutral-900 no-underline hover:bg-neutral-100 hover:text-neutral-900 [&[aria-current]]:bg-neutral-100 [&[aria-current]]:font-bold [&[aria-current]]:shadow-[inset_4px_0_0_var(--color-primary-700)]";

/** The popover the element is in, when it is open. */
function openPopover(element: Element): HTMLElement | null {
  const panel = element.closest<HTMLElement>("[popover]");
  return panel?.matches(":popover-open") ? panel : null;
}
const closeOnFollow = (event: MouseEvent<HTMLAnchorElement>) => {
  openPopover(event.currentTarget)?.hidePopover();
};
// Focus leaving the open menu closes it, so it never covers the focused element (WCAG 2.4.11).
const closeOnLeave = (event: FocusEvent<HTMLAnchorElement>) => {
  const panel = openPopover(event.currentTarget);
  const next = event.relatedTarget as Node | null;
  if (panel && next && !panel.contains(next)) panel.hidePopover();
};

/** The levels reached now, once the user and their organizations have loaded. */
function useLiveReach(signedIn: boolean) {
  const user = useQuery({ ...currentUserQuery(), enabled: signedIn });
  const organizations = useQuery({ ...currentOrganizationsQuery(), enabled: signedIn });
  const uid = typeof user.data?.uid === "string" ? user.data.uid : undefined;
  const reach =
    user.data && organizations.data ? staffReach(user.data.roles ?? [], organizations.data) : null;
  return { uid, reach };
}

/**
 * Leaves the levels the user reaches where the server looks for them on the next page
 * (lib/navigation/back-office-hint.ts); signed out, or reaching nothing, it is removed.
 */
function useHintCookie(
  signedIn: boolean,
  uid: string | undefined,
  reach: ReadonlySet<TStaffReach> | null,
) {
  const hint = reach && uid && reach.size > 0 ? encodeBackOfficeHint(uid, reach) : null;
  const known = !signedIn || (reach !== null && uid !== undefined);
  useEffect(() => {
    if (!known) return; // still loading: the hint stays as it is
    const current = readBackOfficeHint(document.cookie) ?? null;
    if (current === hint) return;
    // biome-ignore lint/suspicious/noDocumentCookie: a display hint the server reads; no permission
    document.cookie = backOfficeHintCookie(hint, window.location.protocol === "https:");
  }, [known, hint]);
}

function GroupLabel({ group }: { group: TBackOfficeGroup }) {
  const t = useTranslations("layout.backOfficeNav.groups");
  // One literal key per case, so the message check sees every text (docs/decisions.md, i18n).
  switch (group) {
    case "overview":
      return t("overview");
    case "organizations":
      return t("organizations");
    case "people":
      return t("people");
    case "centre":
      return t("centre");
    case "platform":
      return t("platform");
  }
}

function Sections({ groups, pathname }: { groups: TBackOfficeSectionGroup[]; pathname: string }) {
  const tAll = useTranslations();
  const current = currentSection(
    pathname,
    groups.flatMap((g) => g.sections),
  );
  return groups.map(({ group, sections }) => (
    <div key={group} className="not-first:mt-3">
      <p
        id={`back-office-group-${group}`}
        className="px-3 pb-1 text-sm font-semibold text-neutral-700"
      >
        <GroupLabel group={group} />
      </p>
      <ul aria-labelledby={`back-office-group-${group}`} className="flex flex-col gap-1">
        {sections.map((section) => (
          <li key={section.name}>
            <Link
              href={section.href}
              aria-current={current?.name === section.name ? current.state : undefined}
              className={linkClass}
              onClick={closeOnFollow}
              onBlur={closeOnLeave}
            >
              <Icon name={section.icon} />
              {routeTitleText(tAll, section.title)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  ));
}

type Props = { initialReach: TStaffReach[]; children: ReactNode };

/**
 * The frame's browser side (back-office-frame.tsx renders it): the server's view of the
 * user's levels until their roles have loaded, then theirs. A client component because the
 * layout does not re-render on client navigation, while the current section and whether the
 * page is a back-office page at all belong to the page being shown. Volunteers, signed-out
 * visitors and public pages get the page alone.
 */
export function BackOfficeFrameView({ initialReach, children }: Props) {
  const t = useTranslations("layout.backOfficeNav");
  const pathname = usePathname() ?? "/";
  const { status } = useAuth();
  const signedIn = status === "SIGNED_IN";
  const live = useLiveReach(signedIn);
  useHintCookie(signedIn, live.uid, live.reach);

  const route = matchRoute(pathname)?.route;
  const reach = signedIn ? (live.reach ?? new Set(initialReach)) : new Set<TStaffReach>();
  const groups = route && !route.meta.isPublic ? backOfficeSections(reach) : [];
  if (groups.length === 0) return children;

  return (
    <div className="flex w-full flex-1 flex-col lg:flex-row">
      <nav
        aria-label={t("label")}
        className="border-b border-neutral-300 bg-white px-4 py-2 lg:w-64 lg:shrink-0 lg:border-r lg:border-b-0 lg:px-3 lg:py-8"
      >
        <PopoverToggle target={LIST_ID} className="lg:hidden">
          <Icon name="menu" />
          {t("menu")}
        </PopoverToggle>
        <div
          id={LIST_ID}
          popover="auto"
          style={popoverAnchorStyle(LIST_ID)}
          className={`${popoverPanelClass} ${listWide}`}
        >
          <Sections groups={groups} pathname={pathname} />
        </div>
      </nav>
      {children}
    </div>
  );
}
