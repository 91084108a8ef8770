import type { z } from "zod";
import { AppError, type TErrorItem } from "../errors";

/**
 * 422s the way jsonapi.rb's ActiveModelErrorSerializer writes them (api-contract §2.2):
 * a pointer into the request body, a Rails full message as detail ("Azc name can't be
 * blank") and the failed rule as code ('blank', 'too_long', 'taken', …).
 */

export const ATTRIBUTES_POINTER = "/data/attributes";

/** "azc_name" → "Azc name"; a nested path reads "Address latitude". */
export const humanize = (path: readonly PropertyKey[]) => {
  const words = path.map(String).join(" ").replace(/_id$/, "").replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** One 422 item on an attribute: invalidAttribute(["slug"], "has already been taken", "taken"). */
export function invalidAttribute(
  path: readonly PropertyKey[],
  message: string,
  code: string,
  root = ATTRIBUTES_POINTER,
): TErrorItem {
  return {
    source: { pointer: [root, ...path.map(String)].join("/") },
    detail: `${humanize(path)} ${message}`,
    code,
  };
}

export const unprocessable = (items: TErrorItem[]) =>
  new AppError("unprocessable_entity", items[0]?.detail ?? null, { items });

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The Rails message and code for one zod issue. */
function railsMessage(issue: z.core.$ZodIssue, input: unknown): [string, string] {
  if (issue.code === "custom") {
    const code = (issue.params as { code?: string } | undefined)?.code ?? "invalid";
    return [issue.message, code];
  }
  if (isBlank(valueAt(input, issue.path))) return ["can't be blank", "blank"];
  switch (issue.code) {
    case "too_small":
      return issue.origin === "string"
        ? [`is too short (minimum is ${issue.minimum} characters)`, "too_short"]
        : [`must be greater than or equal to ${issue.minimum}`, "greater_than_or_equal_to"];
    case "too_big":
      return issue.origin === "string"
        ? [`is too long (maximum is ${issue.maximum} characters)`, "too_long"]
        : [`must be less than or equal to ${issue.maximum}`, "less_than_or_equal_to"];
    case "invalid_value":
      return ["is not included in the list", "inclusion"];
    case "invalid_type":
      if (issue.expected === "int") return ["must be an integer", "not_an_integer"];
      if (issue.expected === "number") return ["is not a number", "not_a_number"];
      return ["is invalid", "invalid"];
    default:
      return ["is invalid", "invalid"];
  }
}

/** A failed zod parse of the attributes object → 422 with one item per issue. */
export function validationError(error: z.ZodError, input: unknown, root = ATTRIBUTES_POINTER) {
  const items = error.issues.map((issue) => {
    const [message, code] = railsMessage(issue, input);
    return invalidAttribute(issue.path, message, code, root);
  });
  return unprocessable(items);
}

/** Parses attributes with a schema or throws the 422. */
export function parseAttributes<S extends z.ZodType>(
  schema: S,
  input: unknown,
  root = ATTRIBUTES_POINTER,
): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error, input, root);
  return result.data;
}

/** Rails' ParameterMissing (`params.require(:user)`): 422 with an empty pointer. */
export const parameterMissing = (name: string) =>
  unprocessable([
    {
      source: { pointer: "" },
      detail: `param is missing or the value is empty: ${name}`,
      code: "parameter_missing",
    },
  ]);
