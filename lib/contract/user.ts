import { z } from "zod";

/**
 * What the api and the web both know about a user's attributes (see ./organization.ts for
 * why this module exists). The password rules are devise validatable's, as the api applies
 * them (backend/auth/password-rules.ts) and the sign-up and password forms check them first.
 */

export const USER_STATUSES = ["active", "invited", "inactive", "archived"] as const;
export type TUserStatus = (typeof USER_STATUSES)[number];

/** The languages a user reads mail and pages in. */
export const USER_LOCALES = ["nl", "en"] as const;
export type TUserLocale = (typeof USER_LOCALES)[number];
export const ZUserLocale = z.enum(USER_LOCALES);

/** The roles handed out on one resource (an invitation, add_role): never a global role. */
export const SCOPED_ROLES = ["admin", "member", "desk_manager"] as const;
export type TScopedRoleName = (typeof SCOPED_ROLES)[number];
export const ROLE_RESOURCE_TYPES = ["Organization", "Desk"] as const;
export type TRoleResourceType = (typeof ROLE_RESOURCE_TYPES)[number];

/** The one kind of resource each scoped role belongs to. */
export const resourceTypeOf = (role: string): TRoleResourceType =>
  role === "desk_manager" ? "Desk" : "Organization";

/** Maximum lengths, in characters after trimming (devise: e-mail 255). */
export const USER_LIMITS = { name: 100, email: 255, phone: 30 } as const;

/** devise's password length (validatable), minimum and maximum. */
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;

/** Digits, spaces and + ( ) - . in a phone number. */
export const PHONE_PATTERN = /^[0-9+()\-. ]*$/;
export const isPhone = (value: string) => PHONE_PATTERN.test(value);

/** devise's email_regexp (and devise_token_auth's email validator): something@something. */
const DEVISE_EMAIL = /^[^@\s]+@[^@\s]+$/;
export const isDeviseEmail = (value: string) => DEVISE_EMAIL.test(value);
