import { badRequest } from "../errors";

/**
 * Fastify's query parser leaves bracket keys flat (`{"page[number]": "2"}`) and turns a
 * repeated key into an array. These helpers read the jsonapi.rb parameter families
 * (`page[…]`, `fields[…]`, `filter[…]`) out of that shape.
 */
export type TQuery = Record<string, unknown>;
export type TQueryValue = string | string[];

function asValue(value: unknown): TQueryValue | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return undefined;
}

/** `group[key]=v` and `group[key][]=v` → { key: v }; a nested object (other parsers) too. */
export function bracketGroup(query: TQuery, group: string): Record<string, TQueryValue> {
  // No prototype: a key like `filter[__proto__]` stays a plain (refused) key.
  const out: Record<string, TQueryValue> = Object.create(null);
  const nested = query[group];
  // `filter=x` names no member: refused like an unknown one rather than read as nothing.
  if (nested !== undefined && (typeof nested !== "object" || Array.isArray(nested))) {
    throw badRequest(`${group} must name its member, as ${group}[name]`, group);
  }
  if (nested && typeof nested === "object") {
    for (const [key, value] of Object.entries(nested)) {
      const v = asValue(value);
      if (v !== undefined) out[key] = v;
    }
  }
  const prefix = `${group}[`;
  for (const [raw, value] of Object.entries(query)) {
    if (!raw.startsWith(prefix)) continue;
    const match = /^[^[]+\[([^\]]*)\](\[\])?$/.exec(raw);
    const v = asValue(value);
    // `filter[a][b]` is no key of the family; dropping it would silently widen the answer.
    if (!match) throw badRequest(`${raw} is not a parameter of this endpoint`, raw);
    if (v === undefined) continue;
    const key = match[1];
    // `[]` marks an array even when it carries one value.
    out[key] = match[2] ? (Array.isArray(v) ? v : [v]) : v;
  }
  return out;
}

/** A plain parameter; a repeated one is joined with commas (`include=a&include=b`). */
export function stringParam(query: TQuery, name: string): string | undefined {
  const v = asValue(query[name]);
  return Array.isArray(v) ? v.join(",") : v;
}

/** Splits a comma list, dropping blanks. */
export const commaList = (value: string | undefined): string[] =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
