import { comparablePath } from "@/lib/navigation/comparable-path";
import type { TTenantFeatures } from "@/lib/tenants/tenants";

export type TMainNavId = "vacancies" | "socialMap" | "activities" | "peerHelp" | "news";

export type TMainNavItem = {
  id: TMainNavId;
  href: string;
  /** The section's paths: this one and everything under it. */
  section: string;
};

export type TMainNavFeatures = Pick<TTenantFeatures, "activities" | "peerHelp">;

/** The public sections of spec §2 the tenant has switched on (spec §1), in menu order. */
export function mainNavItems(features: TMainNavFeatures): TMainNavItem[] {
  const items: (TMainNavItem | false)[] = [
    { id: "vacancies", href: "/vacancies/search", section: "/vacancies" },
    { id: "socialMap", href: "/sociale-kaart", section: "/sociale-kaart" },
    features.activities && { id: "activities", href: "/activiteiten", section: "/activiteiten" },
    features.peerHelp && { id: "peerHelp", href: "/een-op-een-hulp", section: "/een-op-een-hulp" },
    { id: "news", href: "/nieuws", section: "/nieuws" },
  ];
  return items.filter((item) => item !== false);
}

/**
 * aria-current for an item: "page" on its own page, "true" elsewhere in its section
 * (/vacancies/12 is in Vacatures), nothing otherwise (/activiteitenkalender is not in /activiteiten).
 */
export function currentState(pathname: string, item: TMainNavItem): "page" | "true" | undefined {
  const path = comparablePath(pathname);
  if (path === item.href) return "page";
  if (path === item.section || path.startsWith(`${item.section}/`)) return "true";
  return undefined;
}
