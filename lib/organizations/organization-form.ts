import { z } from "zod";
import {
  isWebAddress,
  normalizePostalCode,
  ORGANIZATION_LIMITS,
  ORGANIZATION_TYPES,
} from "@/lib/contract/organization";
import type { SchemaFactory } from "@/lib/forms/use-zod-form";
import type { Translator } from "@/lib/i18n/translator";
import type {
  TOrganizationAttributes,
  TOrganizationRecord,
  TOrganizationType,
} from "./organization-types";

/**
 * The one organisation form's model (docs/organization-forms-and-settings.md): its values,
 * its rules (the api's own, from lib/contract/organization.ts, so the form
 * refuses nothing the api takes and sends nothing the api refuses) and the attributes it
 * sends. Pages show some of its parts: /organizations/add and /edit all of them,
 * /instellingen/organisatie details and address, /instellingen/contact-person the profile.
 */

export type TOrganizationFormPart =
  /** Type and centre: what an organization is, chosen once when it is added. */
  | "kind"
  /** Name, e-mail, phone, website. */
  | "details"
  | "address"
  /** Description and contact person. */
  | "profile";

export type TOrganizationFormValues = {
  name: string;
  type: TOrganizationType;
  /** The centre it joins ('' = the site's centre, as the api defaults it). */
  volunteerCenterId: string;
  email: string;
  phone: string;
  website: string;
  address: { street: string; houseNumber: string; postalCode: string; city: string };
  profile: { description: string; contactName: string; contactEmail: string; contactPhone: string };
};

export const EMPTY_ORGANIZATION_FORM: TOrganizationFormValues = {
  name: "",
  type: "Organization",
  volunteerCenterId: "",
  email: "",
  phone: "",
  website: "",
  address: { street: "", houseNumber: "", postalCode: "", city: "" },
  profile: { description: "", contactName: "", contactEmail: "", contactPhone: "" },
};

const isEmail = (value: string) => z.email().safeParse(value).success;

/** The form's values of a stored organization (null and missing become ''). */
export function organizationFormValues(record: TOrganizationRecord): TOrganizationFormValues {
  const s = (value: string | null | undefined) => value ?? "";
  return {
    name: record.name,
    type: record.type,
    volunteerCenterId: record.volunteerCenterId == null ? "" : String(record.volunteerCenterId),
    email: s(record.email),
    phone: s(record.phone),
    website: s(record.website),
    address: {
      street: s(record.address?.street),
      houseNumber: s(record.address?.houseNumber),
      postalCode: s(record.address?.postalCode),
      city: s(record.address?.city),
    },
    profile: {
      description: s(record.profile?.description),
      contactName: s(record.profile?.contactName),
      contactEmail: s(record.profile?.contactEmail),
      contactPhone: s(record.profile?.contactPhone),
    },
  };
}

const PART_FIELDS: Record<TOrganizationFormPart, readonly string[]> = {
  kind: ["type", "volunteerCenterId"],
  details: ["name", "email", "phone", "website"],
  address: ["address.street", "address.houseNumber", "address.postalCode", "address.city"],
  profile: [
    "profile.description",
    "profile.contactName",
    "profile.contactEmail",
    "profile.contactPhone",
  ],
};

/** The field paths the parts show: where an api error pointer may land. */
export function organizationFormFields(parts: readonly TOrganizationFormPart[]): Set<string> {
  return new Set(parts.flatMap((part) => PART_FIELDS[part]));
}

/**
 * What the form sends: only the parts it shows, so a page that edits the profile leaves the
 * address alone (the api changes only what it is sent). Blank is sent as '' and means
 * "clear it" to the api. The centre is sent only when one was chosen.
 */
export function organizationAttributes(
  values: TOrganizationFormValues,
  parts: readonly TOrganizationFormPart[],
): TOrganizationAttributes {
  const attributes: TOrganizationAttributes = {};
  if (parts.includes("kind")) {
    attributes.type = values.type;
    if (values.type !== "VolunteerCenter" && values.volunteerCenterId !== "") {
      attributes.volunteerCenterId = values.volunteerCenterId;
    }
  }
  if (parts.includes("details")) {
    attributes.name = values.name.trim();
    attributes.email = values.email.trim();
    attributes.phone = values.phone.trim();
    attributes.website = values.website.trim();
  }
  if (parts.includes("address")) {
    const { street, houseNumber, postalCode, city } = values.address;
    attributes.address = {
      street: street.trim(),
      houseNumber: houseNumber.trim(),
      postalCode: postalCode.trim(),
      city: city.trim(),
    };
  }
  if (parts.includes("profile")) {
    const { description, contactName, contactEmail, contactPhone } = values.profile;
    attributes.profile = {
      description: description.trim(),
      contactName: contactName.trim(),
      contactEmail: contactEmail.trim(),
      contactPhone: contactPhone.trim(),
    };
  }
  return attributes;
}

/** Each field's label, one literal key per case (tests/unit/messages.test.ts). */
export function organizationFieldLabel(t: Translator, field: string): string {
  switch (field) {
    case "name":
      return t("organizationForm.fields.name");
    case "type":
      return t("organizationForm.fields.type");
    case "volunteerCenterId":
      return t("organizationForm.fields.centre");
    case "email":
      return t("organizationForm.fields.email");
    case "phone":
      return t("organizationForm.fields.phone");
    case "website":
      return t("organizationForm.fields.website");
    case "address.street":
      return t("organizationForm.fields.street");
    case "address.houseNumber":
      return t("organizationForm.fields.houseNumber");
    case "address.postalCode":
      return t("organizationForm.fields.postalCode");
    case "address.city":
      return t("organizationForm.fields.city");
    case "profile.description":
      return t("organizationForm.fields.description");
    case "profile.contactName":
      return t("organizationForm.fields.contactName");
    case "profile.contactEmail":
      return t("organizationForm.fields.contactEmail");
    default:
      return t("organizationForm.fields.contactPhone");
  }
}

const LIMIT_OF: Partial<Record<string, number>> = {
  name: ORGANIZATION_LIMITS.name,
  email: ORGANIZATION_LIMITS.email,
  phone: ORGANIZATION_LIMITS.phone,
  website: ORGANIZATION_LIMITS.website,
  "address.street": ORGANIZATION_LIMITS.street,
  "address.houseNumber": ORGANIZATION_LIMITS.houseNumber,
  "address.city": ORGANIZATION_LIMITS.city,
  "profile.description": ORGANIZATION_LIMITS.description,
  "profile.contactName": ORGANIZATION_LIMITS.contactName,
  "profile.contactEmail": ORGANIZATION_LIMITS.email,
  "profile.contactPhone": ORGANIZATION_LIMITS.contactPhone,
};

/**
 * The message for a problem the api found on a field (its 422 `code`), in the active
 * language: the api's own details are English and meant for developers.
 */
export function organizationApiMessage(t: Translator, field: string, code?: string): string {
  const label = organizationFieldLabel(t, field);
  switch (code) {
    case "blank":
      return t("validation.required", { field: label });
    case "too_long":
      return t("organizationForm.validation.tooLong", {
        field: label,
        max: String(LIMIT_OF[field] ?? ""),
      });
    case "required":
    case "present":
      if (field === "volunteerCenterId") return t("organizationForm.validation.centre");
      return t("validation.invalid", { field: label });
    default:
      if (field === "email" || field === "profile.contactEmail") return t("validation.email");
      if (field === "address.postalCode") return t("organizationForm.validation.postalCode");
      if (field === "website") return t("organizationForm.validation.website");
      return t("validation.invalid", { field: label });
  }
}

function rulesFor(t: Translator, shown: ReadonlySet<string>) {
  const label = (field: string) => organizationFieldLabel(t, field);
  const tooLong = (field: string) =>
    t("organizationForm.validation.tooLong", {
      field: label(field),
      max: String(LIMIT_OF[field] ?? ""),
    });
  // A field of a part the page does not show is not checked: nothing of it is sent.
  const text = (field: string, rule: (field: string) => z.ZodType<string, string>) =>
    shown.has(field) ? rule(field) : z.string();
  const optional = (field: string) =>
    text(field, (f) =>
      z
        .string()
        .trim()
        .max(LIMIT_OF[f] ?? Number.POSITIVE_INFINITY, tooLong(f)),
    );
  const email = (field: string) =>
    text(field, (f) =>
      z
        .string()
        .trim()
        .max(ORGANIZATION_LIMITS.email, tooLong(f))
        .refine((v) => v === "" || isEmail(v), t("validation.email")),
    );
  return { label, tooLong, text, optional, email };
}

function buildSchema(t: Translator, parts: readonly TOrganizationFormPart[]) {
  const shown = organizationFormFields(parts);
  const { label, tooLong, text, optional, email } = rulesFor(t, shown);
  return z.object({
    name: text("name", (f) =>
      z
        .string()
        .trim()
        .min(1, t("validation.required", { field: label(f) }))
        .max(ORGANIZATION_LIMITS.name, tooLong(f)),
    ),
    type: z.enum(ORGANIZATION_TYPES),
    volunteerCenterId: z.string(),
    email: email("email"),
    phone: optional("phone"),
    website: text("website", (f) =>
      z
        .string()
        .trim()
        .max(ORGANIZATION_LIMITS.website, tooLong(f))
        .refine((v) => v === "" || isWebAddress(v), t("organizationForm.validation.website")),
    ),
    address: z.object({
      street: optional("address.street"),
      houseNumber: optional("address.houseNumber"),
      postalCode: text("address.postalCode", () =>
        z
          .string()
          .trim()
          .refine(
            (v) => v === "" || normalizePostalCode(v) !== null,
            t("organizationForm.validation.postalCode"),
          ),
      ),
      city: optional("address.city"),
    }),
    profile: z.object({
      description: optional("profile.description"),
      contactName: optional("profile.contactName"),
      contactEmail: email("profile.contactEmail"),
      contactPhone: optional("profile.contactPhone"),
    }),
  });
}

export type TOrganizationFormSchema = ReturnType<typeof buildSchema>;

// useZodForm wants a stable factory (its resolver is memoised on it): one per set of parts.
const factories = new Map<string, SchemaFactory<TOrganizationFormSchema>>();

/** The schema factory for a form that shows `parts` (spec §5 rules, the api's limits). */
export function organizationFormSchema(
  parts: readonly TOrganizationFormPart[],
): SchemaFactory<TOrganizationFormSchema> {
  const key = [...parts].sort().join(",");
  let factory = factories.get(key);
  if (!factory) {
    factory = (t: Translator) => buildSchema(t, parts);
    factories.set(key, factory);
  }
  return factory;
}
