import type {
  TNotificationChannel,
  TNotificationEventKind,
} from "@/lib/contract/notification-preferences";
import type {
  TAvailabilitySlot,
  TPeriodicMailFrequency,
  TVolunteerLanguage,
} from "@/lib/contract/volunteer-profile";
import type { TTag } from "@/lib/tags/tag-queries";

/**
 * GET /api/v1/current_user/volunteer_profile?include=tags as the web reads it (flattened,
 * camelCase; docs/volunteer-profiles.md). One who never saved a profile reads the empty one.
 */
export type TVolunteerProfile = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  postalCode: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  about: string;
  skills: string[];
  availability: TAvailabilitySlot[];
  hoursPerWeek: number | null;
  languages: TVolunteerLanguage[];
  inPool: boolean;
  poolOptedInAt: string | null;
  periodicMailFrequency: TPeriodicMailFrequency;
  periodicMailRadiusKm: number | null;
  createdAt: string | null;
  updatedAt: string | null;
  tags?: TTag[];
};

/** What PATCH /volunteer_profile takes from the web's forms (camelCase; the client snake_cases). */
export type TVolunteerProfileChanges = Partial<
  Pick<
    TVolunteerProfile,
    | "firstName"
    | "lastName"
    | "phone"
    | "postalCode"
    | "city"
    | "about"
    | "skills"
    | "availability"
    | "hoursPerWeek"
    | "languages"
    | "inPool"
    | "periodicMailFrequency"
    | "periodicMailRadiusKm"
  >
>;

/**
 * The signed-in user as the account pages read them (GET /api/v1/current_user). The
 * preferences' keys arrive camelCased like every key (`applicationReceived`);
 * `unconfirmedEmail` is there once the api sends it (an address change waiting for its
 * confirmation).
 */
export type TAccountUser = {
  id: string;
  email: string;
  unconfirmedEmail?: string | null;
  locale?: string | null;
  notificationPreferences?: Partial<Record<string, TNotificationChannel>> | null;
};

export type { TNotificationEventKind };
