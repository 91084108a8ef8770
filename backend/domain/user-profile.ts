import { z } from "zod";
import { PHONE_PATTERN, USER_LIMITS, ZUserLocale } from "../../lib/contract/user";
import type { TProfileChanges } from "../queries/users";

// Limits and formats are the contract's (lib/contract/user.ts), shared with the web's forms.
const name = z.string().trim().max(USER_LIMITS.name).nullable();

/** The profile attributes a user record takes (PATCH current_user and PATCH users/:id). */
export const ZProfileChanges = z.object({
  first_name: name.optional(),
  last_name: name.optional(),
  phone: z.string().trim().max(USER_LIMITS.phone).regex(PHONE_PATTERN).nullable().optional(),
  locale: ZUserLocale.optional(),
});

/** Parsed wire attributes → the columns to change (only those that were sent). */
export function toProfileChanges(input: z.infer<typeof ZProfileChanges>): TProfileChanges {
  const changes: TProfileChanges = {};
  if (input.first_name !== undefined) changes.firstName = input.first_name;
  if (input.last_name !== undefined) changes.lastName = input.last_name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.locale !== undefined) changes.locale = input.locale;
  return changes;
}
