import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../backend/db/client";
import { organizations, users } from "../../backend/db/schema";
import { AppError } from "../../backend/errors";
import { parseFilter } from "../../backend/jsonapi/params";
import { createTestApp, type TestApp } from "./support/app";
import { createTenant, createUser } from "./support/factories";

// ransack filters → SQL, run against the real database (PGlite, and PostgreSQL when set).
let t: TestApp;
let tenantId: number;

const ALLOW = {
  name: organizations.name,
  website: organizations.website,
  volunteer_center_id: organizations.volunteerCenterId,
  created_at: organizations.createdAt,
};

let centres: { one: number; two: number };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  tenantId = (await createTenant(db)).id;
  const centre = async (name: string) =>
    (
      await db.insert(organizations).values({ tenantId, type: "VolunteerCenter", name }).returning()
    )[0].id;
  centres = { one: await centre("Centre one"), two: await centre("Centre two") };
  const rows: [string, string | null, number | null, string][] = [
    ["Alpha", "https://alpha.example", centres.one, "2024-01-01T00:00:00Z"],
    ["alphabet", "", centres.two, "2024-02-01T00:00:00Z"],
    ["Beta", null, null, "2024-03-01T00:00:00Z"],
    ["50% off", null, centres.one, "2024-04-01T00:00:00Z"],
    ["500 club", null, centres.two, "2024-05-01T00:00:00Z"],
    ["a_b", null, null, "2024-06-01T00:00:00Z"],
    ["axb", null, null, "2024-07-01T00:00:00Z"],
  ];
  await db.insert(organizations).values(
    rows.map(([name, website, volunteerCenterId, createdAt]) => ({
      tenantId,
      type: "Organization" as const,
      name,
      website,
      volunteerCenterId,
      createdAt: new Date(createdAt),
    })),
  );
});
afterAll(() => t.close());

async function names(query: Record<string, unknown>): Promise<string[]> {
  const { where } = parseFilter(query, ALLOW);
  const rows = await withTenant(t.database.db, tenantId, (tx) =>
    tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(
        and(eq(organizations.tenantId, tenantId), eq(organizations.type, "Organization"), where),
      ),
  );
  // Sorted here, in code-unit order: the database's collation differs between engines.
  return rows.map((r) => r.name).sort();
}

describe("filter predicates against the database", () => {
  it("eq and not_eq compare exactly", async () => {
    expect(await names({ "filter[name_eq]": "Alpha" })).toEqual(["Alpha"]);
    expect(await names({ "filter[name_not_eq]": "Alpha" })).not.toContain("Alpha");
  });

  it("lt, lteq, gt and gteq cast to the column type (dates here)", async () => {
    expect(await names({ "filter[created_at_lt]": "2024-02-01" })).toEqual(["Alpha"]);
    expect(await names({ "filter[created_at_lteq]": "2024-02-01T00:00:00Z" })).toEqual([
      "Alpha",
      "alphabet",
    ]);
    expect(await names({ "filter[created_at_gt]": "2024-06-01T00:00:00Z" })).toEqual(["axb"]);
    expect(await names({ "filter[created_at_gteq]": "2024-06-01T00:00:00Z" })).toEqual([
      "a_b",
      "axb",
    ]);
  });

  it("in and not_in take a comma list or repeated [] values, cast to integers", async () => {
    expect(await names({ "filter[volunteer_center_id_in]": `${centres.one}` })).toEqual([
      "50% off",
      "Alpha",
    ]);
    const both = [String(centres.one), String(centres.two)];
    expect(await names({ "filter[volunteer_center_id_in][]": both })).toHaveLength(4);
    expect(await names({ "filter[name_not_in]": "Alpha,Beta,a_b,axb" })).toEqual([
      "50% off",
      "500 club",
      "alphabet",
    ]);
  });

  it("cont is case-insensitive (ILIKE) and escapes % and _ in the value", async () => {
    expect(await names({ "filter[name_cont]": "ALP" })).toEqual(["Alpha", "alphabet"]);
    expect(await names({ "filter[name_cont]": "50%" })).toEqual(["50% off"]);
    expect(await names({ "filter[name_cont]": "a_b" })).toEqual(["a_b"]);
    expect(await names({ "filter[name_i_cont]": "BET" })).toEqual(["Beta", "alphabet"]);
    expect(await names({ "filter[name_not_cont]": "a" })).toEqual(["50% off", "500 club"]);
  });

  it("start and end anchor the value; matches takes a raw pattern", async () => {
    expect(await names({ "filter[name_start]": "al" })).toEqual(["Alpha", "alphabet"]);
    expect(await names({ "filter[name_end]": "ET" })).toEqual(["alphabet"]);
    expect(await names({ "filter[name_matches]": "a_b" })).toEqual(["a_b", "axb"]);
  });

  it("null, not_null, present and blank read a boolean value", async () => {
    expect(await names({ "filter[website_null]": "true" })).toHaveLength(5);
    expect(await names({ "filter[website_null]": "0" })).toEqual(["Alpha", "alphabet"]);
    expect(await names({ "filter[website_not_null]": "1" })).toEqual(["Alpha", "alphabet"]);
    expect(await names({ "filter[website_present]": "1" })).toEqual(["Alpha"]);
    expect(await names({ "filter[website_blank]": "true" })).toHaveLength(6);
    expect(await names({ "filter[website_blank]": "false" })).toEqual(["Alpha"]);
  });

  it("_any ORs and _all ANDs over the values", async () => {
    expect(await names({ "filter[name_eq_any]": "Alpha,Beta" })).toEqual(["Alpha", "Beta"]);
    expect(await names({ "filter[name_cont_all]": "al,bet" })).toEqual(["alphabet"]);
    expect(await names({ "filter[name_cont_any][]": ["bet", "club"] })).toEqual([
      "500 club",
      "Beta",
      "alphabet",
    ]);
  });

  it("a_or_b matches either attribute; separate keys AND together", async () => {
    expect(await names({ "filter[name_or_website_cont]": "alpha.ex" })).toEqual(["Alpha"]);
    expect(
      await names({ "filter[name_start]": "a", "filter[created_at_gt]": "2024-01-15" }),
    ).toEqual(["a_b", "alphabet", "axb"]);
  });

  it("ignores blank values", async () => {
    expect(await names({ "filter[name_eq]": "" })).toHaveLength(7);
    expect(await names({ "filter[name_in][]": ["", " "] })).toHaveLength(7);
  });
});

describe("filter keys and values that are refused", () => {
  const refusal = (query: Record<string, unknown>) => {
    try {
      parseFilter(query, ALLOW);
    } catch (error) {
      return error;
    }
    throw new Error("expected a refusal");
  };

  it("an attribute outside the allow-list is a 400 naming the key", () => {
    const error = refusal({ "filter[email_eq]": "x" }) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(400);
    expect(error.items[0]).toMatchObject({
      detail: "email_eq is not a filter this endpoint allows",
      source: { parameter: "filter[email_eq]" },
    });
  });

  it("a key without a predicate is a 400", () => {
    expect((refusal({ "filter[name]": "x" }) as AppError).status).toBe(400);
  });

  it("a value the column type cannot hold is a 400", () => {
    const error = refusal({ "filter[volunteer_center_id_eq]": "abc" }) as AppError;
    expect(error.items[0].detail).toBe(
      "'abc' is not a valid value for filter[volunteer_center_id_eq]",
    );
    expect((refusal({ "filter[website_null]": "maybe" }) as AppError).status).toBe(400);
  });

  it("keys the endpoint handles itself come back untouched, blanks dropped", () => {
    const { where, extra } = parseFilter(
      { "filter[with_role]": "admin", "filter[other]": "" },
      ALLOW,
      { extra: ["with_role", "other"] },
    );
    expect(where).toBeUndefined();
    expect(extra).toEqual({ with_role: "admin" });
  });
});

describe("true and false predicates", () => {
  it("compare a boolean column, and `x_true=0` means not true", async () => {
    const db = t.database.db;
    const changing = await createUser(db, tenantId);
    await db.update(users).set({ allowPasswordChange: true }).where(eq(users.id, changing.id));
    const steady = await createUser(db, tenantId);
    const ids = async (query: Record<string, unknown>) => {
      const { where } = parseFilter(query, { allow_password_change: users.allowPasswordChange });
      const rows = await withTenant(db, tenantId, (tx) =>
        tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.tenantId, tenantId), where))
          .orderBy(users.id),
      );
      return rows.map((r) => r.id);
    };
    expect(await ids({ "filter[allow_password_change_true]": "1" })).toEqual([changing.id]);
    expect(await ids({ "filter[allow_password_change_true]": "0" })).toEqual([steady.id]);
    expect(await ids({ "filter[allow_password_change_false]": "true" })).toEqual([steady.id]);
    expect(await ids({ "filter[allow_password_change_not_true]": "t" })).toEqual([steady.id]);
  });
});
