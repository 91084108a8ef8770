import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { pointerErrors } from "@/lib/forms/pointer-errors";

const unprocessable = (errors: unknown) => new ApiError({ statusCode: 422, errors });

describe("pointerErrors", () => {
  it("maps /data/attributes/first_name onto the form's firstName, first message only", () => {
    const { byField, rest } = pointerErrors(
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
      ["email", "firstName"],
    );
    expect(Object.fromEntries(byField)).toEqual({
      firstName: { field: "firstName", code: "blank", detail: "First name can't be blank" },
      email: { field: "email", code: "taken", detail: "Email has already been taken" },
    });
    expect(rest).toEqual([]);
  });

  it("keeps what points at no field of the form for the form-level message", () => {
    const { byField, rest } = pointerErrors(
      unprocessable([
        {
          source: { pointer: "/data/attributes/resource_id" },
          detail: "Resource not found",
          code: "not_found",
        },
        { detail: "Something else" },
      ]),
      ["email"],
    );
    expect(byField.size).toBe(0);
    expect(rest.map((r) => r.field)).toEqual(["resourceId", ""]);
  });

  it("finds nothing in an error that is not a 422", () => {
    const forbidden = new ApiError({
      statusCode: 403,
      errors: [{ source: { pointer: "/data/attributes/email" }, detail: "x" }],
    });
    const result = pointerErrors(forbidden, ["email"]);
    expect(result.byField.size).toBe(0);
    expect(result.rest).toEqual([]);
    expect(pointerErrors(new Error("boom"), ["email"]).rest).toEqual([]);
  });
});
