import { type ApiErrorObject, isApiError } from "@/lib/api/errors";

/**
 * What a 422 says about one field, whatever shape it came in: a JSON:API error object with
 * a pointer and a Rails `code` (`/data/attributes/organization/address/postal_code`,
 * `invalid`), or devise_token_auth's errors object (`{email: ["has already been taken"]}`,
 * which lib/api/errors.ts turns into objects with the pointer `/data/attributes/email` and
 * the short message as title). The api's words are English and meant for developers; the
 * form shows its own localized text for the kind of problem (docs/signup-pages.md).
 */
export type TFieldProblem =
  | { kind: "blank" }
  | { kind: "taken" }
  | { kind: "email" }
  | { kind: "tooShort"; min: number }
  | { kind: "tooLong"; max: number }
  | { kind: "confirmation" }
  | { kind: "postalCode" }
  | { kind: "website" }
  | { kind: "invalid" };

const ATTRIBUTES = "/data/attributes/";

const camel = (segment: string) =>
  segment.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The form field a pointer names, in the form's camelCase dot path:
 * `/data/attributes/organization/address/postal_code` → `organization.address.postalCode`.
 * Null for anything that is not an attribute (`""`, `/data`, `/data/relationships/…`).
 */
export function fieldOfPointer(pointer: string | undefined): string | null {
  if (!pointer?.startsWith(ATTRIBUTES)) return null;
  const segments = pointer.slice(ATTRIBUTES.length).split("/").filter(Boolean);
  return segments.length > 0 ? segments.map(camel).join(".") : null;
}

const numberIn = (text: string, word: "minimum" | "maximum") => {
  const match = new RegExp(`${word} is (\\d+)`).exec(text);
  return match ? Number(match[1]) : undefined;
};

/** The kind of problem one error object reports for the field `field` (a dot path). */
export function problemOf(error: ApiErrorObject, field = ""): TFieldProblem {
  // devise's object puts the short message in title; JSON:API's title is the status text.
  const text = `${error.title ?? ""} ${error.detail ?? ""}`.toLowerCase();
  const code =
    error.code ??
    (text.includes("can't be blank")
      ? "blank"
      : text.includes("has already been taken")
        ? "taken"
        : text.includes("is too short")
          ? "too_short"
          : text.includes("is too long")
            ? "too_long"
            : text.includes("doesn't match")
              ? "confirmation"
              : "invalid");
  const leaf = field.split(".").at(-1) ?? "";
  switch (code) {
    case "blank":
      return { kind: "blank" };
    case "taken":
      return { kind: "taken" };
    case "confirmation":
      return { kind: "confirmation" };
    case "too_short": {
      const min = numberIn(text, "minimum");
      return min === undefined ? { kind: "invalid" } : { kind: "tooShort", min };
    }
    case "too_long": {
      const max = numberIn(text, "maximum");
      return max === undefined ? { kind: "invalid" } : { kind: "tooLong", max };
    }
    default:
      // A format refused: the field says which format.
      if (leaf === "postalCode") return { kind: "postalCode" };
      if (leaf === "website") return { kind: "website" };
      if (leaf === "email" || leaf.endsWith("Email")) return { kind: "email" };
      return { kind: "invalid" };
  }
}

export type TFieldProblems = {
  /** The first problem per known field, in the order the api listed them (spec §5: one message). */
  fields: { field: string; problem: TFieldProblem }[];
  /** Whatever names no field of the form: shown as a form-level error. */
  unplaced: ApiErrorObject[];
};

/** Sorts a rejected write's errors onto the form's `fields`; the rest stays form-level. */
export function fieldProblems(error: unknown, fields: ReadonlySet<string>): TFieldProblems {
  const result: TFieldProblems = { fields: [], unplaced: [] };
  if (!isApiError(error)) return result;
  const seen = new Set<string>();
  for (const item of error.errors) {
    const field = fieldOfPointer(item.source?.pointer);
    if (field === null || !fields.has(field)) {
      result.unplaced.push(item);
      continue;
    }
    if (seen.has(field)) continue;
    seen.add(field);
    result.fields.push({ field, problem: problemOf(item, field) });
  }
  return result;
}
