import { isDeviseEmail, USER_LIMITS, USER_LOCALES } from "../../lib/contract/user";
import { passwordErrors, type TValidationErrors } from "./password-rules";
import type { TAuthSettings } from "./settings";

/**
 * The validations of a volunteer's sign-up (POST /auth), in the order Rails runs them and in
 * devise's and devise_token_auth's words, as devise_token_auth's `resource_errors` body:
 * `{"email":["has already been taken"],"full_messages":["Email has already been taken"]}`.
 * First and last name are required (docs/api-registration-invitations.md).
 */

export type TSignUpInput = {
  email: string;
  password: string;
  /** Absent: Rails' validates_confirmation_of then checks nothing. */
  passwordConfirmation: string | undefined;
  firstName: string;
  lastName: string;
  locale: string;
};

// The rules are the contract's (lib/contract/user.ts), shared with the web's sign-up form.

export function signUpErrors(
  input: TSignUpInput,
  emailTaken: boolean,
  passwordLength: TAuthSettings["passwordLength"],
): TValidationErrors | null {
  const byField: Record<string, string[]> = {};
  const full: string[] = [];
  const add = (field: string, label: string, message: string) => {
    byField[field] ??= [];
    byField[field].push(message);
    full.push(`${label} ${message}`);
  };
  if (input.email === "") add("email", "Email", "can't be blank");
  else if (!isDeviseEmail(input.email)) add("email", "Email", "is not an email");
  else if (input.email.length > USER_LIMITS.email) {
    add("email", "Email", `is too long (maximum is ${USER_LIMITS.email} characters)`);
  } else if (emailTaken) add("email", "Email", "has already been taken");

  const passwords = passwordErrors(
    input.password,
    input.passwordConfirmation ?? input.password,
    passwordLength,
  );
  if (passwords) {
    const { full_messages, ...fields } = passwords;
    for (const [field, messages] of Object.entries(fields)) {
      byField[field] = [...(byField[field] ?? []), ...messages];
    }
    full.push(...full_messages);
  }

  for (const [field, label, value] of [
    ["first_name", "First name", input.firstName],
    ["last_name", "Last name", input.lastName],
  ] as const) {
    if (value === "") add(field, label, "can't be blank");
    else if (value.length > USER_LIMITS.name) {
      add(field, label, `is too long (maximum is ${USER_LIMITS.name} characters)`);
    }
  }
  if (!(USER_LOCALES as readonly string[]).includes(input.locale)) {
    add("locale", "Locale", "is not included in the list");
  }
  return full.length === 0 ? null : { ...byField, full_messages: full };
}
