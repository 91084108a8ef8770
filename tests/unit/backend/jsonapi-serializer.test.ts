import { describe, expect, it } from "vitest";
import { serialize, type TResource, type TRow } from "../../../backend/jsonapi/serializer";

const address: TResource = { type: "address", attributes: ["city", "postalCode"] };
const role: TResource = { type: "role", attributes: ["name", "resourceType", "resourceId"] };
const organization: TResource = {
  type: "organization",
  attributes: ["name"],
  relationships: { address: { kind: "one", resource: () => address } },
};
const user: TResource = {
  type: "user",
  attributes: ["email", "firstName", "confirmedAt"],
  relationships: {
    roles: { kind: "many", resource: () => role },
    organizations: { kind: "many", resource: () => organization },
    volunteer_center: { kind: "one", resource: () => organization, idField: "volunteerCenterId" },
  },
};

const utrecht = { id: 5, city: "Utrecht", postalCode: "3511 AA" };
const orgA = { id: 1, name: "A", address: utrecht };
const orgB = { id: 2, name: "B", address: utrecht };
const admin = { id: 3, name: "admin", resourceType: "Organization", resourceId: 1 };
const jane: TRow = {
  id: 12,
  email: "jane@example.test",
  firstName: null,
  confirmedAt: new Date("2024-05-01T10:00:00Z"),
  encryptedPassword: "never",
  roles: [admin],
  organizations: [orgA, orgB],
  volunteerCenterId: 9,
};

describe("serialize", () => {
  it("writes string ids, the singular type, snake_case attributes with nulls and ISO dates", () => {
    expect(serialize(user, jane)).toEqual({
      data: {
        id: "12",
        type: "user",
        attributes: {
          email: "jane@example.test",
          first_name: null,
          confirmed_at: "2024-05-01T10:00:00.000Z",
        },
        relationships: {
          roles: { data: [{ id: "3", type: "role" }] },
          organizations: {
            data: [
              { id: "1", type: "organization" },
              { id: "2", type: "organization" },
            ],
          },
          volunteer_center: { data: { id: "9", type: "organization" } },
        },
      },
    });
  });

  it("emits has_many linkage even when empty, and no `included` unless asked", () => {
    const doc = serialize(user, { ...jane, roles: [], organizations: [] });
    expect(doc.data).toMatchObject({ relationships: { roles: { data: [] } } });
    expect(doc).not.toHaveProperty("included");
  });

  it("includes dot-nested paths and lists each resource once by type and id", () => {
    const doc = serialize(user, [jane, { ...jane, id: 13 }], {
      include: ["roles", "organizations.address"],
    });
    expect(doc.included?.map((r) => `${r.type}:${r.id}`)).toEqual([
      "role:3",
      "organization:1",
      "address:5",
      "organization:2",
    ]);
    expect(doc.included?.[2]).toEqual({
      id: "5",
      type: "address",
      attributes: { city: "Utrecht", postal_code: "3511 AA" },
    });
  });

  it("fields[type] restricts attributes and relationships, keeping id and type", () => {
    const doc = serialize(user, jane, {
      include: ["organizations"],
      fields: { user: ["email", "roles"], organization: ["name"] },
    });
    expect(doc.data).toEqual({
      id: "12",
      type: "user",
      attributes: { email: "jane@example.test" },
      relationships: { roles: { data: [{ id: "3", type: "role" }] } },
    });
    expect(doc.included?.[0]).toEqual({
      id: "1",
      type: "organization",
      attributes: { name: "A" },
      relationships: {},
    });
  });

  it("puts meta and links at the top level and serializes an empty list and null", () => {
    const doc = serialize(role, [], { meta: { pagination: { current: 1 } }, links: { self: "x" } });
    expect(doc).toEqual({ data: [], meta: { pagination: { current: 1 } }, links: { self: "x" } });
    expect(serialize(role, null)).toEqual({ data: null });
  });

  it("refuses an include that is not a relationship with a 400 naming it", () => {
    expect(() => serialize(user, jane, { include: ["organizations.owner"] })).toThrow(
      "owner is not specified as a relationship on organization",
    );
  });

  it("fails loudly when a to-many relationship was not loaded", () => {
    expect(() => serialize(user, { id: 1, email: "x" })).toThrow(/not loaded/);
  });
});
