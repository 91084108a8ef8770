/** An organization as the back office reads it (JSON:API flattened, camelCase). */
import type { TOrganizationStatus, TOrganizationType } from "@/lib/contract/organization";

export type { TOrganizationStatus, TOrganizationType };

export type TAddress = {
  id?: string;
  street?: string | null;
  houseNumber?: string | null;
  postalCode?: string | null;
  city?: string | null;
};
export type TOrganizationProfile = {
  id?: string;
  description?: string | null;
  contactName?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
};

export type TOrganizationRecord = {
  id: string;
  name: string;
  type: TOrganizationType;
  status: TOrganizationStatus;
  email: string | null;
  phone: string | null;
  website: string | null;
  volunteerCenterId: number | string | null;
  createdAt: string;
  updatedAt: string;
  address?: TAddress | null;
  profile?: TOrganizationProfile | null;
};

/** GET /api/v1/volunteer_centers: one of the tenant's approved centres. */
export type TVolunteerCentre = { id: string; name: string };

/** What POST and PUT /api/v1/organizations take (camelCase; the client sends snake_case). */
export type TOrganizationAttributes = {
  name?: string;
  type?: TOrganizationType;
  email?: string;
  phone?: string;
  website?: string;
  volunteerCenterId?: string;
  address?: { street: string; houseNumber: string; postalCode: string; city: string };
  profile?: {
    description?: string;
    contactName?: string;
    contactEmail?: string;
    contactPhone?: string;
  };
};
