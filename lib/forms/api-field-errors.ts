import { type ApiErrorObject, isApiError } from "@/lib/api/errors";

/**
 * A 422's JSON:API errors (api-contract §2.2) back onto a form's fields. Each error's
 * `source.pointer` names an attribute of the request body (`/data/attributes/address/postal_code`);
 * below `root` its segments, camelCased, are the form's field path (`address.postalCode`).
 * Errors whose pointer names no field of the form stay form-level.
 */

export const ATTRIBUTES_ROOT = "/data/attributes";

const camel = (segment: string) =>
  segment.replace(/_+([a-z0-9])/g, (_match, char: string) => char.toUpperCase());

/** The form field a pointer names, or null when it names none of `fields`. */
export function fieldOfPointer(
  pointer: string | undefined,
  fields: ReadonlySet<string>,
  root: string = ATTRIBUTES_ROOT,
): string | null {
  if (!pointer?.startsWith(`${root}/`)) return null;
  const path = pointer
    .slice(root.length + 1)
    .split("/")
    // JSON Pointer escapes (RFC 6901): ~1 is '/', ~0 is '~'.
    .map((segment) => camel(segment.replaceAll("~1", "/").replaceAll("~0", "~")))
    .join(".");
  return fields.has(path) ? path : null;
}

export type TFieldProblem = { field: string; code: string | undefined };
export type TSplitErrors = {
  /** The first problem of each field (spec §5: one message per field), in the api's order. */
  fields: TFieldProblem[];
  /** What no field of the form can show. */
  rest: ApiErrorObject[];
};

/** The api's 422 split into field problems and the rest; anything but a 422 is all rest. */
export function splitApiErrors(
  error: unknown,
  fields: ReadonlySet<string>,
  root: string = ATTRIBUTES_ROOT,
): TSplitErrors {
  if (!isApiError(error) || error.statusCode !== 422) return { fields: [], rest: [] };
  const seen = new Set<string>();
  const result: TSplitErrors = { fields: [], rest: [] };
  for (const item of error.errors) {
    const field = fieldOfPointer(item.source?.pointer, fields, root);
    if (field === null) result.rest.push(item);
    else if (!seen.has(field)) {
      seen.add(field);
      result.fields.push({ field, code: item.code });
    }
  }
  return result;
}
