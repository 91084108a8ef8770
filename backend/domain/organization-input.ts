import { z } from "zod";
import {
  isWebAddress,
  ORGANIZATION_LIMITS as LIMITS,
  normalizePostalCode,
  SIGNUP_ORGANIZATION_TYPES,
  ZOrganizationStatus,
  ZOrganizationType,
} from "../../lib/contract/organization";
import { USER_LIMITS, ZUserLocale } from "../../lib/contract/user";
import { MAX_ID } from "../jsonapi/document-attributes";

/**
 * The organization attributes the api takes (docs/api-organization-signup.md): sign-up,
 * adding and editing share one set of rules, so an organization cannot be stored through
 * one door with a value another door refuses. Limits, enums and formats are the contract's
 * (lib/contract/organization.ts), which the web's forms check with too.
 */

const blankAsNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const requiredText = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z.preprocess(blankAsNull, z.string().trim().max(max).nullable()).optional();
const optionalEmail = () =>
  z.preprocess(blankAsNull, z.email().max(LIMITS.email).nullable()).optional();

// Blank first ("can't be blank"), then the format: the pipe stops at the first failure.
const ZPostalCode = requiredText(LIMITS.postalCode).pipe(
  z
    .string()
    .refine((v) => normalizePostalCode(v) !== null, {
      message: "is not a valid postal code (1234 AB)",
      params: { code: "invalid" },
    })
    .transform((v) => normalizePostalCode(v) as string),
);

const ZWebsite = z
  .preprocess(
    blankAsNull,
    z
      .string()
      .trim()
      .max(LIMITS.website)
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
  street: optionalText(LIMITS.street),
  house_number: optionalText(LIMITS.houseNumber),
  postal_code: z.preprocess(blankAsNull, ZPostalCode.nullable()).optional(),
  city: optionalText(LIMITS.city),
});
export type TAddressInput = z.output<typeof ZAddressInput>;

/** An address at sign-up: all four, so the centre knows where the organization is. */
const ZRequiredAddress = z.object({
  street: requiredText(LIMITS.street),
  house_number: requiredText(LIMITS.houseNumber),
  postal_code: ZPostalCode,
  city: requiredText(LIMITS.city),
});

export const ZProfileInput = z.object({
  description: optionalText(LIMITS.description),
  contact_name: optionalText(LIMITS.contactName),
  contact_email: optionalEmail(),
  contact_phone: optionalText(LIMITS.contactPhone),
});
export type TProfileInput = z.output<typeof ZProfileInput>;

/** PUT /organizations/:id: details for those who edit it, status for those who manage it. */
export const ZOrganizationChange = z.object({
  status: ZOrganizationStatus.optional(),
  name: requiredText(LIMITS.name).optional(),
  email: optionalEmail(),
  phone: optionalText(LIMITS.phone),
  website: ZWebsite,
  address: ZAddressInput.optional(),
  profile: ZProfileInput.optional(),
});
export type TOrganizationChange = z.output<typeof ZOrganizationChange>;

/** PUT /organizations/:id/approve: the status alone (spec §7). */
export const ZOrganizationApproval = z.object({ status: ZOrganizationStatus });

/** POST /organizations (staff). */
export const ZNewOrganization = z.object({
  name: requiredText(LIMITS.name),
  type: ZOrganizationType,
  email: optionalEmail(),
  phone: optionalText(LIMITS.phone),
  website: ZWebsite,
  volunteer_center_id: z.preprocess(blankAsNull, ZId.nullable()).optional(),
  address: ZAddressInput.optional(),
  profile: ZProfileInput.optional(),
});
export type TNewOrganization = z.output<typeof ZNewOrganization>;

/** PUT /organizations/:id/move. */
export const ZOrganizationMove = z.object({ volunteer_center_id: ZId });

/**
 * How much of a password is read at all. The rules (PASSWORD_LENGTH, checked by
 * auth/password-rules.ts) allow far less; this only bounds the work on a huge body.
 */
const PASSWORD_PARSE_MAX = 1000;

/**
 * POST /organization_registrations. The password is checked by auth/password-rules.ts
 * (devise validatable) beside this schema, so its messages are the sign-in pages' own.
 */
export const ZOrganizationRegistration = z.object({
  organization: z.object({
    name: requiredText(LIMITS.name),
    // Sign-up is for schools and organizations; a centre is added by a superadmin.
    type: z.enum(SIGNUP_ORGANIZATION_TYPES),
    email: optionalEmail(),
    phone: optionalText(LIMITS.phone),
    website: ZWebsite,
    description: optionalText(LIMITS.description),
    address: ZRequiredAddress,
  }),
  user: z.object({
    first_name: requiredText(USER_LIMITS.name),
    last_name: requiredText(USER_LIMITS.name),
    // devise: emails are stripped and downcased. (The organization's limit: this address
    // is also the organization's contact.)
    email: z.string().trim().toLowerCase().pipe(z.email().max(LIMITS.email)),
    password: z.string().max(PASSWORD_PARSE_MAX).optional(),
    password_confirmation: z.string().max(PASSWORD_PARSE_MAX).optional(),
    locale: ZUserLocale.optional(),
  }),
});
export type TOrganizationRegistration = z.output<typeof ZOrganizationRegistration>;
