/**
 * Key conversion between the wire (snake_case) and the app (camelCase), spec §3.
 * Only plain identifier keys are converted: keys starting with `_` and keys such as
 * `filter[organization_id_eq]` or `Current-Organization-Id` are kept exactly as given.
 * Only arrays and plain objects are walked; Date, File, Blob, FormData … pass through.
 */

const PLAIN_KEY = /^[A-Za-z][A-Za-z0-9_]*$/;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** `organization_id` → `organizationId`, `address_line_1` → `addressLine1`. */
export function camelCaseKey(key: string): string {
  if (!PLAIN_KEY.test(key)) return key;
  return key.replace(/_+([a-z0-9])/g, (_match, char: string) => char.toUpperCase());
}

/** `firstName` → `first_name`, `userID` → `user_id`, `HTMLParser` → `html_parser`. */
export function snakeCaseKey(key: string): string {
  if (!PLAIN_KEY.test(key)) return key;
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    result[convert(key)] = convertKeys(item, convert);
  }
  return result;
}

/** Deep snake_case of keys, for outgoing bodies and queries. */
export function toSnakeCase<T = unknown>(value: unknown): T {
  return convertKeys(value, snakeCaseKey) as T;
}

/** Deep camelCase of keys, for incoming bodies. */
export function toCamelCase<T = unknown>(value: unknown): T {
  return convertKeys(value, camelCaseKey) as T;
}
