import { z } from "zod";
import type { users } from "../db/schema";

export type TUser = (typeof users)["$inferSelect"];

/**
 * The user as devise_token_auth renders it on sign-in, validate_token and password
 * update: `as_json` without tokens, timestamps and devise's serialization blacklist
 * (passwords, confirmation, recovery, lock, tracking, invitation columns), plain JSON with
 * a numeric id (api-contract §1.4). Our table has no name/nickname/image columns: `name`
 * is the full name, the other two are null, so the devise keys are all there.
 */
export function deviseUserJson(user: TUser) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return {
    id: user.id,
    email: user.email,
    provider: user.provider,
    uid: user.uid,
    allow_password_change: user.allowPasswordChange,
    name: name === "" ? null : name,
    nickname: null,
    image: null,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    locale: user.locale,
    status: user.status,
    volunteer_center_id: user.volunteerCenterId,
  };
}

/** deviseUserJson's shape, for the OpenAPI document. */
export const ZDeviseUser = z.object({
  id: z.number().int(),
  email: z.string(),
  provider: z.string(),
  uid: z.string(),
  allow_password_change: z.boolean(),
  name: z.string().nullable(),
  nickname: z.null(),
  image: z.null(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  locale: z.string(),
  status: z.string(),
  volunteer_center_id: z.number().int().nullable(),
});

/** The user as devise_token_auth's registrations controller renders it (`resource_data`:
 *  `as_json`, timestamps too): POST and PUT /auth. */
export function deviseResourceData(user: TUser) {
  return {
    ...deviseUserJson(user),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

export const ZDeviseResourceData = ZDeviseUser.extend({
  created_at: z.string(),
  updated_at: z.string(),
});

/** devise_token_auth's `{success: true, message}` of the mail-sending endpoints. */
export const ZDeviseMessage = z.object({ success: z.literal(true), message: z.string() });
