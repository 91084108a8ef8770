import type { TActivityKind } from "@/lib/contract/activities";

/** A public activity as the api client flattens it (backend/routes/activities.ts). */
export type TActivity = {
  id: string;
  title: string;
  /** A workshop is a training for volunteers (docs/workshops.md); absent from older answers. */
  kind?: TActivityKind;
  summary: string | null;
  description: string | null;
  status: "published" | "cancelled";
  startsAt: string;
  endsAt: string | null;
  allDay: boolean;
  online: boolean;
  locationName: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  imageUrl: string | null;
  registrationUrl: string | null;
  capacity: number | null;
  /**
   * Signing up here (docs/activity-sign-up.md). Optional: fixtures and answers from before
   * sign-up lack them; the sign-up island reads them fresh (TSignUpActivity).
   */
  registrationsCount?: number;
  waitlistCount?: number;
  /** Null: no limit. */
  spotsLeft?: number | null;
  registrationOpen?: boolean;
  updatedAt: string;
  organization?: { id: string; name: string; website: string | null } | null;
  desk?: { id: string; azcName: string; slug: string } | null;
};

/** A desk's welcome page (GET /api/v1/desks/:id). */
export type TDeskWelcome = {
  id: string;
  azcName: string;
  slug: string;
  email: string | null;
  phone: string | null;
  welcomeTitle: string | null;
  welcomeBody: string | null;
  address?: {
    street: string | null;
    houseNumber: string | null;
    postalCode: string | null;
    city: string | null;
    latitude: number | null;
    longitude: number | null;
  } | null;
};

/**
 * Whether an activity's page has the sign-up island: published, and signing up happens on
 * this site (with a registration_url the page links there instead). Whether it is open now
 * the island decides, from fresh counts.
 */
export const offersSignUp = (activity: Pick<TActivity, "status" | "registrationUrl">) =>
  activity.status === "published" && !activity.registrationUrl;

export const isWorkshop = (activity: Pick<TActivity, "kind">) => activity.kind === "workshop";

export const isCancelled = (activity: Pick<TActivity, "status">) => activity.status === "cancelled";

/** "Street 1, 1234 AB City" of what is known. */
export function placeLine(a: Pick<TActivity, "street" | "postalCode" | "city">): string {
  const town = [a.postalCode, a.city].filter(Boolean).join(" ");
  return [a.street, town].filter(Boolean).join(", ");
}
