import { isApiError } from "@/lib/api/errors";

/** One 422 item that points at an attribute of the request body. */
export type TPointerError = { field: string; code: string | undefined; detail: string | undefined };

const ATTRIBUTES = "/data/attributes/";

/**
 * The attribute errors of a JSON:API 422 (api-contract §2.2: `source.pointer`
 * "/data/attributes/first_name"), with the attribute as the form names it (camelCase), so a
 * form can put each message under its field. `rest` holds the items that point nowhere a
 * form knows: they belong in the form-level error. Not a 422: nothing.
 */
export function pointerErrors(
  error: unknown,
  fields: readonly string[],
): { byField: Map<string, TPointerError>; rest: TPointerError[] } {
  const byField = new Map<string, TPointerError>();
  const rest: TPointerError[] = [];
  if (!isApiError(error) || error.statusCode !== 422) return { byField, rest };
  for (const item of error.errors) {
    const pointer = item.source?.pointer ?? "";
    const attribute = pointer.startsWith(ATTRIBUTES) ? pointer.slice(ATTRIBUTES.length) : "";
    const field = attribute.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    const entry = { field, code: item.code, detail: item.detail ?? item.title };
    // spec §5: one message per field, the first.
    if (field && fields.includes(field)) {
      if (!byField.has(field)) byField.set(field, entry);
    } else {
      rest.push(entry);
    }
  }
  return { byField, rest };
}
