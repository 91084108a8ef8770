import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { desks } from "../../../backend/db/schema";
import { AppError } from "../../../backend/errors";
import {
  parseFields,
  parseFilter,
  parseInclude,
  parsePage,
  parseSort,
} from "../../../backend/jsonapi/params";
import { userResource } from "../../../backend/jsonapi/resources";

const dialect = new PgDialect();
const render = (parts: ReturnType<typeof parseSort>) =>
  dialect.sqlToQuery(sql.join(parts, sql`, `));

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

describe("parseInclude", () => {
  const allowed = ["roles", "organizations.address"];

  it("reads a comma list, dropping blanks and repeats", () => {
    expect(parseInclude({ include: "roles, organizations,,roles" }, userResource, allowed)).toEqual(
      ["roles", "organizations"],
    );
    expect(parseInclude({}, userResource, allowed)).toEqual([]);
  });

  it("accepts a dot-nested path the endpoint loads", () => {
    expect(parseInclude({ include: "organizations.address" }, userResource, allowed)).toEqual([
      "organizations.address",
    ]);
  });

  it("answers 400 naming a name that is not a relationship", () => {
    const error = refusal(() => parseInclude({ include: "roles,nope" }, userResource, allowed));
    expect(error.status).toBe(400);
    expect(error.items[0]).toEqual({
      detail: "nope is not specified as a relationship on user",
      code: "invalid",
      source: { parameter: "include" },
    });
  });

  it("answers 400 for a relationship this endpoint does not load", () => {
    const error = refusal(() =>
      parseInclude({ include: "organizations.profile" }, userResource, allowed),
    );
    expect(error.items[0].detail).toBe("organizations.profile cannot be included on this endpoint");
  });
});

describe("parseFields", () => {
  it("reads fields[type] comma lists", () => {
    expect(parseFields({ "fields[user]": "email, first_name", "fields[role]": "name" })).toEqual({
      user: ["email", "first_name"],
      role: ["name"],
    });
  });
});

describe("parseSort", () => {
  const allow = { azc_name: desks.azcName, created_at: desks.createdAt };

  it("sorts ascending, or descending with a leading '-'", () => {
    const { sql: text } = render(parseSort({ sort: "-created_at,azc_name" }, allow));
    expect(text).toBe('"desks"."created_at" desc, "desks"."azc_name" asc');
  });

  it("answers 400 naming a field outside the allow-list", () => {
    const error = refusal(() => parseSort({ sort: "azc_name,-toString" }, allow));
    expect(error.items[0]).toMatchObject({
      detail: "toString is not a sortable field",
      source: { parameter: "sort" },
    });
  });
});

describe("parsePage", () => {
  it("defaults to page 1 of 30", () => {
    expect(parsePage({})).toEqual({ number: 1, size: 30, offset: 0 });
  });

  it("reads page[number] and page[size]", () => {
    expect(parsePage({ "page[number]": "3", "page[size]": "10" })).toEqual({
      number: 3,
      size: 10,
      offset: 20,
    });
  });

  it("falls back to the defaults for non-numeric or non-positive values, as Ruby's to_i does", () => {
    expect(parsePage({ "page[number]": "NaN", "page[size]": "abc" })).toMatchObject({
      number: 1,
      size: 30,
    });
    expect(parsePage({ "page[number]": "-2", "page[size]": "0" })).toMatchObject({
      number: 1,
      size: 30,
    });
    expect(parsePage({ "page[number]": "2.9", "page[size]": "5x" })).toMatchObject({
      number: 2,
      size: 5,
    });
  });

  it("honours a size of 1000 (spec §9) and caps anything larger", () => {
    expect(parsePage({ "page[size]": "1000" }).size).toBe(1000);
    expect(parsePage({ "page[size]": "5000" }).size).toBe(1000);
  });
});

describe("parseFilter key parsing", () => {
  const allow = { azc_name: desks.azcName, volunteer_center_id: desks.volunteerCenterId };
  const where = (query: Record<string, unknown>) => {
    const result = parseFilter(query, allow).where;
    return result ? dialect.sqlToQuery(result) : undefined;
  };

  it("renders cont as ILIKE with the wildcards in the value escaped", () => {
    expect(where({ "filter[azc_name_cont]": "50%_x\\" })).toMatchObject({
      sql: '"desks"."azc_name" ilike $1',
      params: ["%50\\%\\_x\\\\%"],
    });
  });

  it("prefers the longest predicate: not_eq over eq, not_null over null", () => {
    expect(where({ "filter[azc_name_not_eq]": "x" })?.sql).toContain("<>");
    expect(where({ "filter[azc_name_not_null]": "1" })?.sql).toContain("is not null");
  });

  it("casts integers and refuses what is not one", () => {
    expect(where({ "filter[volunteer_center_id_eq]": "7" })?.params).toEqual([7]);
    expect(refusal(() => where({ "filter[volunteer_center_id_eq]": "7.5" })).status).toBe(400);
  });

  it("reads nested objects as well as flat bracket keys", () => {
    expect(where({ filter: { azc_name_eq: "A" } })?.params).toEqual(["A"]);
  });
});

describe("bracket keys that name object internals", () => {
  it("are refused like any other unknown filter", () => {
    const allow = { azc_name: desks.azcName };
    expect(refusal(() => parseFilter({ "filter[__proto__]": ["x"] }, allow)).status).toBe(400);
  });
});
