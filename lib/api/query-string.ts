/**
 * Query serialisation in the bracket style jsonapi.rb and Rails read:
 * `{ filter: { organizationIdEq: 5 }, page: { size: 1000 } }` →
 * `filter[organization_id_eq]=5&page[size]=1000`.
 * Plain identifier keys are snake_cased at every level; keys such as
 * `filter[organization_id_eq]` are kept as given. Arrays are joined with commas (the
 * JSON:API form for include/sort/fields, and accepted by ransack's `_in`). Member names
 * in `include`, `sort` and `fields[...]` values are snake_cased too.
 */
import { isPlainObject, snakeCaseKey } from "./case";

export type QueryPrimitive = string | number | boolean | Date | null | undefined;
export type QueryValue = QueryPrimitive | readonly QueryPrimitive[] | { [key: string]: QueryValue };
export type Query = Record<string, QueryValue>;

const encodeKey = (key: string) =>
  encodeURIComponent(key).replace(/%5B/gi, "[").replace(/%5D/gi, "]");
// A comma decodes the same whether escaped or not; kept literal for readable lists.
const encodeValue = (value: string) => encodeURIComponent(value).replace(/%2C/gi, ",");

const snakeMember = (member: string) =>
  member
    .split(".")
    .map((segment) =>
      segment.startsWith("-") ? `-${snakeCaseKey(segment.slice(1))}` : snakeCaseKey(segment),
    )
    .join(".");

const snakeMemberList = (list: string) => list.split(",").map(snakeMember).join(",");

function primitiveToString(value: QueryPrimitive): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function appendPairs(pairs: string[], key: string, value: QueryValue, memberList: boolean): void {
  if (value === null || value === undefined) return;
  if (isPlainObject(value)) {
    for (const [name, item] of Object.entries(value)) {
      const isFields = key === "fields";
      appendPairs(pairs, `${key}[${snakeCaseKey(name)}]`, item, memberList || isFields);
    }
    return;
  }
  let text: string | undefined;
  if (Array.isArray(value)) {
    const items = value.map(primitiveToString).filter((item) => item !== undefined);
    if (items.length === 0) return;
    text = items.join(",");
  } else {
    text = primitiveToString(value as QueryPrimitive);
  }
  if (text === undefined) return;
  pairs.push(`${encodeKey(key)}=${encodeValue(memberList ? snakeMemberList(text) : text)}`);
}

export function serializeQuery(query: Query | undefined): string {
  if (!query) return "";
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    const key = snakeCaseKey(name);
    appendPairs(pairs, key, value, key === "include" || key === "sort");
  }
  return pairs.join("&");
}
