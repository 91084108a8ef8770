import { describe, expect, it } from "vitest";
import { deserialize, isJsonApiDocument } from "@/lib/api/jsonapi";

// api-contract §2.1
const usersPage = {
  data: [
    {
      id: "12",
      type: "user",
      attributes: { email: "jane@example.com" },
      relationships: { roles: { data: [{ id: "3", type: "role" }] } },
    },
  ],
  included: [
    {
      id: "3",
      type: "role",
      attributes: { name: "admin", resource_type: null, resource_id: null },
    },
  ],
  meta: { pagination: { current: 2, first: 1, prev: 1, next: 3, last: 3, records: 3 } },
  links: {
    self: "/users?page[number]=2",
    first: "/users?page[number]=1",
    prev: "/users?page[number]=1",
    next: "/users?page[number]=3",
    last: "/users?page[number]=3",
  },
};

describe("deserialize", () => {
  it("flattens attributes and merges included roles into the to-many relationship", () => {
    const { data } = deserialize(usersPage);
    expect(data).toEqual([
      {
        id: "12",
        email: "jane@example.com",
        roles: [{ id: "3", name: "admin", resourceType: null, resourceId: null }],
      },
    ]);
  });

  it("attaches top-level meta and links to the result", () => {
    const { meta, links } = deserialize(usersPage);
    expect(meta).toEqual({
      pagination: { current: 2, first: 1, prev: 1, next: 3, last: 3, records: 3 },
    });
    expect(links?.next).toBe("/users?page[number]=3");
  });

  it("keeps { id } for related resources that were not included", () => {
    const { data } = deserialize({
      data: {
        id: "12",
        type: "user",
        attributes: { first_name: "Jane" },
        relationships: {
          roles: {
            data: [
              { id: "3", type: "role" },
              { id: "4", type: "role" },
            ],
          },
          organization: { data: { id: "5", type: "organization" } },
        },
      },
    });
    expect(data).toEqual({
      id: "12",
      firstName: "Jane",
      roles: [{ id: "3" }, { id: "4" }],
      organization: { id: "5" },
    });
  });

  it("turns a data: null relationship into null and skips links-only relationships", () => {
    const { data } = deserialize<Record<string, unknown>>({
      data: {
        id: "7",
        type: "organization",
        attributes: { name: "School" },
        relationships: {
          current_address: { data: null },
          vacancies: { links: { related: "/organizations/7/vacancies" } },
        },
      },
    });
    expect(data.currentAddress).toBeNull();
    expect("vacancies" in data).toBe(false);
  });

  it("resolves nested includes and cuts cycles without recursing forever", () => {
    const { data } = deserialize<Record<string, unknown>>({
      data: {
        id: "12",
        type: "user",
        attributes: { email: "a@b.c" },
        relationships: { organizations: { data: [{ id: "5", type: "organization" }] } },
      },
      included: [
        {
          id: "5",
          type: "organization",
          attributes: { name: "Org", type: "School" },
          relationships: {
            users: { data: [{ id: "12", type: "user" }] },
            profile: { data: { id: "9", type: "profile" } },
          },
        },
        { id: "9", type: "profile", attributes: { short_description: "hi" } },
      ],
    });
    expect(data.organizations).toEqual([
      {
        id: "5",
        name: "Org",
        type: "School",
        users: [{ id: "12", email: "a@b.c" }],
        profile: { id: "9", shortDescription: "hi" },
      },
    ]);
  });

  it("returns null data for a document with data: null", () => {
    expect(deserialize({ data: null, meta: { total: 0 } })).toEqual({
      data: null,
      meta: { total: 0 },
    });
  });

  it("returns an empty list for an empty collection with its meta", () => {
    const result = deserialize({ data: [], meta: { pagination: { current: 1, records: 0 } } });
    expect(result.data).toEqual([]);
    expect(result.meta).toEqual({ pagination: { current: 1, records: 0 } });
  });

  it("camelCases a devise sign-in body instead of treating it as JSON:API", () => {
    const body = {
      data: { id: 1, email: "jane@example.com", allow_password_change: false, uid: "jane" },
    };
    expect(isJsonApiDocument(body)).toBe(false);
    expect(deserialize(body)).toEqual({
      data: { data: { id: 1, email: "jane@example.com", allowPasswordChange: false, uid: "jane" } },
    });
  });

  it("camelCases devise success bodies", () => {
    expect(deserialize({ success: true, data: { id: 1, email: "x" } }).data).toEqual({
      success: true,
      data: { id: 1, email: "x" },
    });
    expect(deserialize({ success: true }).data).toEqual({ success: true });
  });

  it("passes an empty body through as undefined", () => {
    expect(deserialize(undefined)).toEqual({ data: undefined });
  });
});
