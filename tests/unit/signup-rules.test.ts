import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { isPostalCode, isWebAddress } from "@/lib/contract/organization";
import type { Translator } from "@/lib/i18n/translator";
import { organizationSignUpSchema, volunteerSignUpSchema } from "@/lib/signup/signup-schemas";
import nl from "@/messages/nl.json";

const t = createTranslator({ locale: "nl", messages: nl }) as unknown as Translator;

/** The first message per field, as useZodForm shows them. */
function firstMessages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.map(String).join(".");
    messages[path] ??= issue.message;
  }
  return messages;
}

describe("sign-up rules", () => {
  it("take Dutch postal codes as the api does", () => {
    for (const ok of ["1234 AB", "1234ab", "8261CE", " 8261 ce "])
      expect(isPostalCode(ok)).toBe(true);
    for (const bad of ["0123 AB", "123 AB", "1234 A", "1234-AB", "ABCD 12", ""]) {
      expect(isPostalCode(bad)).toBe(false);
    }
  });

  it("take http(s) web addresses only", () => {
    expect(isWebAddress("https://buurtkracht.nl")).toBe(true);
    expect(isWebAddress("http://example.org/path")).toBe(true);
    expect(isWebAddress("www.example.nl")).toBe(false);
    expect(isWebAddress("javascript:alert(1)")).toBe(false);
    expect(isWebAddress("ftp://example.nl")).toBe(false);
  });
});

describe("volunteerSignUpSchema", () => {
  const valid = {
    firstName: "Vera",
    lastName: "Smit",
    email: "vera@example.nl",
    password: "geheim123",
    passwordConfirmation: "geheim123",
  };

  it("accepts a complete sign-up", () => {
    expect(volunteerSignUpSchema(t).safeParse(valid).success).toBe(true);
  });

  it("puts a mismatch on the confirmation, also while other fields are still empty", () => {
    const result = volunteerSignUpSchema(t).safeParse({
      ...valid,
      firstName: "",
      passwordConfirmation: "geheim124",
    });
    expect(firstMessages(result)).toEqual({
      firstName: "Voornaam is verplicht.",
      passwordConfirmation: "De wachtwoorden komen niet overeen.",
    });
  });

  it("says 'required' rather than 'mismatch' for an empty confirmation", () => {
    const result = volunteerSignUpSchema(t).safeParse({ ...valid, passwordConfirmation: "" });
    expect(firstMessages(result)).toEqual({
      passwordConfirmation: "Herhaal wachtwoord is verplicht.",
    });
  });

  it("holds the api's limits: 8 to 128 characters of password, 100 of a name", () => {
    const result = volunteerSignUpSchema(t).safeParse({
      ...valid,
      lastName: "x".repeat(101),
      password: "kort",
      passwordConfirmation: "kort",
    });
    expect(firstMessages(result)).toEqual({
      lastName: "Achternaam mag hoogstens 100 tekens lang zijn.",
      password: "Wachtwoord moet minstens 8 tekens lang zijn.",
    });
  });
});

describe("organizationSignUpSchema", () => {
  const valid = {
    organization: {
      name: "Stichting Buurtkracht",
      type: "Organization",
      email: "",
      phone: "",
      website: "",
      description: "",
      address: { street: "Oudestraat", houseNumber: "12a", postalCode: "8261 CE", city: "Kampen" },
    },
    user: {
      firstName: "Sanne",
      lastName: "de Vries",
      email: "sanne@example.nl",
      password: "geheim123",
      passwordConfirmation: "geheim123",
    },
  };

  it("accepts a complete sign-up with the optional fields left blank", () => {
    expect(organizationSignUpSchema(t).safeParse(valid).success).toBe(true);
  });

  it("names each nested field by its path, one message each", () => {
    const result = organizationSignUpSchema(t).safeParse({
      ...valid,
      organization: {
        ...valid.organization,
        type: "VolunteerCenter",
        website: "www.example.nl",
        email: "geen-adres",
        address: { ...valid.organization.address, postalCode: "82 CE", city: "" },
      },
      user: { ...valid.user, passwordConfirmation: "anders123" },
    });
    expect(firstMessages(result)).toEqual({
      "organization.type": "Soort organisatie is verplicht.",
      "organization.email": "Vul een geldig e-mailadres in.",
      "organization.website": "Vul een webadres in dat begint met http:// of https://.",
      "organization.address.postalCode": "Vul een geldige postcode in, bijvoorbeeld 1234 AB.",
      "organization.address.city": "Plaats is verplicht.",
      "user.passwordConfirmation": "De wachtwoorden komen niet overeen.",
    });
  });
});
