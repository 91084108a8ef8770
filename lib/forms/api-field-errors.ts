import { type ApiErrorObject, isApiError } from "@/lib/api/errors";

/**
 * A 422's errors back onto a form's fields: the one mapping every form uses. Each error's
 * `source.pointer` names an attribute of the request body (api-contract §2.2:
 * `/data/attributes/address/postal_code`); below `root` its segments, camelCased, are a dot
 * path (`address.postalCode`). devise_token_auth's errors object (`{email: [...]}`) arrives
 * with the same pointers (lib/api/errors.ts normalises it). Errors whose pointer names no
 * field of the form stay form-level.
 */

export const ATTRIBUTES_ROOT = "/data/attributes";

/**
 * The form's fields: their dot paths as a set, or a record from the api's path (camelCased)
 * to the form field that shows it, where the two differ (`resourceType` → `resourceId`).
 */
export type TFormFields = ReadonlySet<string> | Readonly<Record<string, string>>;

const camel = (segment: string) =>
  segment.replace(/_+([a-z0-9])/g, (_match, char: string) => char.toUpperCase());

function formField(path: string, fields: TFormFields): string | null {
  if (fields instanceof Set) return fields.has(path) ? path : null;
  const named = fields as Readonly<Record<string, string>>;
  return Object.hasOwn(named, path) ? named[path] : null;
}

/**
 * The dot path a pointer names below `root` (`organization.address.postalCode`), or, given
 * `fields`, the form field that shows it; null for anything else (`""`, `/data`,
 * `/data/relationships/…`, a path the form does not have).
 */
export function fieldOfPointer(
  pointer: string | undefined,
  fields?: TFormFields,
  root: string = ATTRIBUTES_ROOT,
): string | null {
  if (!pointer?.startsWith(`${root}/`)) return null;
  const segments = pointer
    .slice(root.length + 1)
    .split("/")
    .filter(Boolean)
    // JSON Pointer escapes (RFC 6901): ~1 is '/', ~0 is '~'.
    .map((segment) => camel(segment.replaceAll("~1", "/").replaceAll("~0", "~")));
  if (segments.length === 0) return null;
  const path = segments.join(".");
  return fields ? formField(path, fields) : path;
}

export type TFieldError = { field: string; code: string | undefined; error: ApiErrorObject };
export type TSplitErrors = {
  /** The first error of each field (spec §5: one message per field), in the api's order. */
  fields: TFieldError[];
  /** What no field of the form can show. */
  rest: ApiErrorObject[];
};

/** The api's 422 split into field errors and the rest; anything but a 422 is neither. */
export function splitApiErrors(
  error: unknown,
  fields: TFormFields,
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
      result.fields.push({ field, code: item.code, error: item });
    }
  }
  return result;
}
