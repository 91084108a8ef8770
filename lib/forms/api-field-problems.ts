import type { ApiErrorObject } from "@/lib/api/errors";
import { splitApiErrors } from "./api-field-errors";

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

/**
 * A rejected write's errors on the form's `fields` (lib/forms/api-field-errors.ts), each
 * with the kind of problem; the rest stays form-level.
 */
export function fieldProblems(
  error: unknown,
  fields: ReadonlySet<string>,
): { fields: { field: string; problem: TFieldProblem }[]; unplaced: ApiErrorObject[] } {
  const split = splitApiErrors(error, fields);
  return {
    fields: split.fields.map(({ field, error: item }) => ({
      field,
      problem: problemOf(item, field),
    })),
    unplaced: split.rest,
  };
}
