import { z } from "zod";
import type { ApiClient } from "@/lib/api";
import { PHONE_PATTERN, USER_LIMITS } from "@/lib/contract/user";
import type { Translator } from "@/lib/i18n/translator";
import { createApplication } from "./application-api";
import type { TApplication } from "./application-types";
import type { TApplicationAnswers } from "./apply-questions";

/**
 * Applying where the tenant has volunteer profiles off (meedoen, spec §1): the form asks only
 * for name and contact (components/applications/apply-contact-form.tsx). The name is
 * required, since the organisation has to know whom it answers; the phone may stay empty,
 * as the e-mail address already reaches the applicant. Limits and the phone's characters are
 * the contract's, which the api checks too (422 on the field).
 */
export const applyContactSchema = (t: Translator) => {
  const name = (label: string) =>
    z
      .string()
      .trim()
      .min(1, t("validation.required", { field: label }))
      .max(
        USER_LIMITS.name,
        t("applications.apply.contact.tooLong", { field: label, max: String(USER_LIMITS.name) }),
      );
  const phone = t("applications.apply.contact.phone");
  return z.object({
    firstName: name(t("applications.apply.contact.firstName")),
    lastName: name(t("applications.apply.contact.lastName")),
    phone: z
      .string()
      .trim()
      .max(
        USER_LIMITS.phone,
        t("applications.apply.contact.tooLong", { field: phone, max: String(USER_LIMITS.phone) }),
      )
      .regex(PHONE_PATTERN, t("applications.apply.contact.phoneInvalid")),
  });
};
export type TApplyContactValues = z.infer<ReturnType<typeof applyContactSchema>>;

/** The signed-in user as the contact form reads them (GET /api/v1/current_user, camelCased). */
export type TContactUser = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
};

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The form's starting point from current_user: what the account already has. */
export function contactOf(user: Record<string, unknown>): TContactUser {
  return {
    email: text(user.email),
    firstName: text(user.firstName),
    lastName: text(user.lastName),
    phone: text(user.phone),
  };
}

/**
 * Saves the name and phone on the account (PATCH /api/v1/current_user), then applies with an
 * empty motivation. The order matters: when the PATCH is refused (its 422s name the fields)
 * this rejects before anything is applied, so an organisation never gets an application
 * whose contact details the applicant did not manage to give.
 */
export async function applyWithContact(
  client: ApiClient,
  vacancyId: string,
  values: TApplyContactValues,
  questions?: TApplicationAnswers,
): Promise<TApplication> {
  await client.patch("/api/v1/current_user", {
    data: {
      type: "users",
      attributes: {
        firstName: values.firstName,
        lastName: values.lastName,
        // The api stores "no phone" as null, not as an empty string.
        phone: values.phone === "" ? null : values.phone,
      },
    },
  });
  return createApplication(client, vacancyId, "", questions);
}
