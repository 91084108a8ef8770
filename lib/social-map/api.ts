import "server-only";
import { ApiError } from "@/lib/api/errors";
import { publicGet } from "@/lib/public/public-api";
import type { TMapOrganization } from "./bounds";
import { apiFilters, LIST_PAGE_SIZE, MAP_PAGE_SIZE, type TSocialMapSearch } from "./search-params";

/** The social map's reads for the pages (docs/social-map.md), through the cached public api. */

export type TTag = {
  id: string;
  name: string;
  slug: string;
  nameEn?: string | null;
  archived?: boolean;
};
export type TPublicVacancy = {
  id: string;
  title: string;
  summary: string | null;
  city: string | null;
  hoursPerWeek: number | null;
  remote: boolean;
};
export type TPublicAddress = {
  street: string | null;
  houseNumber: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
};
export type TPublicProfile = {
  summary: string | null;
  description: string | null;
  logoUrl: string | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
};
export type TPublicOrganization = TMapOrganization & {
  slug: string | null;
  logoUrl: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  tags?: TTag[];
  address?: TPublicAddress | null;
  profile?: TPublicProfile | null;
  vacancies?: TPublicVacancy[];
};
type TPagination = { current: number; last?: number; records: number };

const records = (meta: Record<string, unknown> | undefined): TPagination =>
  ((meta?.pagination as TPagination | undefined) ?? { current: 1, records: 0 }) as TPagination;

/** One page of the list beside the map, with tags. */
export async function socialMapPage(search: TSocialMapSearch) {
  const res = await publicGet<TPublicOrganization[]>("/api/v1/social_map", {
    ...apiFilters(search),
    include: "tags",
    "page[number]": search.page,
    "page[size]": LIST_PAGE_SIZE,
  });
  const pagination = records(res.meta);
  return {
    organizations: res.data,
    records: pagination.records,
    last: Math.max(1, Math.ceil(pagination.records / LIST_PAGE_SIZE)),
  };
}

/** Every marker for these filters (up to 1000), only what a marker and the list need. */
export async function socialMapMarkers(search: TSocialMapSearch): Promise<TMapOrganization[]> {
  const res = await publicGet<TPublicOrganization[]>("/api/v1/social_map", {
    ...apiFilters(search),
    "page[size]": MAP_PAGE_SIZE,
  });
  return res.data.map(({ id, name, type, summary, city, latitude, longitude }) => ({
    id: String(id),
    name,
    type,
    summary: summary ?? null,
    city: city ?? null,
    latitude: latitude ?? null,
    longitude: longitude ?? null,
  }));
}

/** The themes on this site's map, with how many organisations carry each, by name. */
export async function socialMapThemes(): Promise<{ tag: TTag; count: number }[]> {
  const res = await publicGet<TPublicOrganization[]>("/api/v1/social_map", {
    include: "tags",
    "page[size]": MAP_PAGE_SIZE,
  });
  const counts = new Map<string, { tag: TTag; count: number }>();
  for (const org of res.data) {
    for (const tag of org.tags ?? []) {
      const entry = counts.get(tag.slug) ?? { tag, count: 0 };
      entry.count += 1;
      counts.set(tag.slug, entry);
    }
  }
  return [...counts.values()].sort((a, b) => a.tag.name.localeCompare(b.tag.name, "nl"));
}

/** One organisation of the map with everything its page shows; null when it is not on it. */
export async function socialMapOrganization(id: string): Promise<TPublicOrganization | null> {
  if (!/^\d{1,9}$/.test(id)) return null;
  try {
    const res = await publicGet<TPublicOrganization[]>("/api/v1/social_map", {
      "filter[id]": id,
      include: "address,profile,tags,vacancies",
    });
    return res.data[0] ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return null;
    throw error;
  }
}
