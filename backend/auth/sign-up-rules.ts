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

/** devise's email_regexp (and devise_token_auth's email validator): something@something. */
const EMAIL = /^[^@\s]+@[^@\s]+$/;
export const isEmail = (value: string) => EMAIL.test(value);
export const EMAIL_MAX = 255;
export const NAME_MAX = 100;
export const LOCALES = ["nl", "en"] as const;

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
  else if (!isEmail(input.email)) add("email", "Email", "is not an email");
  else if (input.email.length > EMAIL_MAX) {
    add("email", "Email", `is too long (maximum is ${EMAIL_MAX} characters)`);
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
    else if (value.length > NAME_MAX) {
      add(field, label, `is too long (maximum is ${NAME_MAX} characters)`);
    }
  }
  if (!(LOCALES as readonly string[]).includes(input.locale)) {
    add("locale", "Locale", "is not included in the list");
  }
  return full.length === 0 ? null : { ...byField, full_messages: full };
}
