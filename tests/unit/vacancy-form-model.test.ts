import { describe, expect, it } from "vitest";
import { toSnakeCase } from "@/lib/api/case";
import { ZVacancyAttributes } from "@/lib/contract/vacancies";
import { contactChoices } from "@/lib/vacancies/contact-people";
import type { TManagedVacancy } from "@/lib/vacancies/managed-vacancy-types";
import { submitStatusFor, vacancyActions } from "@/lib/vacancies/vacancy-actions";
import { vacancyDocument, vacancyFormValues } from "@/lib/vacancies/vacancy-form";

const STORED: TManagedVacancy = {
  id: "12",
  title: "Voorlezen",
  summary: null,
  description: "<p><strong>Elke</strong> zaterdag</p>",
  status: "published",
  hoursPerWeek: 4,
  remote: false,
  street: "Zuiderzeestraatweg 1",
  postalCode: "8096 BA",
  city: "Oldebroek",
  ongoing: false,
  startsOn: "2027-01-01",
  endsOn: null,
  closesOn: "2020-01-01",
  volunteersWanted: null,
  contactPersonId: 41,
  contactName: "Mila Visser",
  contactEmail: "mila@example.nl",
  publishedAt: "2026-01-01T10:00:00Z",
  closedAt: null,
  organizationId: 7,
  volunteerCenterId: 2,
  tags: [{ id: "3", name: "Taal", slug: "taal" }],
};

describe("the vacancy form's document", () => {
  it("sends an edit back unchanged as the contract takes it, leaving the place alone", () => {
    const values = vacancyFormValues(STORED);
    const { data } = vacancyDocument(values, { id: "12", initial: values });
    expect(data.id).toBe("12");
    // No organisation on PATCH: it cannot change.
    expect(data.relationships.organization).toBeUndefined();
    expect(data.relationships.tags).toEqual({ data: [{ type: "tags", id: "3" }] });
    expect(data.relationships.contactPerson).toEqual({ data: { type: "users", id: "41" } });
    // The place did not change: not sent, so it is not geocoded again.
    expect(Object.keys(data.attributes)).not.toContain("postalCode");
    expect(Object.keys(data.attributes)).not.toContain("street");
    // A past deadline goes back as it was (the api takes an unchanged one).
    expect(data.attributes.closesOn).toBe("2020-01-01");
    expect(data.attributes).toMatchObject({ ongoing: false, startsOn: "2027-01-01", endsOn: null });
    expect(ZVacancyAttributes.safeParse(toSnakeCase(data.attributes)).success).toBe(true);
  });

  it("sends a changed place whole, the street cleared, and no dates for ongoing work", () => {
    const initial = vacancyFormValues(STORED);
    const values = { ...initial, postalCode: "8091 AA", period: "ongoing" as const };
    const { data } = vacancyDocument(values, { id: "12", initial, status: "closed" });
    expect(data.attributes).toMatchObject({
      street: null,
      postalCode: "8091 AA",
      city: "Oldebroek",
      ongoing: true,
      status: "closed",
    });
    expect(Object.keys(data.attributes)).not.toContain("startsOn");
    expect(Object.keys(data.attributes)).not.toContain("endsOn");
  });
});

describe("what the edit page offers", () => {
  it("submits to pending where the centre reviews and the writer does not approve", () => {
    expect(submitStatusFor(true, false)).toBe("pending");
    expect(submitStatusFor(true, true)).toBe("published");
    expect(submitStatusFor(false, false)).toBe("published");
  });

  it("offers approving a pending vacancy to approvers only, deleting only before it was public", () => {
    expect(vacancyActions("pending", true)).toContain("approve");
    expect(vacancyActions("pending", false)).not.toContain("approve");
    expect(vacancyActions("pending", false)).toContain("delete");
    expect(vacancyActions("published", true)).toEqual(["close", "archive", "duplicate"]);
    expect(vacancyActions("closed", false)).toEqual(["reopen", "archive", "duplicate"]);
    expect(vacancyActions("archived", true)).toEqual(["duplicate"]);
  });

  it("offers a member themselves and the current contact when the staff cannot be listed", () => {
    const me = { id: "41", firstName: "Mila", lastName: "Visser", email: "mila@example.nl" };
    expect(contactChoices(null, me, { id: "50", name: "Bram Bakker" })).toEqual({
      choices: [
        { value: "41", label: "Mila Visser" },
        { value: "50", label: "Bram Bakker" },
      ],
      limited: true,
    });
    const staff = [{ id: "41", firstName: null, lastName: null, email: "mila@example.nl" }];
    expect(contactChoices(staff, me, null)).toEqual({
      choices: [{ value: "41", label: "mila@example.nl" }],
      limited: false,
    });
  });
});
