import { describe, expect, it } from "vitest";
import {
  ApiError,
  apiErrorFromResponse,
  errorMessages,
  isApiError,
  isWrongCenter,
} from "@/lib/api/errors";

describe("ApiError", () => {
  it("copies JSON:API errors, dropping null members", () => {
    const error = apiErrorFromResponse(422, "Unprocessable Entity", {
      errors: [
        {
          status: "422",
          source: { pointer: "/data/attributes/email" },
          title: "Unprocessable Entity",
          detail: "Email has already been taken",
          code: "taken",
        },
        { status: "404", source: null, title: "Not Found", detail: null, code: null },
      ],
    });
    expect(isApiError(error)).toBe(true);
    expect(error).toBeInstanceOf(Error);
    expect(error.statusCode).toBe(422);
    expect(error.statusMessage).toBe("Unprocessable Entity");
    expect(error.errors).toEqual([
      {
        status: "422",
        source: { pointer: "/data/attributes/email" },
        title: "Unprocessable Entity",
        detail: "Email has already been taken",
        code: "taken",
      },
      { status: "404", title: "Not Found" },
    ]);
    expect(error.message).toBe("Email has already been taken");
    expect(errorMessages(error)).toEqual(["Email has already been taken", "Not Found"]);
  });

  it("turns devise string errors into error objects and keeps the raw list", () => {
    const raw = ["Invalid login credentials. Please try again."];
    const error = apiErrorFromResponse(401, "Unauthorized", { success: false, errors: raw });
    expect(error.errors).toEqual([{ detail: "Invalid login credentials. Please try again." }]);
    expect(error.raw).toBe(raw);
    expect(error.message).toBe("Invalid login credentials. Please try again.");
  });

  it("maps devise field errors to their full messages and attribute pointers", () => {
    const error = apiErrorFromResponse(422, "", {
      success: false,
      errors: {
        password_confirmation: ["doesn't match Password"],
        email: ["can't be blank"],
        full_messages: ["Password confirmation doesn't match Password", "Email can't be blank"],
      },
    });
    expect(error.errors).toEqual([
      {
        title: "doesn't match Password",
        detail: "Password confirmation doesn't match Password",
        source: { pointer: "/data/attributes/password_confirmation" },
      },
      {
        title: "can't be blank",
        detail: "Email can't be blank",
        source: { pointer: "/data/attributes/email" },
      },
    ]);
    expect(errorMessages(error)).toEqual([
      "Password confirmation doesn't match Password",
      "Email can't be blank",
    ]);
    expect(error.statusMessage).toBeUndefined();
  });

  it("keeps full messages that match no field", () => {
    const error = new ApiError({
      statusCode: 422,
      errors: { email: ["is invalid"], full_messages: ["Something else went wrong"] },
    });
    expect(errorMessages(error)).toEqual(["Email is invalid", "Something else went wrong"]);
  });

  it("keeps the parsed body, camelCased, on data", () => {
    const error = apiErrorFromResponse(422, "", {
      status: "error",
      data: { first_name: "J" },
      errors: ["x"],
    });
    expect(error.data).toEqual({ status: "error", data: { firstName: "J" }, errors: ["x"] });
  });

  it("falls back to the status text or code when the body has no errors", () => {
    expect(apiErrorFromResponse(502, "Bad Gateway", "<html>").message).toBe("Bad Gateway");
    expect(apiErrorFromResponse(500, "", undefined).message).toBe("Request failed with status 500");
    expect(errorMessages(apiErrorFromResponse(500, "", undefined))).toEqual([
      "Request failed with status 500",
    ]);
  });
});

describe("isWrongCenter", () => {
  it("recognises the wrong center refusal of sign-in and throws with that text", () => {
    const error = apiErrorFromResponse(401, "Unauthorized", {
      success: false,
      errors: ["wrong center"],
    });
    expect(isWrongCenter(error)).toBe(true);
    expect(error.message).toBe("wrong center");
  });

  it("is false for other errors and non-errors", () => {
    const error = apiErrorFromResponse(401, "", { errors: ["Invalid login credentials"] });
    expect(isWrongCenter(error)).toBe(false);
    expect(isWrongCenter(new Error("boom"))).toBe(false);
    expect(isWrongCenter(undefined)).toBe(false);
  });

  it("also sees it in a JSON:API error detail", () => {
    const error = new ApiError({
      statusCode: 401,
      errors: [
        { status: "401", title: "Unauthorized", detail: "User belongs to the wrong center" },
      ],
    });
    expect(isWrongCenter(error)).toBe(true);
  });
});

describe("errorMessages", () => {
  it("gives the message of a plain Error and a string", () => {
    expect(errorMessages(new Error("boom"))).toEqual(["boom"]);
    expect(errorMessages("plain")).toEqual(["plain"]);
    expect(errorMessages(42)).toEqual([]);
  });
});
