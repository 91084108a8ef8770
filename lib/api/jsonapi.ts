/**
 * JSON:API document → flat camelCase resources (spec §3, api-contract §2.6).
 *
 * Our own implementation instead of npm `jsonapi-serializer`'s Deserializer: that one
 * turns a relationship whose resource is not in `included` into `null` / omits it,
 * drops top-level `meta`, copies `links` onto every record, mangles `_`-prefixed keys,
 * is async, and pulls lodash into the browser bundle. The shape we produce is the same
 * as its `keyForAttribute: 'camelCase'` output otherwise.
 */
import { camelCaseKey, isPlainObject, toCamelCase } from "./case";

export interface ResourceIdentifier {
  id: string;
  type: string;
}

export interface Relationship {
  data?: ResourceIdentifier | ResourceIdentifier[] | null;
  links?: Record<string, unknown>;
  meta?: Record<string, unknown>;
}

export interface ResourceObject extends ResourceIdentifier {
  attributes?: Record<string, unknown>;
  relationships?: Record<string, Relationship>;
  meta?: Record<string, unknown>;
  links?: Record<string, unknown>;
}

export interface JsonApiDocument {
  data: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
  meta?: Record<string, unknown>;
  links?: Record<string, unknown>;
  jsonapi?: Record<string, unknown>;
}

export interface Deserialized<T = unknown> {
  data: T;
  meta?: Record<string, unknown>;
  links?: Record<string, unknown>;
}

const TOP_LEVEL_KEYS = new Set(["data", "included", "meta", "links", "jsonapi", "errors"]);

function isResourceLike(value: unknown): value is ResourceObject {
  return isPlainObject(value) && typeof value.type === "string" && "id" in value;
}

/**
 * True for a JSON:API document with primary data. devise_token_auth bodies
 * (`{data:{id:1,email}}` without `type`, `{success:true}`, `{status:"success",data}`)
 * are not.
 */
export function isJsonApiDocument(body: unknown): body is JsonApiDocument {
  if (!isPlainObject(body) || !("data" in body)) return false;
  if (!Object.keys(body).every((key) => TOP_LEVEL_KEYS.has(key))) return false;
  const { data } = body;
  if (data === null) return true;
  if (Array.isArray(data)) return data.every(isResourceLike);
  return isResourceLike(data);
}

type Flat = Record<string, unknown>;

function createResolver(doc: JsonApiDocument) {
  const index = new Map<string, ResourceObject>();
  const primary = doc.data === null ? [] : Array.isArray(doc.data) ? doc.data : [doc.data];
  // Relationships may point at primary resources too (user → organization → users).
  for (const resource of [...primary, ...(doc.included ?? [])]) {
    index.set(`${resource.type}:${resource.id}`, resource);
  }

  function attributesOf(resource: ResourceObject): Flat {
    const flat: Flat = { id: String(resource.id), ...toCamelCase<Flat>(resource.attributes ?? {}) };
    if (resource.meta) flat.meta = toCamelCase(resource.meta);
    return flat;
  }

  function resolve(identifier: ResourceIdentifier, ancestry: ReadonlySet<string>): Flat {
    const found = index.get(`${identifier.type}:${identifier.id}`);
    // contract §2.6 pitfall: a resource that was not included stays visible as { id }.
    if (!found) return { id: String(identifier.id) };
    // Cycles are cut by type, as the npm Deserializer does: a type already on the path
    // gets its attributes only, which also bounds the depth by the number of types.
    if (ancestry.has(found.type)) return attributesOf(found);
    return flatten(found, new Set([...ancestry, found.type]));
  }

  function flatten(resource: ResourceObject, ancestry: ReadonlySet<string>): Flat {
    const flat = attributesOf(resource);
    for (const [name, relationship] of Object.entries(resource.relationships ?? {})) {
      const { data } = relationship ?? {};
      if (data === undefined) continue; // links-only relationship: nothing to resolve
      const camelName = camelCaseKey(name);
      if (data === null) flat[camelName] = null;
      else if (Array.isArray(data)) flat[camelName] = data.map((item) => resolve(item, ancestry));
      else flat[camelName] = resolve(data, ancestry);
    }
    return flat;
  }

  return (resource: ResourceObject) => flatten(resource, new Set([resource.type]));
}

/**
 * Flattens attributes onto each resource (with a string `id`), merges `included` into
 * relationships (to-one → object, to-many → array, `data: null` → null) and returns
 * top-level `meta` (camelCase) and `links` beside the data. A body that is not a
 * JSON:API document is only camelCased.
 */
export function deserialize<T = unknown>(body: unknown): Deserialized<T> {
  if (!isJsonApiDocument(body)) return { data: toCamelCase<T>(body) };

  const flatten = createResolver(body);
  const { data } = body;
  const result: Deserialized<T> = {
    data: (data === null ? null : Array.isArray(data) ? data.map(flatten) : flatten(data)) as T,
  };
  if (body.meta) result.meta = toCamelCase(body.meta);
  if (body.links) result.links = body.links;
  return result;
}
