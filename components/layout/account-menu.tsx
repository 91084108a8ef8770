"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Icon } from "@/components/ui/icon";
import { backOfficeLinks } from "@/lib/auth/back-office-links";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { useAuth } from "@/lib/auth/use-auth";
import { useOrganizations } from "@/lib/organizations/use-organizations";
import { routeTitleText } from "@/lib/route-titles";
import { OrganizationSelect } from "./organization-select";
import { SignInLink } from "./sign-in-link";
import { panelClass, panelItemClass, toolbarButtonClass } from "./toolbar-styles";
import { useDisclosure } from "./use-disclosure";
import { userDisplayName } from "./user-display-name";

type Props = {
  /** The tenant has volunteer profiles (spec §1: not meedoen): a link to /profiel. */
  profiles: boolean;
};

/**
 * Signed in: the user's name opens Dashboard, applications, their profile (where the tenant
 * has profiles), the back-office pages their roles reach, the organization choice, their
 * roles and Sign out.
 */
function SignedInMenu({ profiles }: Props) {
  const t = useTranslations("layout");
  const tAll = useTranslations();
  // The same query (and cache entry) as AuthProvider: no second request.
  const user = useQuery(currentUserQuery());
  const { organizations, selectedId, select } = useOrganizations();
  const { open, close, panelId, buttonProps, containerProps } = useDisclosure<HTMLElement>();
  // Until the user has loaded (and in the server render) the button says "Account".
  const name = userDisplayName(user.data) ?? t("accountNav");
  const links = backOfficeLinks(user.data?.roles ?? [], organizations);

  return (
    <nav aria-label={t("accountNav")} className="relative" {...containerProps}>
      <button {...buttonProps} className={toolbarButtonClass}>
        <Icon name="user" />
        {/* The name is the button's text; on narrow screens only screen readers get it. */}
        <span className="sr-only max-w-48 sm:not-sr-only">{name}</span>
        <Icon name="chevron-down" />
      </button>
      <div id={panelId} hidden={!open} className={panelClass}>
        <ul className="flex flex-col gap-1">
          <li>
            <Link href="/dashboard" className={panelItemClass} onClick={() => close()}>
              {t("dashboard")}
            </Link>
          </li>
          <li>
            {/* Everyone may have applications: their own, or for staff those they manage. */}
            <Link href="/applications" className={panelItemClass} onClick={() => close()}>
              {tAll("routes.applications")}
            </Link>
          </li>
          <li>
            {profiles ? (
              // Staff may volunteer too: everyone has a profile where the tenant has them.
              <Link href="/profiel" className={panelItemClass} onClick={() => close()}>
                {tAll("routes.profile")}
              </Link>
            ) : (
              // Without profiles the account pages are the language, notifications and address.
              <Link
                href="/profile-edit/settings"
                className={panelItemClass}
                onClick={() => close()}
              >
                {tAll("profile.view.settings")}
              </Link>
            )}
          </li>
          {links.length > 0 ? (
            <li className="border-t border-neutral-300 pt-1">
              <span className="block px-3 py-1 text-sm font-semibold text-neutral-700">
                {t("backOffice")}
              </span>
              <ul className="flex flex-col gap-1">
                {links.map((link) => (
                  <li key={link.key}>
                    <Link href={link.href} className={panelItemClass} onClick={() => close()}>
                      {routeTitleText(tAll, link.key)}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ) : null}
          <li>
            <Link href="/account/roles" className={panelItemClass} onClick={() => close()}>
              {tAll("routes.accountRoles")}
            </Link>
          </li>
          {organizations.length > 1 ? (
            <li className="border-y border-neutral-300">
              <OrganizationSelect
                organizations={organizations}
                selectedId={selectedId}
                onSelect={select}
              />
            </li>
          ) : null}
          <li>
            <Link href="/uitloggen" className={panelItemClass} onClick={() => close()}>
              <Icon name="log-out" />
              {t("signOut")}
            </Link>
          </li>
        </ul>
      </div>
    </nav>
  );
}

/** spec §2 toolbar: the account menu when signed in, the sign-in link otherwise. */
export function AccountMenu({ profiles }: Props) {
  const t = useTranslations("layout");
  const { status } = useAuth();
  if (status === "SIGNED_IN") return <SignedInMenu profiles={profiles} />;
  return (
    <nav aria-label={t("accountNav")}>
      <SignInLink />
    </nav>
  );
}
