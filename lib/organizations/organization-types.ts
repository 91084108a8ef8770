/** An organization as the back office reads it (JSON:API flattened, camelCase). */
export type TOrganizationStatus = "approved" | "pending" | "denied" | "archived";
export type TOrganizationType = "VolunteerCenter" | "School" | "Organization";

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
