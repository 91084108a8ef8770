import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { ZNewOrganization } from "@/backend/domain/organization-input";
import { ZSiteFooter } from "@/backend/domain/site-settings";
import { ZProfileChanges } from "@/backend/domain/user-profile";
import { defaultJobRegistry } from "@/backend/jobs";
import { toSnakeCase } from "@/lib/api/case";
import { JOB_KINDS } from "@/lib/contract/jobs";
import {
  ORGANIZATION_LIMITS,
  ORGANIZATION_TYPES,
  type TOrganizationType,
} from "@/lib/contract/organization";
import { FOOTER_LIMITS } from "@/lib/contract/site-settings";
import { USER_LIMITS, USER_LOCALES } from "@/lib/contract/user";
import { VACANCY_LIMITS, ZVacancyAttributes } from "@/lib/contract/vacancies";
import type { Translator } from "@/lib/i18n/translator";
import {
  organizationAttributes,
  organizationFormSchema,
  type TOrganizationFormValues,
} from "@/lib/organizations/organization-form";
import { footerFormSchema } from "@/lib/site/footer-form";
import { userSchemaParts } from "@/lib/users/user-schema";
import {
  EMPTY_VACANCY_FORM,
  vacancyDocument,
  vacancyFormSchema,
} from "@/lib/vacancies/vacancy-form";
import en from "@/messages/en.json";

/**
 * The contract (lib/contract/) is the one place the api and the web take their shared rules
 * from. Two guards keep it that way: the api's parsing and the web's form schemas are fed
 * the same generated values and must agree, and the code base is scanned for a rule
 * declared again outside the contract.
 */

const t = createTranslator({ locale: "en", messages: en }) as unknown as Translator;
const ROOT = path.resolve(import.meta.dirname, "../..");

/** Text around a limit: blank, padded, exactly at it, one over it. */
const textNear = (max: number) =>
  fc.oneof(
    fc.constantFrom("", "  ", "Buurtkracht", " padded "),
    fc.constant("x".repeat(max)),
    fc.constant("x".repeat(max + 1)),
    fc.constant(` ${"x".repeat(max)} `),
    fc.string({ maxLength: 12 }),
  );
const email = fc.oneof(
  fc.constantFrom("", "info@buurtkracht.nl", " a@b.nl ", "not-an-email", "a@b", "@x.nl"),
  fc.constant(`${"a".repeat(ORGANIZATION_LIMITS.email - 7)}@abc.nl`),
  fc.constant(`${"a".repeat(ORGANIZATION_LIMITS.email - 6)}@abc.nl`),
  fc.emailAddress(),
);
const website = fc.oneof(
  fc.constantFrom(
    "",
    "https://buurtkracht.nl",
    "http://x.nl/a?b=c",
    "www.example.nl",
    "javascript:alert(1)",
    "ftp://example.nl",
    "https://",
    " https://padded.nl ",
  ),
  fc.constant(`https://${"a".repeat(ORGANIZATION_LIMITS.website - 11)}.nl`),
  fc.constant(`https://${"a".repeat(ORGANIZATION_LIMITS.website - 10)}.nl`),
  fc.webUrl(),
);
const postalCode = fc.oneof(
  fc.constantFrom("", "1234 AB", "1234ab", " 8261CE ", "0123 AB", "12345", "1234  AB", "AB 1234"),
  fc.stringMatching(/^[0-9]{4} ?[a-zA-Z]{2}$/),
);

const organizationValues: fc.Arbitrary<TOrganizationFormValues> = fc.record({
  name: textNear(ORGANIZATION_LIMITS.name),
  type: fc.constantFrom<TOrganizationType>(...ORGANIZATION_TYPES),
  volunteerCenterId: fc.constant(""),
  email,
  phone: textNear(ORGANIZATION_LIMITS.phone),
  website,
  address: fc.record({
    street: textNear(ORGANIZATION_LIMITS.street),
    houseNumber: textNear(ORGANIZATION_LIMITS.houseNumber),
    postalCode,
    city: textNear(ORGANIZATION_LIMITS.city),
  }),
  profile: fc.record({
    description: textNear(ORGANIZATION_LIMITS.description),
    contactName: textNear(ORGANIZATION_LIMITS.contactName),
    contactEmail: email,
    contactPhone: textNear(ORGANIZATION_LIMITS.contactPhone),
  }),
});

describe("the api and the web's forms agree on the contract's rules", () => {
  it("an organisation: the form takes exactly what POST /organizations takes", () => {
    const parts = ["kind", "details", "address", "profile"] as const;
    const form = organizationFormSchema(parts)(t);
    fc.assert(
      fc.property(organizationValues, (values) => {
        const web = form.safeParse(values).success;
        const api = ZNewOrganization.safeParse(
          toSnakeCase(organizationAttributes(values, parts)),
        ).success;
        expect(web, JSON.stringify(values)).toBe(api);
      }),
      { numRuns: 400 },
    );
  });

  it("a footer: the form takes exactly what PUT /site_settings takes", () => {
    const form = footerFormSchema(t);
    const url = fc.oneof(
      fc.constantFrom(
        "/contact",
        "https://example.nl",
        "//evil.example",
        "/\\evil",
        "javascript:alert(1)",
        "/a b",
        "/\t/x",
        "",
        " /padded ",
      ),
      fc.constant(`/${"a".repeat(FOOTER_LIMITS.url - 1)}`),
      fc.constant(`/${"a".repeat(FOOTER_LIMITS.url)}`),
      fc.webUrl(),
      fc.string({ maxLength: 10 }),
    );
    const footer = fc.record({
      text: textNear(FOOTER_LIMITS.text),
      links: fc.array(fc.record({ label: textNear(FOOTER_LIMITS.label), url }), {
        maxLength: FOOTER_LIMITS.links + 1,
      }),
    });
    fc.assert(
      fc.property(footer, (values) => {
        const web = form.safeParse(values).success;
        const api = ZSiteFooter.safeParse(values).success;
        expect(web, JSON.stringify(values)).toBe(api);
      }),
      { numRuns: 400 },
    );
  });

  it("a user's profile: what the edit form takes, PATCH /users/:id takes", () => {
    // The form asks more than the api (a name is required there, blank clears it in the
    // api), so the guard is one way: the form never sends what the api refuses, and the
    // limits and formats that both check agree.
    const parts = userSchemaParts(t);
    const phone = fc.oneof(
      fc.constantFrom("", "+31 (0)6-12.34", "06 1234 5678", "06-abc", "☎"),
      fc.constant("1".repeat(USER_LIMITS.phone)),
      fc.constant("1".repeat(USER_LIMITS.phone + 1)),
    );
    fc.assert(
      fc.property(
        textNear(USER_LIMITS.name),
        phone,
        fc.constantFrom(...USER_LOCALES, "de", ""),
        (name, phoneValue, locale) => {
          const fields = { first_name: name, phone: phoneValue, locale };
          const api = ZProfileChanges.safeParse(fields).success;
          const web =
            parts.firstName.safeParse(name).success &&
            parts.phone.safeParse(phoneValue).success &&
            parts.locale.safeParse(locale).success;
          if (web) expect(api, JSON.stringify(fields)).toBe(true);
          // Past the required name, both judge the limits and formats alike.
          if (name.trim() !== "") {
            expect(parts.firstName.safeParse(name).success).toBe(
              ZProfileChanges.safeParse({ first_name: name }).success,
            );
          }
          expect(parts.phone.safeParse(phoneValue).success).toBe(
            ZProfileChanges.safeParse({ phone: phoneValue }).success,
          );
          expect(parts.locale.safeParse(locale).success).toBe(
            ZProfileChanges.safeParse({ locale }).success,
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a vacancy: what the form takes, POST /vacancies takes (the attributes it sends)", () => {
    // One way, as the profile: the form asks more (a start date for work on dates), and
    // never sends what the api's schema refuses; the limits of the text agree both ways.
    const schema = vacancyFormSchema(t);
    const count = fc.constantFrom("", "0", "1", "4", "80", "81", "999", "1000", "-1", "4.5", "abc");
    const day = fc.constantFrom("", "2027-05-01", "2027-05-10", "2027-13-45", "morgen");
    fc.assert(
      fc.property(
        fc.record({
          title: textNear(VACANCY_LIMITS.title),
          summary: textNear(VACANCY_LIMITS.summary),
          postalCode: textNear(VACANCY_LIMITS.postalCode),
          city: textNear(VACANCY_LIMITS.city),
          hoursPerWeek: count,
          volunteersWanted: count,
          period: fc.constantFrom("ongoing" as const, "dates" as const),
          startsOn: day,
          endsOn: day,
          closesOn: day,
        }),
        (picked) => {
          const values = { ...EMPTY_VACANCY_FORM, organizationId: "7", ...picked };
          const web = schema.safeParse(values).success;
          const sent = toSnakeCase(vacancyDocument(values, {}).data.attributes);
          const api = ZVacancyAttributes.safeParse(sent).success;
          if (web) expect(api, JSON.stringify(sent)).toBe(true);
          if (picked.title.trim() !== "") {
            const titleOnly = { ...EMPTY_VACANCY_FORM, organizationId: "7", title: picked.title };
            expect(schema.safeParse(titleOnly).success).toBe(
              ZVacancyAttributes.safeParse({ title: picked.title }).success,
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** Every .ts/.tsx file of the code base (no tests, no dependencies, no build output). */
function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (["node_modules", ".next", ".data", ".git", "tests", "e2e", "bench"].includes(name)) {
      continue;
    }
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, found);
    else if (/\.tsx?$/.test(name)) found.push(full);
  }
  return found;
}

/** A rule of the contract declared again: the name of the check and what gives it away. */
const COPIES: [string, RegExp][] = [
  ["a postal-code pattern", /\[1-9\]\[0-9\]\{3\}/],
  ["a phone pattern", /\[0-9\+\(\)\\-\. \]/],
  ["devise's e-mail pattern", /\[\^@\\s\]\+@\[\^@\\s\]\+/],
  ["a web-address check", /protocol === "https?:".*hostname !== ""/],
  ["the printable-ASCII link pattern", /\[!-~\]/],
  [
    "a list of organisation types",
    /\[\s*"(VolunteerCenter|School|Organization)",\s*"(VolunteerCenter|School|Organization)",\s*"(VolunteerCenter|School|Organization)"\s*\]/,
  ],
  ["a list of organisation statuses", /"approved",\s*"pending",\s*"denied",\s*"archived"/],
  ["a list of user statuses", /"active",\s*"invited",\s*"inactive",\s*"archived"/],
  ["a list of scoped roles", /\[\s*"admin",\s*"member",\s*"desk_manager"\s*\]/],
  ["an enum of user locales", /z\.enum\(\[\s*"nl",\s*"en"\s*\]\)/],
  ["the password length", /min:\s*8,\s*max:\s*128/],
  [
    "a contract constant declared again",
    /const (APPLICATION_STATUSES|APPLICATION_EVENTS|APPLICATION_LIMITS|JOB_STATES|JOB_KINDS|ORGANIZATION_LIMITS|USER_LIMITS|FOOTER_LIMITS|PASSWORD_LENGTH|ORGANIZATION_TYPES|ORGANIZATION_STATUSES|USER_STATUSES|USER_LOCALES|SCOPED_ROLES|EMAIL_MAX|NAME_MAX|PHONE_MAX|PHONE_PATTERN)\s*[:=]/,
  ],
  [
    "a contract function declared again",
    /function (normalizePostalCode|isPostalCode|isWebAddress|isFooterUrl|isDeviseEmail)\b/,
  ],
  ["a list of job states", /"queued",\s*"running",\s*"succeeded",\s*"failed"/],
  ["a list of application statuses", /"new",\s*"in_conversation",\s*"accepted"/],
];

/** The modules that validate the shared attributes: their limits come from the contract. */
const VALIDATION_MODULES = [
  "backend/domain/organization-input.ts",
  "backend/domain/user-profile.ts",
  "backend/domain/site-settings.ts",
  "lib/organizations/organization-form.ts",
  "lib/signup/signup-rules.ts",
  "lib/signup/signup-schemas.ts",
  "lib/users/user-schema.ts",
  "lib/site/footer-form.ts",
  "lib/profile/profile-form.ts",
  "lib/vacancies/vacancy-form.ts",
];

describe("the job kinds the web knows are the ones the api runs", () => {
  it("the contract's kinds are the worker registry's kinds", () => {
    expect([...defaultJobRegistry().kinds()].sort()).toEqual([...JOB_KINDS].sort());
  });
});

describe("no rule of the contract is copied", () => {
  const files = sourceFiles(ROOT).filter(
    (file) => !path.relative(ROOT, file).startsWith(`lib${path.sep}contract${path.sep}`),
  );

  it("scans the code base (sanity: it finds the modules that use the contract)", () => {
    const relative = files.map((file) => path.relative(ROOT, file));
    for (const module of VALIDATION_MODULES) expect(relative).toContain(module);
  });

  it.each(COPIES)("declares %s only in lib/contract/", (_name, pattern) => {
    const offenders = files.filter((file) => pattern.test(readFileSync(file, "utf8")));
    expect(offenders.map((file) => path.relative(ROOT, file))).toEqual([]);
  });

  it("the validation modules take every limit from the contract (no .max(<number>))", () => {
    for (const module of VALIDATION_MODULES) {
      const source = readFileSync(path.join(ROOT, module), "utf8");
      expect(source.match(/\.(max|min)\((?!1\b)\d+/g) ?? [], module).toEqual([]);
    }
  });

  it("the scan recognises a copy (each pattern matches the contract's own definition)", () => {
    const contract = readdirSync(path.join(ROOT, "lib/contract"))
      .map((name) => readFileSync(path.join(ROOT, "lib/contract", name), "utf8"))
      .join("\n");
    for (const [name, pattern] of COPIES) {
      // The contract builds its enums from its lists: the inline enum is checked apart.
      if (name === "an enum of user locales") continue;
      expect(pattern.test(contract), name).toBe(true);
    }
    expect(COPIES[9][1].test('locale: z.enum(["nl", "en"]).optional()')).toBe(true);
  });
});
