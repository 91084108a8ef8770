import { type AnyColumn, asc, desc, type SQL } from "drizzle-orm";
import { z } from "zod";
import { badRequest, notFound } from "../errors";
import { documentAttributes, isObject, MAX_ID, pathId } from "../jsonapi/document-attributes";
import { parseListQuery, type TListQuery } from "../jsonapi/list-query";
import {
  parseFields,
  parseInclude,
  type TFilterAllowList,
  type TPageLimits,
  type TSortAllowList,
} from "../jsonapi/params";
import { bracketGroup, commaList, stringParam } from "../jsonapi/query";
import type { TResource } from "../jsonapi/serializer";
import {
  ATTRIBUTES_POINTER,
  humanize,
  parameterMissing,
  parseAttributes,
  unprocessable,
} from "../jsonapi/validation";

/**
 * How a route reads its params, query and body. Each reader parses the raw value into a
 * typed one or throws the JSON:API error for it (404 for a path value no row can have, 400
 * naming a query parameter, 422 with pointers for a body), and describes itself for the
 * OpenAPI document, so the document and the parsing never disagree.
 */

export type TOpenApiParameter = {
  name: string;
  in: "path" | "query";
  required: boolean;
  description?: string;
  schema: Record<string, unknown>;
};

export type TReader<T> = {
  /** `params` are the route's parsed path parameters (a body may have to match `:id`). */
  parse: (raw: unknown, params?: Record<string, unknown>) => T;
  /** Query and path parameters it reads. */
  parameters?: () => TOpenApiParameter[];
  /** The request body's JSON schema. */
  bodySchema?: () => Record<string, unknown>;
  /** The body's media types when it is not a JSON document (an image upload's bytes). */
  bodyMediaTypes?: readonly string[];
};

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;

/** A path or query value as a JSON schema, without the `$schema` key. */
function valueSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = jsonSchema(schema);
  return rest;
}

// devise_token_auth reads credentials from the query too (api-contract §1.1), and `unbatch`
// forces a new token inside the batch buffer: every route accepts them.
export const CREDENTIAL_PARAMETERS = ["access-token", "client", "uid", "unbatch"] as const;
const isCredential = (key: string) => (CREDENTIAL_PARAMETERS as readonly string[]).includes(key);

// ---------------------------------------------------------------------------------------
// Path parameters

/** A serial id in the path: anything no row can have is a 404, like a missing row. */
export const ZPathId = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .refine((id) => id >= 1 && id <= MAX_ID);

/** Path parameters: a value the schema refuses is a 404 (no such resource). */
export function pathParams<S extends z.ZodObject>(schema: S): TReader<z.output<S>> {
  return {
    parse(raw) {
      const result = schema.safeParse(raw);
      if (!result.success) throw notFound();
      return result.data;
    },
    parameters: () =>
      Object.entries(schema.shape).map(([name, value]) => ({
        name,
        in: "path" as const,
        required: true,
        schema: valueSchema(value as z.ZodType),
      })),
  };
}

// ---------------------------------------------------------------------------------------
// Query strings

/** The query as Fastify parsed it, without the credential parameters. */
function ownQuery(raw: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!isObject(raw)) return out;
  for (const [key, value] of Object.entries(raw)) if (!isCredential(key)) out[key] = value;
  return out;
}

/**
 * A parameter this endpoint does not take, named with its value: `sort=title` on an endpoint
 * without sorting says which sort was asked for.
 */
function unknownParameter(key: string, value: unknown) {
  const shown = typeof value === "string" && value !== "" ? ` (${value.slice(0, 100)})` : "";
  return badRequest(`${key}${shown} is not a parameter of this endpoint`, key);
}

/**
 * A plain query: every key the schema names, nothing else (an unknown parameter is a 400
 * naming it). Values arrive as strings, or arrays when repeated.
 */
export function queryParams<S extends z.ZodObject>(schema: S): TReader<z.output<S>> {
  return {
    parse(raw) {
      const query = ownQuery(raw);
      for (const key of Object.keys(query)) {
        if (!Object.hasOwn(schema.shape, key)) throw unknownParameter(key, query[key]);
      }
      const result = schema.safeParse(query);
      if (!result.success) {
        const issue = result.error.issues[0];
        const name = String(issue?.path[0] ?? "");
        throw badRequest(`${name} is invalid: ${issue?.message ?? "invalid value"}`, name);
      }
      return result.data;
    },
    parameters: () =>
      Object.entries(schema.shape).map(([name, value]) => ({
        name,
        in: "query" as const,
        required: !(value as z.ZodType).safeParse(undefined).success,
        schema: valueSchema(value as z.ZodType),
      })),
  };
}

/** No query parameters at all (besides the credentials every route takes). */
export const noQuery: TReader<Record<string, never>> = queryParams(z.object({}));

export type TListSpec = {
  resource: TResource;
  include?: readonly string[];
  filter?: TFilterAllowList;
  /** Filter keys the handler reads itself (e.g. `with_role`, `q`), as `extra`. */
  extraFilters?: readonly string[];
  sort?: TSortAllowList;
  page?: TPageLimits;
  /** Top-level parameters besides the JSON:API families (e.g. `lang`). */
  parameters?: Record<string, z.ZodType>;
  /** Order when no `sort` is asked. */
  defaultOrder?: SQL[];
  /** Appended to an asked sort in the direction of its last key, so that rows tied on
   *  the sort keys keep one order and pages never overlap or skip. */
  tieBreaker?: AnyColumn;
  /** Attributes whose `_eq`/`_in`/`_not_eq`/`_not_in` filter values must be one of these (a typo would
   *  otherwise list nothing): a 400 naming the value. */
  filterEnums?: Record<string, readonly string[]>;
  /** The exact filter keys (attribute and predicate) allowed, where not every predicate
   *  of an allow-listed attribute makes sense. */
  onlyFilters?: readonly string[];
};

function orderOf(spec: TListSpec, query: Record<string, unknown>, asked: SQL[]): SQL[] {
  if (asked.length === 0) return spec.defaultOrder ?? [];
  if (!spec.tieBreaker) return asked;
  const last = commaList(stringParam(query, "sort")).at(-1) ?? "";
  return [...asked, last.startsWith("-") ? desc(spec.tieBreaker) : asc(spec.tieBreaker)];
}

function checkFilterEnums(
  enums: Record<string, readonly string[]>,
  query: Record<string, unknown>,
) {
  for (const [key, value] of Object.entries(bracketGroup(query, "filter"))) {
    const column = Object.keys(enums).find((name) =>
      ["eq", "in", "not_eq", "not_in"].some((predicate) => key === `${name}_${predicate}`),
    );
    if (!column) continue;
    const values = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(","));
    for (const raw of values) {
      const item = raw.trim();
      if (item !== "" && !enums[column].includes(item)) {
        throw badRequest(`'${item}' is not a valid value for filter[${key}]`, `filter[${key}]`);
      }
    }
  }
}

export type TParsedList = TListQuery & {
  /** The raw query, for handlers that read a family again (e.g. enum checks). */
  raw: Record<string, unknown>;
  parameters: Record<string, unknown>;
};

const FAMILIES = ["filter", "page", "fields"] as const;

function familyOf(key: string): string | null {
  for (const family of FAMILIES) {
    if (key === family || key.startsWith(`${family}[`)) return family;
  }
  return null;
}

const PREDICATE_HELP =
  "ransack-style filter[<attribute>_<predicate>] (eq, not_eq, lt, lteq, gt, gteq, in, not_in, cont, i_cont, start, end, matches, present, blank, null, not_null, true, false; _any/_all variants)";

/**
 * A JSON:API list query (api-contract §2): include, fields, filter, sort and page, each
 * checked against the endpoint's allow-lists, and any other top-level parameter refused,
 * so every list answers an unknown name with a 400 naming it.
 */
export function listQuery(spec: TListSpec): TReader<TParsedList> {
  const own = spec.parameters ?? {};
  return {
    parse(raw) {
      const query = ownQuery(raw);
      if (spec.onlyFilters) {
        for (const key of Object.keys(bracketGroup(query, "filter"))) {
          if (!spec.onlyFilters.includes(key)) {
            throw badRequest(`${key} is not a filter this endpoint allows`, `filter[${key}]`);
          }
        }
      }
      if (spec.filterEnums) checkFilterEnums(spec.filterEnums, query);
      // The route's own parameters are read below; the JSON:API ones by the list parser,
      // which refuses whatever else is left (jsonapi/params.ts assertListParams).
      const jsonApi = Object.fromEntries(
        Object.entries(query).filter(([key]) => !Object.hasOwn(own, key)),
      );
      const parsed = parseListQuery(jsonApi, spec.resource, spec);
      const list = { ...parsed, orderBy: orderOf(spec, query, parsed.orderBy) };
      const parameters: Record<string, unknown> = {};
      for (const [name, schema] of Object.entries(own)) {
        const result = schema.safeParse(query[name]);
        if (!result.success) throw badRequest(`${name} is invalid`, name);
        parameters[name] = result.data;
      }
      return { ...list, raw: query, parameters };
    },
    parameters: () => {
      const out: TOpenApiParameter[] = [];
      if (spec.include?.length) {
        out.push({
          name: "include",
          in: "query",
          required: false,
          description: `Comma list of: ${spec.include.join(", ")}`,
          schema: { type: "string" },
        });
      }
      const filters = [...Object.keys(spec.filter ?? {}), ...(spec.extraFilters ?? [])];
      if (filters.length) {
        out.push({
          name: "filter",
          in: "query",
          required: false,
          description: `${PREDICATE_HELP}. Attributes: ${filters.join(", ")}`,
          schema: { type: "object", additionalProperties: { type: "string" } },
        });
      }
      const sorts = Object.keys(spec.sort ?? {});
      if (sorts.length) {
        out.push({
          name: "sort",
          in: "query",
          required: false,
          description: `Comma list; a leading '-' sorts descending. Fields: ${sorts.join(", ")}`,
          schema: { type: "string" },
        });
      }
      out.push(
        {
          name: "page[number]",
          in: "query",
          required: false,
          schema: { type: "integer", minimum: 1 },
        },
        {
          name: "page[size]",
          in: "query",
          required: false,
          schema: { type: "integer", minimum: 1, maximum: spec.page?.maxSize ?? 1000 },
        },
        {
          name: "fields",
          in: "query",
          required: false,
          description: "Sparse fieldsets: fields[<type>]=a,b",
          schema: { type: "object", additionalProperties: { type: "string" } },
        },
      );
      for (const [name, schema] of Object.entries(own)) {
        out.push({ name, in: "query", required: false, schema: valueSchema(schema) });
      }
      return out;
    },
  };
}

/**
 * The query of a single-resource endpoint: `include` (checked against what the endpoint
 * loads) and sparse `fields[type]`; any other parameter is a 400 naming it.
 */
export function documentQuery(
  resource: TResource,
  include: readonly string[] = [],
): TReader<{ include: string[]; fields: Record<string, string[]> }> {
  return {
    parse(raw) {
      const query = ownQuery(raw);
      for (const key of Object.keys(query)) {
        if (key === "include" || familyOf(key) === "fields") continue;
        throw unknownParameter(key, query[key]);
      }
      return { include: parseInclude(query, resource, include), fields: parseFields(query) };
    },
    parameters: () => [
      ...(include.length
        ? [
            {
              name: "include",
              in: "query" as const,
              required: false,
              description: `Comma list of: ${include.join(", ")}`,
              schema: { type: "string" },
            },
          ]
        : []),
      {
        name: "fields",
        in: "query" as const,
        required: false,
        description: "Sparse fieldsets: fields[<type>]=a,b",
        schema: { type: "object", additionalProperties: { type: "string" } },
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------
// Bodies

/**
 * A JSON:API request document `{data: {type, attributes}}`, or the spec's own
 * `{<key>: {...}}` where `specKey` names it: the attributes parsed by the schema, a
 * failure a 422 with a pointer under /data/attributes (api-contract §2.2).
 */
export function attributesBody<S extends z.ZodType>(
  schema: S,
  options: {
    types: readonly string[];
    specKey?: string;
    /** The path parameter a `data.id` must equal (a mismatch is a 422). */
    idParam?: string;
  },
): TReader<z.output<S>> {
  return {
    parse(raw, params) {
      const key = options.specKey;
      let attributes: unknown;
      if (key && isObject(raw) && key in raw) {
        if (!isObject(raw[key])) throw parameterMissing(key);
        attributes = raw[key];
      } else {
        if (key && !(isObject(raw) && isObject(raw.data))) throw parameterMissing(key);
        const id = options.idParam ? params?.[options.idParam] : undefined;
        attributes = documentAttributes(raw, {
          types: options.types,
          id: typeof id === "number" ? id : undefined,
        });
      }
      return parseAttributes(schema, attributes, ATTRIBUTES_POINTER);
    },
    bodySchema: () => {
      const attributes = jsonSchema(schema);
      const document = {
        type: "object",
        required: ["data"],
        properties: {
          data: {
            type: "object",
            required: ["attributes"],
            properties: { type: { enum: options.types }, attributes },
          },
        },
      };
      if (!options.specKey) return document;
      return {
        oneOf: [
          document,
          {
            type: "object",
            required: [options.specKey],
            properties: { [options.specKey]: attributes },
          },
        ],
      };
    },
  };
}

/** A relationship a request document names: one resource (`{data: {type, id}}`) or many. */
export type TRelationshipSpec = {
  types: readonly string[];
  kind: "one" | "many";
  required: boolean;
};

type TRelationshipValues<R extends Record<string, TRelationshipSpec>> = {
  [K in keyof R]: R[K]["kind"] extends "one"
    ? R[K]["required"] extends true
      ? number
      : number | undefined
    : R[K]["required"] extends true
      ? number[]
      : number[] | undefined;
};

const ZLinkage = z.object({ type: z.string(), id: z.union([z.string(), z.number()]) });

/**
 * A JSON:API request document with relationships (api-contract §2): the attributes parsed
 * by the schema as attributesBody does, and each named relationship's ids. A linkage of
 * another type, an id no row can have, or a missing required relationship is a 422 on
 * `/data/relationships/<name>`; whether the id exists is the route's to check.
 */
export function resourceBody<S extends z.ZodType, R extends Record<string, TRelationshipSpec>>(
  schema: S,
  options: {
    types: readonly string[];
    relationships: R;
    /** A resource made of its relationships alone (a place at an activity): no attributes
     *  member is needed. */
    attributesOptional?: boolean;
  },
): TReader<{ attributes: z.output<S>; relationships: TRelationshipValues<R> }> {
  const pointer = (name: string) => `/data/relationships/${name}`;
  const invalid = (name: string, detail: string, code: string) =>
    unprocessable([{ detail, code, source: { pointer: pointer(name) } }]);
  const idOf = (name: string, raw: unknown, types: readonly string[]): number => {
    const linkage = ZLinkage.safeParse(raw);
    if (!linkage.success || !types.includes(linkage.data.type)) {
      throw invalid(name, `${humanize([name])} is invalid`, "invalid");
    }
    const id = pathId(String(linkage.data.id));
    if (id === null) throw invalid(name, `${humanize([name])} must exist`, "blank");
    return id;
  };
  return {
    parse(raw) {
      const withAttributes =
        options.attributesOptional &&
        isObject(raw) &&
        isObject(raw.data) &&
        raw.data.attributes === undefined
          ? { ...raw, data: { ...raw.data, attributes: {} } }
          : raw;
      const attributes = parseAttributes(
        schema,
        documentAttributes(withAttributes, { types: options.types }),
        ATTRIBUTES_POINTER,
      );
      const given = isObject(raw) && isObject(raw.data) ? raw.data.relationships : undefined;
      if (given !== undefined && !isObject(given)) throw parameterMissing("relationships");
      const relationships: Record<string, number | number[] | undefined> = {};
      for (const [name, spec] of Object.entries(options.relationships)) {
        const entry = given?.[name];
        if (entry === undefined || entry === null) {
          if (spec.required) throw invalid(name, `${humanize([name])} must exist`, "blank");
          relationships[name] = undefined;
          continue;
        }
        if (!isObject(entry) || !("data" in entry)) {
          throw invalid(name, `${humanize([name])} is invalid`, "invalid");
        }
        const data = entry.data;
        if (spec.kind === "one") {
          if (data === null && !spec.required) relationships[name] = undefined;
          else relationships[name] = idOf(name, data, spec.types);
        } else {
          if (!Array.isArray(data) || data.length > 1000) {
            throw invalid(name, `${humanize([name])} is invalid`, "invalid");
          }
          relationships[name] = [...new Set(data.map((item) => idOf(name, item, spec.types)))];
        }
      }
      return { attributes, relationships: relationships as TRelationshipValues<R> };
    },
    bodySchema: () => {
      const linkage = {
        type: "object",
        required: ["type", "id"],
        properties: { type: { type: "string" }, id: { type: "string" } },
      };
      const relationships = Object.fromEntries(
        Object.entries(options.relationships).map(([name, spec]) => [
          name,
          {
            type: "object",
            required: ["data"],
            properties: {
              data: spec.kind === "one" ? linkage : { type: "array", items: linkage },
            },
          },
        ]),
      );
      const required = Object.entries(options.relationships)
        .filter(([, spec]) => spec.required)
        .map(([name]) => name);
      return {
        type: "object",
        required: ["data"],
        properties: {
          data: {
            type: "object",
            required: ["attributes", ...(required.length ? ["relationships"] : [])],
            properties: {
              type: { enum: options.types },
              attributes: jsonSchema(schema),
              relationships: { type: "object", required, properties: relationships },
            },
          },
        },
      };
    },
  };
}

/** A plain JSON body parsed by the schema; a failure is a 422 pointing into the body. */
export function jsonBody<S extends z.ZodType>(schema: S): TReader<z.output<S>> {
  return {
    parse: (raw) => parseAttributes(schema, raw ?? {}, ""),
    bodySchema: () => jsonSchema(schema),
  };
}

/**
 * A reader whose parsed value goes through `refine` too (still before the transaction):
 * for what a route reads out of a family itself, e.g. a filter value checked against an
 * enum. The OpenAPI description stays the inner reader's.
 */
export function refineReader<T, U>(reader: TReader<T>, refine: (value: T) => U): TReader<U> {
  return { ...reader, parse: (raw, params) => refine(reader.parse(raw, params)) };
}

// ---------------------------------------------------------------------------------------
// devise_token_auth parameters

/**
 * devise_token_auth's top-level parameters (api-contract §1.4): read from the body first,
 * then the query string, strings only; Rails permits and ignores every other key, so
 * nothing here is ever refused (the controllers answer a missing value themselves, in
 * devise's words). `names` maps each parameter to its description for the document; the
 * query reader and the body reader each give the values of their own half, and
 * `deviseValues` merges them the way `params` does.
 */
export function deviseParams<const N extends string>(
  names: Record<N, string>,
): { query: TReader<TDeviseHalf<N>>; body: TReader<TDeviseHalf<N>> } {
  const keys = Object.keys(names) as N[];
  const half = (raw: unknown): TDeviseHalf<N> => {
    const out: TDeviseHalf<N> = {};
    if (!raw || typeof raw !== "object") return out;
    for (const key of keys) {
      // Present but not a string: hides the query's value, as `params[key]` would.
      if (key in raw) {
        const value = (raw as Record<string, unknown>)[key];
        out[key] = typeof value === "string" ? value : null;
      }
    }
    return out;
  };
  const properties = Object.fromEntries(
    keys.map((key) => [key, { type: "string", description: names[key] }]),
  );
  return {
    query: {
      parse: half,
      parameters: () =>
        keys.map((name) => ({
          name,
          in: "query" as const,
          required: false,
          description: `${names[name]} (or in the body)`,
          schema: { type: "string" },
        })),
    },
    body: {
      parse: half,
      bodySchema: () => ({ type: "object", properties, additionalProperties: true }),
    },
  };
}

/** One half of devise's parameters: a string, null for a value that is not one. */
export type TDeviseHalf<N extends string> = Partial<Record<N, string | null>>;

/** The body's value, else the query's, strings only: Rails' `params[name]`. */
export function deviseValues<N extends string>(
  query: TDeviseHalf<N>,
  body: TDeviseHalf<N> | undefined,
): Partial<Record<N, string>> {
  const out: Partial<Record<N, string>> = {};
  for (const key of new Set([...Object.keys(query), ...Object.keys(body ?? {})]) as Set<N>) {
    const value = body && key in body ? body[key] : query[key];
    if (typeof value === "string") out[key] = value;
  }
  return out;
}
