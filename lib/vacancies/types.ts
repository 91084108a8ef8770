import type { TApplicationForm } from "@/lib/applications/apply-questions";

/** A vacancy as the api client hands it over (camelCase, includes merged; docs/vacancies-search.md). */
export type TVacancyTag = { id: string; name: string; slug: string; nameEn?: string | null };
export type TVacancyAddress = {
  id: string;
  street: string | null;
  houseNumber: string | null;
  postalCode: string | null;
  city: string | null;
};
export type TVacancyOrganization = {
  id: string;
  name?: string;
  website?: string | null;
  address?: TVacancyAddress | null;
};
export type TVacancy = {
  id: string;
  title: string;
  /** published, or closed on a closed vacancy's own page (the lists hold open ones only). */
  status: "published" | "closed";
  /** When it was closed; null while open. */
  closedAt: string | null;
  /** One vacancy only: how fast its organisation usually replies, in days (docs/reply-times.md). */
  replyDaysMedian?: number | null;
  /** One vacancy only: the questions applying asks, null without a published form (docs/forms.md). */
  applicationForm?: TApplicationForm | null;
  summary: string | null;
  description: string | null;
  hoursPerWeek: number | null;
  remote: boolean;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  imageUrl: string | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  publishedAt: string | null;
  closesOn: string | null;
  distanceKm: number | null;
  organization: TVacancyOrganization | null;
  tags: TVacancyTag[];
};

export type THoursBucket = "0-4" | "4-8" | "8-16" | "16+";
export type TSearchMeta = {
  recordCount: number;
  pageCount: number;
  sort: string;
  facets: {
    tags: { slug: string; name: string; nameEn?: string | null; count: number }[];
    hours: { bucket: THoursBucket; count: number }[];
    organizations: { id: number; name: string; count: number }[];
  };
  near?: { query: string; name: string; latitude: number; longitude: number; distanceKm: number };
};
