import { z } from "zod";
import { ORGANIZATION_STATUSES, ORGANIZATION_TYPES } from "../db/schema";
import { MAX_ID } from "../jsonapi/document-attributes";

/**
 * The organization attributes the api takes (docs/api-organization-signup.md): sign-up,
 * adding and editing share one set of rules, so an organization cannot be stored through
 * one door with a value another door refuses.
 */

const blankAsNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const requiredText = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z.preprocess(blankAsNull, z.string().trim().max(max).nullable()).optional();
const optionalEmail = () => z.preprocess(blankAsNull, z.email().max(254).nullable()).optional();

/** A Dutch postal code, '1234 ab' → '1234AB' (the form PostNL and the BAG use). */
export function normalizePostalCode(raw: string): string | null {
  const match = /^([1-9][0-9]{3}) ?([a-zA-Z]{2})$/.exec(raw.trim());
  return match ? `${match[1]}${match[2].toUpperCase()}` : null;
}
// Blank first ("can't be blank"), then the format: the pipe stops at the first failure.
const ZPostalCode = requiredText(20).pipe(
  z
    .string()
    .refine((v) => normalizePostalCode(v) !== null, {
      message: "is not a valid postal code (1234 AB)",
      params: { code: "invalid" },
    })
    .transform((v) => normalizePostalCode(v) as string),
);

/** http(s) only: the website is rendered as a link on public profiles (no javascript:). */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}
const ZWebsite = z
  .preprocess(
    blankAsNull,
    z
      .string()
      .trim()
      .max(300)
      .refine(isWebAddress, {
        message: "must be a web address starting with http:// or https://",
        params: { code: "invalid" },
      })
      .nullable(),
  )
  .optional();

// JSON:API ids are strings; a plain number is accepted too.
export const ZId = z.union([
  z.number().int().positive().max(MAX_ID),
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().positive().max(MAX_ID)),
]);

/** An address as edited: any field, blank clears it. */
export const ZAddressInput = z.object({
  street: optionalText(200),
  house_number: optionalText(20),
  postal_code: z.preprocess(blankAsNull, ZPostalCode.nullable()).optional(),
  city: optionalText(100),
});
export type TAddressInput = z.output<typeof ZAddressInput>;

/** An address at sign-up: all four, so the centre knows where the organization is. */
const ZRequiredAddress = z.object({
  street: requiredText(200),
  house_number: requiredText(20),
  postal_code: ZPostalCode,
  city: requiredText(100),
});

export const ZProfileInput = z.object({
  description: optionalText(5000),
  contact_name: optionalText(200),
  contact_email: optionalEmail(),
  contact_phone: optionalText(30),
});
export type TProfileInput = z.output<typeof ZProfileInput>;

/** PUT /organizations/:id: details for those who edit it, status for those who manage it. */
export const ZOrganizationChange = z.object({
  status: z.enum(ORGANIZATION_STATUSES).optional(),
  name: requiredText(200).optional(),
  email: optionalEmail(),
  phone: optionalText(30),
  website: ZWebsite,
  address: ZAddressInput.optional(),
  profile: ZProfileInput.optional(),
});
export type TOrganizationChange = z.output<typeof ZOrganizationChange>;

/** PUT /organizations/:id/approve: the status alone (spec §7). */
export const ZOrganizationApproval = z.object({ status: z.enum(ORGANIZATION_STATUSES) });

/** POST /organizations (staff). */
export const ZNewOrganization = z.object({
  name: requiredText(200),
  type: z.enum(ORGANIZATION_TYPES),
  email: optionalEmail(),
  phone: optionalText(30),
  website: ZWebsite,
  volunteer_center_id: z.preprocess(blankAsNull, ZId.nullable()).optional(),
  address: ZAddressInput.optional(),
  profile: ZProfileInput.optional(),
});
export type TNewOrganization = z.output<typeof ZNewOrganization>;

/** PUT /organizations/:id/move. */
export const ZOrganizationMove = z.object({ volunteer_center_id: ZId });

/**
 * POST /organization_registrations. The password is checked by auth/password-rules.ts
 * (devise validatable) beside this schema, so its messages are the sign-in pages' own.
 */
export const ZOrganizationRegistration = z.object({
  organization: z.object({
    name: requiredText(200),
    // Sign-up is for schools and organizations; a centre is added by a superadmin.
    type: z.enum(["School", "Organization"]),
    email: optionalEmail(),
    phone: optionalText(30),
    website: ZWebsite,
    description: optionalText(5000),
    address: ZRequiredAddress,
  }),
  user: z.object({
    first_name: requiredText(100),
    last_name: requiredText(100),
    // devise: emails are stripped and downcased.
    email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
    password: z.string().max(1000).optional(),
    password_confirmation: z.string().max(1000).optional(),
    locale: z.enum(["nl", "en"]).optional(),
  }),
});
export type TOrganizationRegistration = z.output<typeof ZOrganizationRegistration>;
