import type { TAuthSettings } from "./settings";

export type TValidationErrors = Record<string, string[]> & { full_messages: string[] };

/**
 * devise validatable on a password change, in Rails' order and wording: presence, then
 * confirmation (an error on password_confirmation), then length. Null when valid.
 * The body shape is devise_token_auth's `resource_errors` (api-contract §1.3).
 */
export function passwordErrors(
  password: string,
  confirmation: string,
  length: TAuthSettings["passwordLength"],
): TValidationErrors | null {
  const byField: Record<string, string[]> = {};
  const full: string[] = [];
  const add = (field: string, label: string, message: string) => {
    byField[field] ??= [];
    byField[field].push(message);
    full.push(`${label} ${message}`);
  };
  if (password === "") add("password", "Password", "can't be blank");
  if (password !== confirmation) {
    add("password_confirmation", "Password confirmation", "doesn't match Password");
  }
  // validates_length_of … allow_blank: true
  if (password !== "" && password.length < length.min) {
    add("password", "Password", `is too short (minimum is ${length.min} characters)`);
  }
  if (password.length > length.max) {
    add("password", "Password", `is too long (maximum is ${length.max} characters)`);
  }
  return full.length === 0 ? null : { ...byField, full_messages: full };
}
