import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { splitApiErrors } from "@/lib/forms/api-field-errors";

const unprocessable = (errors: unknown) => new ApiError({ statusCode: 422, errors });
const fieldsOf = (split: ReturnType<typeof splitApiErrors>) =>
  split.fields.map(({ field, code }) => ({ field, code }));

describe("splitApiErrors", () => {
  it("maps /data/attributes/first_name onto the form's firstName, first message per field only", () => {
    const split = splitApiErrors(
      unprocessable([
        {
          source: { pointer: "/data/attributes/first_name" },
          detail: "First name can't be blank",
          code: "blank",
        },
        {
          source: { pointer: "/data/attributes/first_name" },
          detail: "First name is too long",
          code: "too_long",
        },
        {
          source: { pointer: "/data/attributes/email" },
          detail: "Email has already been taken",
          code: "taken",
        },
      ]),
      new Set(["email", "firstName"]),
    );
    expect(fieldsOf(split)).toEqual([
      { field: "firstName", code: "blank" },
      { field: "email", code: "taken" },
    ]);
    expect(split.fields[0].error.detail).toBe("First name can't be blank");
    expect(split.rest).toEqual([]);
  });

  it("keeps what points at no field of the form for the form-level message", () => {
    const split = splitApiErrors(
      unprocessable([
        {
          source: { pointer: "/data/attributes/resource_id" },
          detail: "Resource not found",
          code: "not_found",
        },
        { detail: "Something else" },
      ]),
      new Set(["email"]),
    );
    expect(split.fields).toEqual([]);
    expect(split.rest.map((r) => r.detail)).toEqual(["Resource not found", "Something else"]);
  });

  it("shows an api attribute on the form field a record names for it", () => {
    const split = splitApiErrors(
      unprocessable([{ source: { pointer: "/data/attributes/resource_type" }, code: "blank" }]),
      { resourceType: "resourceId", resourceId: "resourceId" },
    );
    expect(fieldsOf(split)).toEqual([{ field: "resourceId", code: "blank" }]);
  });

  it("reads devise_token_auth's errors object as well as JSON:API error objects", () => {
    const split = splitApiErrors(
      unprocessable({
        email: ["has already been taken"],
        full_messages: ["Email has already been taken"],
      }),
      new Set(["email"]),
    );
    expect(split.fields.map((f) => f.field)).toEqual(["email"]);
  });

  it("finds nothing in an error that is not a 422", () => {
    const forbidden = new ApiError({
      statusCode: 403,
      errors: [{ source: { pointer: "/data/attributes/email" }, detail: "x" }],
    });
    expect(splitApiErrors(forbidden, new Set(["email"]))).toEqual({ fields: [], rest: [] });
    expect(splitApiErrors(new Error("boom"), new Set(["email"]))).toEqual({ fields: [], rest: [] });
  });
});
