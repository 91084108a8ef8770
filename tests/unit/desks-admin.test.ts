import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import type { Role } from "@/lib/auth/auth-state";
import { inactiveReason, splitDesks, type TManagedDesk } from "@/lib/desks/desk-admin";
import {
  deskFormDefaults,
  deskFormSchema,
  toDeskAttributes,
  welcomeAttributes,
} from "@/lib/desks/desk-form";
import { belongsToAnotherDesk, managedDeskIds, wrongDeskPath } from "@/lib/desks/desk-guard";
import { peopleByStatus, type TActivityPerson } from "@/lib/desks/my-desk";
import type { Translator } from "@/lib/i18n/translator";
import en from "@/messages/en.json";

const t = createTranslator({ locale: "en", messages: en }) as unknown as Translator;

const desk = (attrs: Partial<TManagedDesk> & { id: string; azcName: string }): TManagedDesk => ({
  slug: attrs.azcName.toLowerCase().replace(/\s+/g, "-"),
  volunteerCenterId: 1,
  organizationId: null,
  email: null,
  phone: null,
  welcomeTitle: null,
  welcomeBody: null,
  active: true,
  address: {
    street: null,
    houseNumber: null,
    postalCode: null,
    city: null,
    latitude: 52,
    longitude: 5,
  },
  ...attrs,
});

describe("splitDesks: spec §3's active list and the rest", () => {
  it("leaves out 'Balie NOV' and desks without coordinates, sorted by azcName", () => {
    const rows = [
      desk({ id: "1", azcName: "Zeist" }),
      desk({ id: "2", azcName: "Balie NOV" }),
      desk({ id: "3", azcName: "budel" }),
      desk({ id: "4", azcName: "Ede", address: null }),
      desk({
        id: "5",
        azcName: "Arnhem",
        address: {
          street: null,
          houseNumber: null,
          postalCode: null,
          city: "Arnhem",
          latitude: 51.9,
          longitude: null,
        },
      }),
    ];
    const { active, inactive } = splitDesks(rows);
    expect(active.map((d) => d.azcName)).toEqual(["budel", "Zeist"]);
    expect(inactive.map(({ desk: d, reason }) => [d.azcName, reason])).toEqual([
      ["Arnhem", "noCoordinates"],
      ["Balie NOV", "excludedName"],
      ["Ede", "noCoordinates"],
    ]);
  });

  it("counts a coordinate of 0 as a coordinate", () => {
    const onTheEquator = desk({
      id: "6",
      azcName: "Null Island",
      address: {
        street: null,
        houseNumber: null,
        postalCode: null,
        city: null,
        latitude: 0,
        longitude: 0,
      },
    });
    expect(inactiveReason(onTheEquator)).toBeNull();
  });
});

describe("the desk form", () => {
  const schema = deskFormSchema(t);
  const valid = () => ({
    ...deskFormDefaults(null, "7"),
    azcName: " AZC Zeewolde ",
    address: {
      street: "Bosweg",
      houseNumber: "7",
      postalCode: "",
      city: "Zeewolde",
      latitude: "52,33",
      longitude: "5.54",
    },
  });

  it("preselects the only centre and sends what was filled in, a comma read as a decimal point", () => {
    const values = valid();
    expect(values.volunteerCenterId).toBe("7");
    expect(schema.safeParse(values).success).toBe(true);
    expect(toDeskAttributes(values, "create")).toEqual({
      azcName: "AZC Zeewolde",
      volunteerCenterId: "7",
      email: undefined,
      phone: undefined,
      address: {
        street: "Bosweg",
        houseNumber: "7",
        postalCode: undefined,
        city: "Zeewolde",
        latitude: 52.33,
        longitude: 5.54,
      },
    });
  });

  it("clears emptied fields when editing and keeps the slug when it is left empty", () => {
    const attributes = toDeskAttributes({ ...valid(), phone: " ", slug: "" }, "update");
    expect(attributes.phone).toBeNull();
    expect(attributes.address?.postalCode).toBeNull();
    expect("slug" in attributes).toBe(false);
  });

  it("refuses a bad slug, a coordinate out of range and one coordinate without the other", () => {
    const messages = (values: ReturnType<typeof valid>) => {
      const result = schema.safeParse(values);
      return result.success
        ? {}
        : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
    };
    expect(messages({ ...valid(), slug: "AZC Zeist" })).toEqual({
      slug: "Use only lower-case letters, digits and hyphens, like azc-zeist.",
    });
    expect(messages({ ...valid(), address: { ...valid().address, latitude: "91" } })).toEqual({
      "address.latitude": "Latitude must be a number between -90 and 90.",
    });
    expect(messages({ ...valid(), address: { ...valid().address, longitude: "" } })).toEqual({
      "address.longitude": "Fill in both latitude and longitude, or leave both empty.",
    });
    expect(messages({ ...valid(), azcName: "  " })).toMatchObject({
      azcName: "Name of the asylum-seeker centre is required.",
    });
  });

  it("fills an existing desk's values in as text", () => {
    const values = deskFormDefaults(
      desk({ id: "9", azcName: "Budel", volunteerCenterId: 3, phone: "0495" }),
      null,
    );
    expect(values).toMatchObject({
      azcName: "Budel",
      volunteerCenterId: "3",
      phone: "0495",
      email: "",
      address: { latitude: "52", longitude: "5" },
    });
  });
});

describe("the welcome text", () => {
  it("sends the title always, emptied as null, and the body only when it was edited", () => {
    const stored = '<p>Kom <a href="https://example.test">langs</a></p>';
    expect(welcomeAttributes({ welcomeTitle: " Welkom ", welcomeBody: stored }, stored)).toEqual({
      welcomeTitle: "Welkom",
    });
    expect(
      welcomeAttributes({ welcomeTitle: "", welcomeBody: "<p><strong>Kom</strong></p>" }, stored),
    ).toEqual({ welcomeTitle: null, welcomeBody: "<p><strong>Kom</strong></p>" });
    // An emptied editor reports '': the body is cleared.
    expect(welcomeAttributes({ welcomeTitle: "W", welcomeBody: "" }, stored)).toEqual({
      welcomeTitle: "W",
      welcomeBody: null,
    });
    // No body stored and none typed: nothing to send.
    expect(welcomeAttributes({ welcomeTitle: "W", welcomeBody: "" }, null)).toEqual({
      welcomeTitle: "W",
    });
  });

  it("fills the stored welcome text into the edit form and refuses a title over 200 characters", () => {
    const values = deskFormDefaults(
      desk({ id: "9", azcName: "Budel", welcomeTitle: "Hoi", welcomeBody: "<p>Kom</p>" }),
      null,
    );
    expect(values).toMatchObject({ welcomeTitle: "Hoi", welcomeBody: "<p>Kom</p>" });
    const result = deskFormSchema(t).safeParse({ ...values, welcomeTitle: "x".repeat(201) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["welcomeTitle"]);
  });
});

describe("the desk guard: an account of another desk", () => {
  const role = (
    name: string,
    resourceType: string | null = null,
    resourceId: string | null = null,
  ): Role => ({
    id: `${name}-${resourceId}`,
    name,
    resourceType,
    resourceId,
  });
  const zeist = { id: "4", volunteerCenterId: "1" };

  it("sends a desk manager of another desk away", () => {
    expect(belongsToAnotherDesk([role("desk_manager", "Desk", "9")], zeist)).toBe(true);
    expect(wrongDeskPath("azc-zeist")).toBe("/wrong-desk?balie=azc-zeist");
  });

  it("lets the desk's own manager, the centre's staff, superadmins and volunteers through", () => {
    expect(belongsToAnotherDesk([role("desk_manager", "Desk", "4")], zeist)).toBe(false);
    expect(
      belongsToAnotherDesk(
        [role("desk_manager", "Desk", "9"), role("desk_manager", "Desk", "4")],
        zeist,
      ),
    ).toBe(false);
    expect(
      belongsToAnotherDesk(
        [role("desk_manager", "Desk", "9"), role("member", "Organization", "1")],
        zeist,
      ),
    ).toBe(false);
    expect(
      belongsToAnotherDesk(
        [role("desk_manager", "Desk", "9"), role("admin", "Organization", "2")],
        zeist,
      ),
    ).toBe(true);
    expect(
      belongsToAnotherDesk([role("desk_manager", "Desk", "9"), role("superadmin")], zeist),
    ).toBe(false);
    expect(belongsToAnotherDesk([role("volunteer")], zeist)).toBe(false);
    expect(belongsToAnotherDesk([], zeist)).toBe(false);
  });

  it("reads instance desk_manager roles only as desks one manages", () => {
    expect(
      managedDeskIds([
        role("desk_manager", "Desk", "4"),
        role("desk_manager", "Desk"),
        role("admin", "Organization", "1"),
      ]),
    ).toEqual(["4"]);
  });
});

describe("peopleByStatus", () => {
  it("names who comes in sign-up order and who waits in line order", () => {
    const person = (
      id: string,
      status: TActivityPerson["status"],
      firstName: string,
      waitlistPosition: number | null = null,
    ): TActivityPerson => ({ id, status, firstName, lastName: "Jansen", waitlistPosition });
    expect(
      peopleByStatus([
        person("1", "registered", "Anna"),
        person("2", "waitlisted", "Piet", 2),
        person("3", "registered", "Bram"),
        person("4", "waitlisted", "Kees", 1),
        person("5", "cancelled", "Weg"),
      ]),
    ).toEqual({ coming: ["Anna Jansen", "Bram Jansen"], waiting: ["Kees Jansen", "Piet Jansen"] });
  });
});
