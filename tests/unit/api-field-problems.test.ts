import { describe, expect, it } from "vitest";
import { apiErrorFromResponse } from "@/lib/api/errors";
import { fieldOfPointer } from "@/lib/forms/api-field-errors";
import { fieldProblems, problemOf } from "@/lib/forms/api-field-problems";

const jsonApi422 = (...errors: { pointer: string; detail: string; code: string }[]) =>
  apiErrorFromResponse(422, "Unprocessable Entity", {
    errors: errors.map(({ pointer, detail, code }) => ({
      status: "422",
      source: { pointer },
      title: "Unprocessable Entity",
      detail,
      code,
    })),
  });

describe("fieldOfPointer", () => {
  it("turns a nested attribute pointer into the form's camelCase path", () => {
    expect(fieldOfPointer("/data/attributes/organization/address/postal_code")).toBe(
      "organization.address.postalCode",
    );
    expect(fieldOfPointer("/data/attributes/user/password_confirmation")).toBe(
      "user.passwordConfirmation",
    );
    expect(fieldOfPointer("/data/attributes/email")).toBe("email");
  });

  it("names no field for an empty pointer, /data or a relationship", () => {
    expect(fieldOfPointer("")).toBeNull();
    expect(fieldOfPointer(undefined)).toBeNull();
    expect(fieldOfPointer("/data")).toBeNull();
    expect(fieldOfPointer("/data/attributes/")).toBeNull();
    expect(fieldOfPointer("/data/relationships/roles")).toBeNull();
  });
});

describe("problemOf", () => {
  it("reads the Rails code of a JSON:API error, the number from its detail", () => {
    expect(problemOf({ code: "blank", detail: "Organization name can't be blank" })).toEqual({
      kind: "blank",
    });
    expect(
      problemOf({
        code: "too_long",
        detail: "Organization name is too long (maximum is 200 characters)",
      }),
    ).toEqual({ kind: "tooLong", max: 200 });
    expect(
      problemOf({
        code: "too_short",
        detail: "User password is too short (minimum is 8 characters)",
      }),
    ).toEqual({ kind: "tooShort", min: 8 });
    expect(problemOf({ code: "taken", detail: "User email has already been taken" })).toEqual({
      kind: "taken",
    });
  });

  it("says which format an 'invalid' field wants, by the field", () => {
    const invalid = { code: "invalid", detail: "x is invalid" };
    expect(problemOf(invalid, "organization.address.postalCode")).toEqual({ kind: "postalCode" });
    expect(problemOf(invalid, "organization.website")).toEqual({ kind: "website" });
    expect(problemOf(invalid, "user.email")).toEqual({ kind: "email" });
    expect(problemOf(invalid, "profile.contactEmail")).toEqual({ kind: "email" });
    expect(problemOf(invalid, "organization.name")).toEqual({ kind: "invalid" });
  });

  it("reads devise's short messages when there is no code", () => {
    expect(problemOf({ title: "has already been taken" })).toEqual({ kind: "taken" });
    expect(problemOf({ title: "can't be blank" })).toEqual({ kind: "blank" });
    expect(problemOf({ title: "doesn't match Password" })).toEqual({ kind: "confirmation" });
    expect(problemOf({ title: "is too short (minimum is 8 characters)" })).toEqual({
      kind: "tooShort",
      min: 8,
    });
    expect(problemOf({ title: "is not an email" }, "email")).toEqual({ kind: "email" });
    expect(problemOf({ title: "is not included in the list" }, "locale")).toEqual({
      kind: "invalid",
    });
  });

  it("falls back to 'invalid' when a length has no number", () => {
    expect(problemOf({ code: "too_long", detail: "Name is too long" })).toEqual({
      kind: "invalid",
    });
  });
});

describe("fieldProblems", () => {
  const fields = new Set(["email", "password", "passwordConfirmation", "firstName"]);

  it("places devise's errors object on its fields, in the api's order", () => {
    const error = apiErrorFromResponse(422, "Unprocessable Entity", {
      status: "error",
      errors: {
        email: ["has already been taken"],
        password_confirmation: ["doesn't match Password"],
        full_messages: [
          "Email has already been taken",
          "Password confirmation doesn't match Password",
        ],
      },
    });
    expect(fieldProblems(error, fields)).toEqual({
      fields: [
        { field: "email", problem: { kind: "taken" } },
        { field: "passwordConfirmation", problem: { kind: "confirmation" } },
      ],
      unplaced: [],
    });
  });

  it("keeps only the first problem of a field (spec §5) and leaves unknown pointers form-level", () => {
    const error = jsonApi422(
      { pointer: "/data/attributes/password", detail: "Password can't be blank", code: "blank" },
      {
        pointer: "/data/attributes/password",
        detail: "Password is too short (minimum is 8 characters)",
        code: "too_short",
      },
      { pointer: "/data/attributes/locale", detail: "Locale is not included", code: "inclusion" },
      { pointer: "", detail: "No volunteer centre", code: "invalid" },
    );
    const result = fieldProblems(error, fields);
    expect(result.fields).toEqual([{ field: "password", problem: { kind: "blank" } }]);
    expect(result.unplaced.map((e) => e.source?.pointer)).toEqual(["/data/attributes/locale", ""]);
  });

  it("places nothing for something that is not an ApiError", () => {
    expect(fieldProblems(new Error("network"), fields)).toEqual({ fields: [], unplaced: [] });
  });
});
