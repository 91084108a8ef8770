/**
 * Form-data mode (spec §3): a (snake_cased) object as Rails-style form fields.
 * Nested objects become `user[first_name]`, arrays `tags[]` (objects in arrays
 * `items[][name]`), dates ISO strings; files and blobs pass through; null and
 * undefined are left out. An empty array sends nothing: form data cannot say "empty".
 */
import { isPlainObject } from "./case";

function append(form: FormData, key: string, value: unknown): void {
  if (value === null || value === undefined) return;
  if (value instanceof Blob) {
    form.append(key, value); // File is a Blob
  } else if (value instanceof Date) {
    form.append(key, value.toISOString());
  } else if (Array.isArray(value)) {
    for (const item of value) append(form, `${key}[]`, item);
  } else if (isPlainObject(value)) {
    for (const [name, item] of Object.entries(value)) append(form, `${key}[${name}]`, item);
  } else {
    form.append(key, String(value));
  }
}

export function toFormData(
  value: Record<string, unknown>,
  form: FormData = new FormData(),
): FormData {
  for (const [key, item] of Object.entries(value)) append(form, key, item);
  return form;
}
