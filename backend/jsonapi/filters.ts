import {
  and,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notIlike,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { badRequest } from "../errors";
import { bracketGroup, type TQuery, type TQueryValue } from "./query";

/**
 * ransack-style `filter[a(_or_b)*_<predicate>]=v` as jsonapi.rb passes it through
 * (api-contract §2.5), rendered the way Arel does on PostgreSQL: cont/start/end/matches
 * are ILIKE, with wildcards in cont/start/end values escaped. Our decisions: a key that
 * is not allow-listed or has no predicate is a 400 naming it, and so is a value that
 * cannot be cast to the column's type (ransack would drop or mangle it).
 */

export type TFilterAllowList = Record<string, PgColumn>;
export type TFilterResult = {
  where: SQL | undefined;
  /** Keys the endpoint declared it handles itself (e.g. `with_role`), blanks dropped. */
  extra: Record<string, TQueryValue>;
};

const COMPOUND = [
  "eq",
  "not_eq",
  "lt",
  "lteq",
  "gt",
  "gteq",
  "matches",
  "does_not_match",
  "cont",
  "not_cont",
  "i_cont",
  "not_i_cont",
  "start",
  "not_start",
  "end",
  "not_end",
] as const;
const ARRAY = ["in", "not_in"] as const;
const BOOLEAN = [
  "true",
  "not_true",
  "false",
  "not_false",
  "present",
  "blank",
  "null",
  "not_null",
] as const;
type TBase = (typeof COMPOUND)[number] | (typeof ARRAY)[number] | (typeof BOOLEAN)[number];
type TPredicate = { name: string; base: TBase; combine: "any" | "all" | null };

// Longest first, so `not_eq` wins over `eq` and `i_cont_any` over `cont_any`.
const PREDICATES: TPredicate[] = [
  ...COMPOUND.flatMap((base) => [
    { name: base, base, combine: null },
    { name: `${base}_any`, base, combine: "any" as const },
    { name: `${base}_all`, base, combine: "all" as const },
  ]),
  ...[...ARRAY, ...BOOLEAN].map((base) => ({ name: base, base, combine: null })),
].sort((a, b) => b.name.length - a.name.length);

const TRUE_VALUES = ["1", "t", "T", "true", "TRUE", "on", "ON"];
const FALSE_VALUES = ["0", "f", "F", "false", "FALSE", "off", "OFF"];
const INTEGER_TYPES = ["PgInteger", "PgSerial", "PgSmallInt", "PgSmallSerial"];
const INT4 = 2 ** 31;

const invalid = (key: string, value: string) =>
  badRequest(`'${value}' is not a valid value for filter[${key}]`, `filter[${key}]`);

function cast(column: PgColumn, key: string, raw: string): unknown {
  switch (column.dataType) {
    case "number": {
      const n = /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : Number.NaN;
      const integer = INTEGER_TYPES.includes(column.columnType);
      if (!Number.isFinite(n) || (integer && (!Number.isInteger(n) || Math.abs(n) >= INT4))) {
        throw invalid(key, raw);
      }
      return n;
    }
    case "boolean":
      return castBoolean(key, raw);
    case "date": {
      const date = new Date(raw);
      // JavaScript reads years far beyond PostgreSQL's range ("-100000-01-01"): the
      // database would refuse them with an error, so they are bad input here.
      const year = date.getUTCFullYear();
      if (Number.isNaN(date.getTime()) || year < 1 || year > 9999) throw invalid(key, raw);
      return date;
    }
    default:
      return raw;
  }
}

function castBoolean(key: string, raw: string): boolean {
  if (TRUE_VALUES.includes(raw)) return true;
  if (FALSE_VALUES.includes(raw)) return false;
  throw invalid(key, raw);
}

/** LIKE wildcards and the escape character itself, escaped (PostgreSQL's default '\'). */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function textOf(column: PgColumn): PgColumn | SQL {
  return column.dataType === "string" ? column : sql`${column}::text`;
}

function blankOf(column: PgColumn): SQL {
  return column.dataType === "string"
    ? (or(isNull(column), eq(column, "")) as SQL)
    : isNull(column);
}

function presentOf(column: PgColumn): SQL {
  return column.dataType === "string"
    ? (and(isNotNull(column), ne(column, "")) as SQL)
    : isNotNull(column);
}

function booleanColumn(column: PgColumn, key: string) {
  if (column.dataType !== "boolean") {
    throw badRequest(`filter[${key}] needs a true/false attribute`, `filter[${key}]`);
  }
  return column;
}

function condition(column: PgColumn, base: TBase, key: string, raw: string): SQL {
  const text = () => textOf(column);
  switch (base) {
    case "eq":
      return eq(column, cast(column, key, raw));
    case "not_eq":
      return ne(column, cast(column, key, raw));
    case "lt":
      return lt(column, cast(column, key, raw));
    case "lteq":
      return lte(column, cast(column, key, raw));
    case "gt":
      return gt(column, cast(column, key, raw));
    case "gteq":
      return gte(column, cast(column, key, raw));
    case "matches":
      return ilike(text(), raw);
    case "does_not_match":
      return notIlike(text(), raw);
    case "cont":
    case "i_cont":
      return ilike(text(), `%${escapeLike(raw)}%`);
    case "not_cont":
    case "not_i_cont":
      return notIlike(text(), `%${escapeLike(raw)}%`);
    case "start":
      return ilike(text(), `${escapeLike(raw)}%`);
    case "not_start":
      return notIlike(text(), `${escapeLike(raw)}%`);
    case "end":
      return ilike(text(), `%${escapeLike(raw)}`);
    case "not_end":
      return notIlike(text(), `%${escapeLike(raw)}`);
    case "null":
      return castBoolean(key, raw) ? isNull(column) : isNotNull(column);
    case "not_null":
      return castBoolean(key, raw) ? isNotNull(column) : isNull(column);
    case "present":
      return castBoolean(key, raw) ? presentOf(column) : blankOf(column);
    case "blank":
      return castBoolean(key, raw) ? blankOf(column) : presentOf(column);
    // ransack: `x_true=0` is `x != TRUE`, not `x = FALSE`.
    case "true":
    case "not_true":
    case "false":
    case "not_false": {
      const compared = base.endsWith("true");
      const positive = !base.startsWith("not_");
      const op = castBoolean(key, raw) === positive ? eq : ne;
      return op(booleanColumn(column, key), compared);
    }
    case "in":
    case "not_in":
      throw new Error("array predicates are handled by the caller");
  }
}

/** Splits `a_or_b` / `a_and_b` into allow-listed attributes; null when any is unknown. */
function attributesOf(name: string, allow: TFilterAllowList) {
  const known = (n: string) => Object.hasOwn(allow, n);
  if (known(name)) return { names: [name], join: "and" as const };
  for (const join of ["or", "and"] as const) {
    const names = name.split(`_${join}_`);
    if (names.length > 1 && names.every(known)) return { names, join };
  }
  return null;
}

function parseKey(key: string, allow: TFilterAllowList) {
  for (const predicate of PREDICATES) {
    const suffix = `_${predicate.name}`;
    if (!key.endsWith(suffix) || key.length === suffix.length) continue;
    const attributes = attributesOf(key.slice(0, -suffix.length), allow);
    if (attributes) return { predicate, ...attributes };
  }
  throw badRequest(`${key} is not a filter this endpoint allows`, `filter[${key}]`);
}

const isBlank = (v: string) => v.trim() === "";

function values(value: TQueryValue, wantsArray: boolean): string[] {
  const list = Array.isArray(value) ? value : wantsArray ? value.split(",") : [value];
  const kept = list.filter((v) => !isBlank(v));
  // A single-value predicate sent as an array uses its first value, as ransack does.
  return wantsArray ? kept : kept.slice(0, 1);
}

function keyCondition(key: string, raw: TQueryValue, allow: TFilterAllowList): SQL | undefined {
  const { predicate, names, join } = parseKey(key, allow);
  const { base, combine } = predicate;
  const isArray = base === "in" || base === "not_in";
  const vs = values(raw, isArray || combine !== null);
  if (vs.length === 0) return undefined; // blank values are ignored (ransack)
  const perAttribute = names.map((name) => {
    const column = allow[name];
    if (isArray) {
      const list = vs.map((v) => cast(column, key, v));
      return base === "in" ? inArray(column, list) : notInArray(column, list);
    }
    const parts = vs.map((v) => condition(column, base, key, v));
    return (combine === "all" ? and(...parts) : or(...parts)) as SQL;
  });
  return (join === "or" ? or(...perAttribute) : and(...perAttribute)) as SQL;
}

/** Reads `filter[...]` into one SQL condition over the allow-listed columns. */
export function parseFilter(
  query: TQuery,
  allow: TFilterAllowList,
  options: { extra?: readonly string[] } = {},
): TFilterResult {
  const conditions: SQL[] = [];
  const extra: Record<string, TQueryValue> = {};
  for (const [key, raw] of Object.entries(bracketGroup(query, "filter"))) {
    if (options.extra?.includes(key)) {
      const kept = Array.isArray(raw) ? raw.filter((v) => !isBlank(v)) : raw;
      if (Array.isArray(kept) ? kept.length > 0 : !isBlank(kept)) extra[key] = kept;
      continue;
    }
    const where = keyCondition(key, raw, allow);
    if (where) conditions.push(where);
  }
  return { where: conditions.length > 0 ? and(...conditions) : undefined, extra };
}
