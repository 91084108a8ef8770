import { z } from "zod";
import { ORGANIZATION_LIMITS, SIGNUP_ORGANIZATION_TYPES } from "@/lib/contract/organization";
import { USER_LIMITS } from "@/lib/contract/user";
import type { Translator } from "@/lib/i18n/translator";
import { mismatchOn, signupRules } from "./signup-rules";

// Schema factories for useZodForm (module level, so each is built once per locale). The
// field names mirror the api's attributes in camelCase, so a 422's pointer names the field
// (lib/forms/api-field-problems.ts) and the values go to the api as they are.

/** /signup: POST /auth (docs/api-registration-invitations.md). */
export function volunteerSignUpSchema(t: Translator) {
  const r = signupRules(t);
  return z
    .object({
      firstName: r.text(t("signup.fields.firstName"), USER_LIMITS.name),
      lastName: r.text(t("signup.fields.lastName"), USER_LIMITS.name),
      email: r.requiredEmail(t("signup.fields.email"), USER_LIMITS.email),
      password: r.password(t("signup.fields.password")),
      passwordConfirmation: r.required(t("signup.fields.passwordConfirmation")),
    })
    .refine(
      (values) => values.password === values.passwordConfirmation,
      mismatchOn(t, ["passwordConfirmation"]),
    );
}
export type TVolunteerSignUp = z.output<ReturnType<typeof volunteerSignUpSchema>>;

/** /organizations/signup: POST /api/v1/organization_registrations (docs/api-organization-signup.md). */
export function organizationSignUpSchema(t: Translator) {
  const r = signupRules(t);
  return z
    .object({
      organization: z.object({
        name: r.text(t("organizationSignup.organization.name"), ORGANIZATION_LIMITS.name),
        type: z
          .string()
          .refine(
            (value) => (SIGNUP_ORGANIZATION_TYPES as readonly string[]).includes(value),
            t("validation.required", { field: t("organizationSignup.organization.type") }),
          ),
        email: r.optionalEmail(t("organizationSignup.organization.email")),
        phone: r.optionalText(
          t("organizationSignup.organization.phone"),
          ORGANIZATION_LIMITS.phone,
        ),
        website: r.website(t("organizationSignup.organization.website")),
        description: r.optionalText(
          t("organizationSignup.organization.description"),
          ORGANIZATION_LIMITS.description,
        ),
        address: z.object({
          street: r.text(t("organizationSignup.address.street"), ORGANIZATION_LIMITS.street),
          houseNumber: r.text(
            t("organizationSignup.address.houseNumber"),
            ORGANIZATION_LIMITS.houseNumber,
          ),
          postalCode: r.postalCode(t("organizationSignup.address.postalCode")),
          city: r.text(t("organizationSignup.address.city"), ORGANIZATION_LIMITS.city),
        }),
      }),
      user: z.object({
        firstName: r.text(t("signup.fields.firstName"), USER_LIMITS.name),
        lastName: r.text(t("signup.fields.lastName"), USER_LIMITS.name),
        // The api takes this address as the organization's contact too: its limit.
        email: r.requiredEmail(t("organizationSignup.user.email"), ORGANIZATION_LIMITS.email),
        password: r.password(t("signup.fields.password")),
        passwordConfirmation: r.required(t("signup.fields.passwordConfirmation")),
      }),
    })
    .refine(
      (values) => values.user.password === values.user.passwordConfirmation,
      mismatchOn(t, ["user", "passwordConfirmation"]),
    );
}
export type TOrganizationSignUp = z.output<ReturnType<typeof organizationSignUpSchema>>;

/** /auth/invitation: PUT /auth/invitation. */
export function invitationPasswordSchema(t: Translator) {
  const r = signupRules(t);
  return z
    .object({
      password: r.password(t("invitation.password")),
      passwordConfirmation: r.required(t("invitation.passwordConfirmation")),
    })
    .refine(
      (values) => values.password === values.passwordConfirmation,
      mismatchOn(t, ["passwordConfirmation"]),
    );
}
export type TInvitationPassword = z.output<ReturnType<typeof invitationPasswordSchema>>;
