import { z } from "zod";
import type { TProfileChanges } from "../queries/users";

const name = z.string().trim().max(100).nullable();

/** The profile attributes a user record takes (PATCH current_user and PATCH users/:id). */
export const ZProfileChanges = z.object({
  first_name: name.optional(),
  last_name: name.optional(),
  phone: z
    .string()
    .trim()
    .max(30)
    .regex(/^[0-9+()\-. ]*$/)
    .nullable()
    .optional(),
  locale: z.enum(["nl", "en"]).optional(),
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
