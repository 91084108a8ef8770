import { z } from "zod";

/**
 * What the api and the web both know about an organisation's attributes: one definition,
 * imported by the api's input parsing (backend/domain/organization-input.ts) and by the web's
 * forms (lib/organizations/organization-form.ts, lib/signup/signup-rules.ts), so a form can
 * neither refuse what the api takes nor send what it refuses (docs/forms-and-data.md).
 * Plain TypeScript and zod only: the api imports it with a relative path.
 */

export const ORGANIZATION_TYPES = ["VolunteerCenter", "School", "Organization"] as const;
export type TOrganizationType = (typeof ORGANIZATION_TYPES)[number];
export const ZOrganizationType = z.enum(ORGANIZATION_TYPES);
/** The types in the order a choice offers them: the most common first. */
export const ORGANIZATION_TYPE_CHOICES: readonly TOrganizationType[] = [
  "Organization",
  "School",
  "VolunteerCenter",
];

/** Sign-up is for schools and organizations; a centre is added by a superadmin. */
export const SIGNUP_ORGANIZATION_TYPES = ["School", "Organization"] as const;

export const ORGANIZATION_STATUSES = ["approved", "pending", "denied", "archived"] as const;
export type TOrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];
export const ZOrganizationStatus = z.enum(ORGANIZATION_STATUSES);

/** Maximum lengths, in characters after trimming. */
export const ORGANIZATION_LIMITS = {
  name: 200,
  email: 254,
  phone: 30,
  website: 300,
  street: 200,
  houseNumber: 20,
  postalCode: 20,
  city: 100,
  description: 5000,
  contactName: 200,
  contactPhone: 30,
} as const;

const POSTAL_CODE = /^([1-9][0-9]{3}) ?([a-zA-Z]{2})$/;

/** A Dutch postal code, '1234 ab' → '1234AB' (the form PostNL and the BAG use); else null. */
export function normalizePostalCode(raw: string): string | null {
  const match = POSTAL_CODE.exec(raw.trim());
  return match ? `${match[1]}${match[2].toUpperCase()}` : null;
}

/** `1234 AB`, `1234ab`, `1234AB`: what normalizePostalCode accepts. */
export const isPostalCode = (value: string) => normalizePostalCode(value) !== null;

/**
 * http(s) only, with a host: the website is rendered as a link on public profiles, so
 * `javascript:` and friends are refused.
 */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}
