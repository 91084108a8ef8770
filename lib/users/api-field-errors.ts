import { type ApiErrorObject, isApiError } from "@/lib/api/errors";

/** A refused field: which form field, and the api's rule code ('taken', 'blank', …). */
export type TFieldError<F extends string> = { field: F; code: string };

const ATTRIBUTES = "/data/attributes/";

/**
 * Splits a 422's JSON:API errors into those that belong to a form field (by their
 * pointer, `/data/attributes/<name>`) and the rest, which the form shows as a
 * form-level error. Only the first error per field is kept (spec §5: one message).
 * `fields` maps the api's attribute names to the form's field names.
 */
export function apiFieldErrors<F extends string>(
  error: unknown,
  fields: Readonly<Record<string, F>>,
): { fieldErrors: TFieldError<F>[]; rest: ApiErrorObject[] } {
  if (!isApiError(error) || error.statusCode !== 422) return { fieldErrors: [], rest: [] };
  const fieldErrors: TFieldError<F>[] = [];
  const rest: ApiErrorObject[] = [];
  for (const item of error.errors) {
    const pointer = item.source?.pointer ?? "";
    const attribute = pointer.startsWith(ATTRIBUTES) ? pointer.slice(ATTRIBUTES.length) : null;
    const field = attribute !== null && Object.hasOwn(fields, attribute) ? fields[attribute] : null;
    if (field === null) rest.push(item);
    else if (!fieldErrors.some((e) => e.field === field))
      fieldErrors.push({ field, code: item.code ?? "invalid" });
  }
  return { fieldErrors, rest };
}
