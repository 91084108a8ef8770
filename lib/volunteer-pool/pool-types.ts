import type { TPoolInvitationEvent, TPoolInvitationStatus } from "@/lib/contract/pool";
import type { TAvailabilitySlot, TVolunteerLanguage } from "@/lib/contract/volunteer-profile";

/** A volunteer of the pool as GET /api/v1/volunteer_pool shares them (docs/volunteer-pool.md). */
export type TPoolVolunteer = {
  id: string;
  firstName: string | null;
  lastNameInitial: string | null;
  city: string | null;
  distanceKm: number | null;
  about: string;
  skills: string[];
  availability: TAvailabilitySlot[];
  hoursPerWeek: number | null;
  languages: TVolunteerLanguage[];
  /** "2026-11": the month they were last signed in. */
  lastActiveMonth: string | null;
  lastInvitedAt: string | null;
  matchScore: number;
  tags?: { id: string; name: string }[];
};

export type TPoolInvitation = {
  id: string;
  status: TPoolInvitationStatus;
  message: string;
  vacancyId: number;
  vacancyTitle: string;
  centerName: string;
  conversationId: number | null;
  applicationId: number | null;
  allowedEvents: TPoolInvitationEvent[];
  createdAt: string;
};

/** A vacancy the invite dialog offers. */
export type TInvitableVacancy = { id: string; title: string; volunteerCenterId: number };
