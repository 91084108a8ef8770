import { comparablePath } from "@/lib/navigation/comparable-path";
import {
  BACK_OFFICE_GROUPS,
  ROUTES,
  type TBackOfficeGroup,
  type TBackOfficeIcon,
  type TRouteDefinition,
  type TRouteTitle,
  type TStaffReach,
} from "@/lib/routes";

export type TBackOfficeSection = {
  /** The route's name (lib/routes.ts). */
  name: string;
  /** The route's title key: the section's label (messages "routes"). */
  title: TRouteTitle;
  /** Where the link goes: the route's pattern, or where the route sends on to. */
  href: string;
  /** The section's own path: this one and everything under it belong to it. */
  path: string;
  icon: TBackOfficeIcon;
  group: TBackOfficeGroup;
};

export type TBackOfficeSectionGroup = {
  group: TBackOfficeGroup;
  sections: TBackOfficeSection[];
};

const groupIndex = (group: TBackOfficeGroup) => BACK_OFFICE_GROUPS.indexOf(group);

/**
 * The back office's navigation for a user who reaches `reach` (lib/auth/staff-reach.ts): the
 * route table's rows marked `backOffice` whose levels the user reaches, grouped and ordered
 * as the rows say. Empty groups are left out; no reach, no sections.
 */
export function backOfficeSections(
  reach: ReadonlySet<TStaffReach>,
  routes: readonly TRouteDefinition[] = ROUTES,
): TBackOfficeSectionGroup[] {
  const rows = routes
    .flatMap((route) => {
      const meta = route.meta.backOffice;
      if (!meta?.reach.some((level) => reach.has(level))) return [];
      return [{ route, meta }];
    })
    .sort(
      (a, b) => groupIndex(a.meta.group) - groupIndex(b.meta.group) || a.meta.order - b.meta.order,
    );
  const groups: TBackOfficeSectionGroup[] = [];
  for (const { route, meta } of rows) {
    const section: TBackOfficeSection = {
      name: route.name,
      title: route.meta.title,
      href: route.meta.redirect ?? route.pattern,
      path: comparablePath(route.pattern),
      icon: meta.icon,
      group: meta.group,
    };
    const last = groups.at(-1);
    if (last?.group === meta.group) last.sections.push(section);
    else groups.push({ group: meta.group, sections: [section] });
  }
  return groups;
}

/**
 * The section the address belongs to, and how: "page" on the section's own page (or the
 * page its link leads to), "true" deeper in it (/users/12 is in Users). When sections nest
 * (/organizations/approve is also under /organizations) the closest one wins; only one
 * section is ever current.
 */
export function currentSection(
  pathname: string,
  sections: readonly TBackOfficeSection[],
): { name: string; state: "page" | "true" } | null {
  const path = comparablePath(pathname);
  const own = sections.find((s) => path === s.path || path === comparablePath(s.href));
  if (own) return { name: own.name, state: "page" };
  const containing = sections
    .filter((s) => path.startsWith(`${s.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
  return containing ? { name: containing.name, state: "true" } : null;
}
