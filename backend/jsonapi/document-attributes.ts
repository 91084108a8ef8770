import { invalidAttribute, parameterMissing, unprocessable } from "./validation";

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The attributes of a JSON:API request document `{data: {type, id?, attributes}}` for the
 * resource at `id` (api-contract §2). `type` may be left out; when given it must be one of
 * `types` (the spec sends plural types, we emit singular: callers list both). A `data.id`
 * other than the URL's is a 422, a missing `data` or `attributes` a parameter_missing 422.
 */
export function documentAttributes(
  body: unknown,
  { types, id }: { types: readonly string[]; id?: number },
): Record<string, unknown> {
  if (!isObject(body) || !isObject(body.data)) throw parameterMissing("data");
  const { type, id: bodyId, attributes } = body.data;
  if (type !== undefined && !types.includes(String(type))) {
    throw unprocessable([
      invalidAttribute(["type"], "is not included in the list", "inclusion", "/data"),
    ]);
  }
  if (id !== undefined && bodyId !== undefined && String(bodyId) !== String(id)) {
    throw unprocessable([invalidAttribute(["id"], "does not match the URL", "invalid", "/data")]);
  }
  if (!isObject(attributes)) throw parameterMissing("attributes");
  return attributes;
}

/** The largest id a `serial` column can hold. */
export const MAX_ID = 2 ** 31 - 1;

/** A path's `:id`, or null for anything no row can have (answered like a missing row: 404). */
export function pathId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}
