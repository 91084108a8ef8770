import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { isWebAddress, normalizePostalCode } from "@/lib/contract/organization";
import { fieldOfPointer, splitApiErrors } from "@/lib/forms/api-field-errors";
import type { Translator } from "@/lib/i18n/translator";
import {
  EMPTY_ORGANIZATION_FORM,
  organizationApiMessage,
  organizationAttributes,
  organizationFormFields,
  organizationFormSchema,
  organizationFormValues,
} from "@/lib/organizations/organization-form";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

const tEn = createTranslator({ locale: "en", messages: en }) as unknown as Translator;
const tNl = createTranslator({ locale: "nl", messages: nl }) as unknown as Translator;

const ALL = ["kind", "details", "address", "profile"] as const;

/** The first message per field, as the form shows it (spec §5). */
function problems(parts: readonly (typeof ALL)[number][], values: unknown, t = tEn) {
  const result = organizationFormSchema(parts)(t).safeParse(values);
  if (result.success) return {};
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join(".");
    found[path] ??= issue.message;
  }
  return found;
}

describe("the organisation form's rules (the api's, docs/api-organization-signup.md)", () => {
  it("reads Dutch postal codes as the api does", () => {
    expect(normalizePostalCode("1234 ab")).toBe("1234AB");
    expect(normalizePostalCode(" 8261CE ")).toBe("8261CE");
    for (const bad of ["0123 AB", "12345", "1234 A", "1234  AB", "AB 1234"]) {
      expect(normalizePostalCode(bad), bad).toBeNull();
    }
  });

  it("takes only http(s) web addresses with a host as website", () => {
    expect(isWebAddress("https://buurtkracht.nl")).toBe(true);
    expect(isWebAddress("http://example.nl/over-ons")).toBe(true);
    for (const bad of ["www.example.nl", "javascript:alert(1)", "ftp://example.nl", "https://"]) {
      expect(isWebAddress(bad), bad).toBe(false);
    }
  });

  it("accepts an empty form apart from the name, as the api does for staff", () => {
    expect(problems(ALL, { ...EMPTY_ORGANIZATION_FORM, name: "Stichting" })).toEqual({});
    expect(problems(ALL, EMPTY_ORGANIZATION_FORM)).toEqual({ name: "Name is required." });
  });

  it("says one thing per field, in the active language, the most basic rule first", () => {
    const values = {
      ...EMPTY_ORGANIZATION_FORM,
      name: "x".repeat(201),
      email: "not-an-address",
      website: "www.example.nl",
      address: { street: "", houseNumber: "1".repeat(21), postalCode: "12345", city: "" },
      profile: { ...EMPTY_ORGANIZATION_FORM.profile, contactEmail: "nope" },
    };
    expect(problems(ALL, values)).toEqual({
      name: "Name can be at most 200 characters long.",
      email: "Enter a valid e-mail address.",
      website: "Enter a web address starting with http:// or https://.",
      "address.houseNumber": "House number can be at most 20 characters long.",
      "address.postalCode": "Enter a postal code like 1234 AB.",
      "profile.contactEmail": "Enter a valid e-mail address.",
    });
    expect(problems(ALL, values, tNl)["address.postalCode"]).toBe(
      "Vul een postcode in als 1234 AB.",
    );
  });

  it("does not check the parts a page does not show: nothing of them is sent", () => {
    const stored = {
      ...EMPTY_ORGANIZATION_FORM,
      name: "Centrale",
      website: "www.not-valid.nl",
      address: { ...EMPTY_ORGANIZATION_FORM.address, postalCode: "bad" },
      profile: { ...EMPTY_ORGANIZATION_FORM.profile, contactEmail: "contact@centrale.nl" },
    };
    expect(problems(["profile"], stored)).toEqual({});
    expect(Object.keys(problems(["details", "address"], stored)).sort()).toEqual([
      "address.postalCode",
      "website",
    ]);
  });
});

describe("what the form sends", () => {
  const values = {
    ...EMPTY_ORGANIZATION_FORM,
    name: "  Buurtkracht ",
    type: "School" as const,
    volunteerCenterId: "7",
    email: "info@buurtkracht.nl",
    address: { street: "Oudestraat", houseNumber: "12a", postalCode: "8261 CE", city: "Kampen" },
    profile: { ...EMPTY_ORGANIZATION_FORM.profile, description: "Wij helpen buren." },
  };

  it("sends only the parts the page shows, trimmed, blanks as '' (the api clears them)", () => {
    expect(organizationAttributes(values, ["profile"])).toEqual({
      profile: {
        description: "Wij helpen buren.",
        contactName: "",
        contactEmail: "",
        contactPhone: "",
      },
    });
    expect(organizationAttributes(values, ["details", "address"])).toEqual({
      name: "Buurtkracht",
      email: "info@buurtkracht.nl",
      phone: "",
      website: "",
      address: { street: "Oudestraat", houseNumber: "12a", postalCode: "8261 CE", city: "Kampen" },
    });
  });

  it("sends the type, and the centre only when one was chosen and it is no centre itself", () => {
    expect(organizationAttributes(values, ["kind"])).toEqual({
      type: "School",
      volunteerCenterId: "7",
    });
    expect(organizationAttributes({ ...values, volunteerCenterId: "" }, ["kind"])).toEqual({
      type: "School",
    });
    expect(organizationAttributes({ ...values, type: "VolunteerCenter" }, ["kind"])).toEqual({
      type: "VolunteerCenter",
    });
  });

  it("starts from a stored organization with null and missing values as ''", () => {
    const form = organizationFormValues({
      id: "3",
      name: "CBS De Fontein",
      type: "School",
      status: "approved",
      email: null,
      phone: "038 1234567",
      website: null,
      volunteerCenterId: 7,
      createdAt: "",
      updatedAt: "",
      address: { postalCode: "8261CE", street: null },
      profile: null,
    });
    expect(form.volunteerCenterId).toBe("7");
    expect(form.email).toBe("");
    expect(form.address).toEqual({ street: "", houseNumber: "", postalCode: "8261CE", city: "" });
    expect(form.profile.description).toBe("");
  });
});

describe("the api's 422 on the form's fields", () => {
  const refusal = new ApiError({
    statusCode: 422,
    errors: [
      {
        status: "422",
        source: { pointer: "/data/attributes/address/postal_code" },
        detail: "Address postal code is not a valid postal code (1234 AB)",
        code: "invalid",
      },
      {
        status: "422",
        source: { pointer: "/data/attributes/address/postal_code" },
        detail: "a second one for the same field",
        code: "too_long",
      },
      { status: "422", source: { pointer: "/data/attributes/name" }, code: "blank" },
      { status: "422", source: { pointer: "" }, detail: "A volunteer centre cannot be moved." },
      {
        status: "422",
        source: { pointer: "/data/attributes/volunteer_center_id" },
        code: "required",
      },
    ],
  });

  it("finds the field a pointer names, camelCased, and only fields the form has", () => {
    const fields = organizationFormFields(["details", "address"]);
    expect(fieldOfPointer("/data/attributes/address/postal_code", fields)).toBe(
      "address.postalCode",
    );
    expect(fieldOfPointer("/data/attributes/name", fields)).toBe("name");
    expect(fieldOfPointer("/data/attributes/profile/contact_email", fields)).toBeNull();
    expect(fieldOfPointer("/data/id", fields)).toBeNull();
    expect(fieldOfPointer("", fields)).toBeNull();
    expect(fieldOfPointer(undefined, fields)).toBeNull();
    expect(
      fieldOfPointer(
        "/data/attributes/footer/links/1/url",
        new Set(["links.1.url"]),
        "/data/attributes/footer",
      ),
    ).toBe("links.1.url");
  });

  it("keeps the first problem per field and leaves the rest form-level", () => {
    const split = splitApiErrors(refusal, organizationFormFields(["details", "address"]));
    expect(split.fields.map(({ field, code }) => ({ field, code }))).toEqual([
      { field: "address.postalCode", code: "invalid" },
      { field: "name", code: "blank" },
    ]);
    expect(split.fields[0].error.source?.pointer).toBe("/data/attributes/address/postal_code");
    expect(split.rest.map((e) => e.source?.pointer)).toEqual([
      "",
      "/data/attributes/volunteer_center_id",
    ]);
  });

  it("treats anything but a 422 as nothing to put on fields", () => {
    expect(splitApiErrors(new ApiError({ statusCode: 403 }), new Set(["name"]))).toEqual({
      fields: [],
      rest: [],
    });
    expect(splitApiErrors(new Error("offline"), new Set(["name"]))).toEqual({
      fields: [],
      rest: [],
    });
  });

  it("words the api's codes in the active language, not in the api's English", () => {
    expect(organizationApiMessage(tNl, "address.postalCode", "invalid")).toBe(
      "Vul een postcode in als 1234 AB.",
    );
    expect(organizationApiMessage(tNl, "name", "blank")).toBe("Naam is verplicht.");
    expect(organizationApiMessage(tEn, "address.city", "too_long")).toBe(
      "Town or city can be at most 100 characters long.",
    );
    expect(organizationApiMessage(tEn, "volunteerCenterId", "required")).toBe(
      "Choose a volunteer centre of this site.",
    );
    expect(organizationApiMessage(tEn, "profile.contactEmail", "invalid")).toBe(
      "Enter a valid e-mail address.",
    );
    expect(organizationApiMessage(tEn, "phone", "weird")).toBe("Phone number is not valid.");
  });
});
