import { badRequest } from "../errors";

/**
 * One JSON:API serializer, shaped as jsonapi-serializer emits it behind jsonapi.rb
 * (api-contract §2.1/§2.3): string ids, singular snake_case types, has_many linkage
 * always emitted, `included` only when asked and de-duplicated by type+id.
 */

export type TRow = { id: number | string } & Record<string, unknown>;

export type TRelationship = {
  kind: "one" | "many";
  /** A thunk, so definitions can point at each other. */
  resource: () => TResource;
  /** Row field holding the loaded related row(s); defaults to the relationship name in camelCase. */
  field?: string;
  /** To-one only: foreign key read for linkage when the related row was not loaded. */
  idField?: string;
};

export type TResource = {
  /** Singular snake_case, like jsonapi-serializer's `XSerializer` → "x". */
  type: string;
  /** camelCase row fields; each is emitted under its snake_case key. */
  attributes: readonly string[];
  /** Keyed by the snake_case relationship name as it appears on the wire. */
  relationships?: Record<string, TRelationship>;
};

export type TLinkage = { id: string; type: string };
export type TResourceObject = {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: TLinkage | TLinkage[] | null }>;
};
export type TDocument = {
  data: TResourceObject | TResourceObject[] | null;
  included?: TResourceObject[];
  meta?: Record<string, unknown>;
  links?: Record<string, string>;
};

export type TSerializeOptions = {
  /** Dot-nested include paths (`roles`, `organizations.address`). */
  include?: readonly string[];
  /** Sparse fieldsets keyed by type: restrict attributes and relationships. */
  fields?: Record<string, readonly string[]>;
  meta?: Record<string, unknown>;
  links?: Record<string, string>;
};

type TIncludeTree = Map<string, TIncludeTree>;

export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camelCase = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * Checks include paths against the definitions and returns them as a tree. An unknown
 * name is a 400 naming it (our decision; jsonapi-serializer raises and Rails answers 500).
 */
export function includeTree(resource: TResource, paths: readonly string[]): TIncludeTree {
  const root: TIncludeTree = new Map();
  for (const path of paths) {
    let node = root;
    let def = resource;
    for (const name of path.split(".")) {
      const relationship = def.relationships?.[name];
      if (!relationship) {
        throw badRequest(`${name} is not specified as a relationship on ${def.type}`, "include");
      }
      let child = node.get(name);
      if (!child) {
        child = new Map();
        node.set(name, child);
      }
      node = child;
      def = relationship.resource();
    }
  }
  return root;
}

function wireValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  // Attributes keep nulls: a missing value is still a key on the wire.
  return value === undefined ? null : value;
}

function related(row: TRow, name: string, relationship: TRelationship): TRow | TRow[] | null {
  const value = row[relationship.field ?? camelCase(name)];
  if (relationship.kind === "many") {
    if (!Array.isArray(value)) throw new Error(`serializer: to-many '${name}' was not loaded`);
    return value as TRow[];
  }
  if (value !== undefined) return (value as TRow | null) ?? null;
  if (relationship.idField !== undefined) {
    const id = row[relationship.idField];
    return id === null || id === undefined ? null : { id: id as number | string };
  }
  throw new Error(`serializer: to-one '${name}' was not loaded`);
}

const linkage = (type: string, row: TRow): TLinkage => ({ id: String(row.id), type });

function resourceObject(
  def: TResource,
  row: TRow,
  fields: TSerializeOptions["fields"],
): TResourceObject {
  const only = fields?.[def.type];
  const attributes: Record<string, unknown> = {};
  for (const field of def.attributes) {
    const key = snakeCase(field);
    if (!only || only.includes(key)) attributes[key] = wireValue(row[field]);
  }
  const object: TResourceObject = { id: String(row.id), type: def.type, attributes };
  if (def.relationships) {
    object.relationships = {};
    for (const [name, relationship] of Object.entries(def.relationships)) {
      if (only && !only.includes(name)) continue;
      const type = relationship.resource().type;
      const value = related(row, name, relationship);
      object.relationships[name] = {
        data: Array.isArray(value)
          ? value.map((r) => linkage(type, r))
          : value && linkage(type, value),
      };
    }
  }
  return object;
}

function collectIncluded(
  def: TResource,
  row: TRow,
  tree: TIncludeTree,
  fields: TSerializeOptions["fields"],
  seen: Map<string, TResourceObject>,
) {
  for (const [name, subtree] of tree) {
    const relationship = def.relationships?.[name];
    if (!relationship) continue; // includeTree already rejected unknown names
    const target = relationship.resource();
    const value = related(row, name, relationship);
    const rows = Array.isArray(value) ? value : value ? [value] : [];
    for (const child of rows) {
      const key = `${target.type}:${child.id}`;
      if (!seen.has(key)) seen.set(key, resourceObject(target, child, fields));
      collectIncluded(target, child, subtree, fields, seen);
    }
  }
}

export function serialize(
  def: TResource,
  data: TRow | readonly TRow[] | null,
  options: TSerializeOptions = {},
): TDocument {
  const rows = data === null ? [] : Array.isArray(data) ? data : [data as TRow];
  const document: TDocument = {
    data:
      data === null
        ? null
        : Array.isArray(data)
          ? rows.map((row) => resourceObject(def, row, options.fields))
          : resourceObject(def, data as TRow, options.fields),
  };
  if (options.include && options.include.length > 0) {
    const tree = includeTree(def, options.include);
    const seen = new Map<string, TResourceObject>();
    for (const row of rows) collectIncluded(def, row, tree, options.fields, seen);
    document.included = [...seen.values()];
  }
  if (options.meta) document.meta = options.meta;
  if (options.links) document.links = options.links;
  return document;
}
