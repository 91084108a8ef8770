import type { TOrganizationStatus, TOrganizationType } from "../schema";

/** A street address; latitude/longitude null = not geocoded (the place is listed, not mapped). */
export type TSeedAddress = {
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
};

export type TSeedOrganization = {
  slug: string;
  name: string;
  type: TOrganizationType;
  status: TOrganizationStatus;
  /** Slug of the centre it belongs to; omitted = the tenant's default centre (ignored for centres). */
  center?: string;
  phone?: string;
  address: TSeedAddress;
  /** organization_profiles.description */
  about: string;
  contactName: string;
};

export type TSeedDesk = {
  slug: string;
  azcName: string;
  /** Slug of its centre; omitted = the tenant's default centre. */
  center?: string;
  /** Slug of the organization that runs it, if any. */
  organization?: string;
  /** null = a desk without an address and so without coordinates. */
  address: TSeedAddress | null;
};

/** Shorthand that keeps the data files one line per address. */
export function address(
  street: string,
  houseNumber: string,
  postalCode: string,
  city: string,
  latitude: number | null,
  longitude: number | null,
): TSeedAddress {
  return { street, houseNumber, postalCode, city, latitude, longitude };
}
