import { type ApiError, apiErrorFromResponse } from "@/lib/api/errors";

/**
 * The cases of /test/server-error (spec §2 developer page): one per error screen of spec §8.
 * Each raises the error as the api would send it, so the screens are tested end to end.
 */
export const TEST_ERROR_CASES = ["401", "403", "404", "500", "wrong-center"] as const;
export type TTestErrorCase = (typeof TEST_ERROR_CASES)[number];

export const TEST_ERROR_PLACES = ["server", "client"] as const;
export type TTestErrorPlace = (typeof TEST_ERROR_PLACES)[number];

export function parseTestErrorCase(value: unknown): TTestErrorCase | undefined {
  return TEST_ERROR_CASES.find((c) => c === value);
}

export function parseTestErrorPlace(value: unknown): TTestErrorPlace {
  return value === "client" ? "client" : "server";
}

const jsonApiError = (status: number, title: string, detail: string | null) => ({
  errors: [{ status: String(status), title, detail, code: null, source: null }],
});

/** The ApiError the api client throws for the case (bodies as backend/ sends them). */
export function apiErrorForCase(testCase: TTestErrorCase): ApiError {
  switch (testCase) {
    case "401":
      return apiErrorFromResponse(
        401,
        "Unauthorized",
        jsonApiError(401, "Unauthorized", "You need to sign in or sign up before continuing."),
      );
    case "403":
      return apiErrorFromResponse(
        403,
        "Forbidden",
        jsonApiError(403, "Forbidden", "You are not allowed to do this."),
      );
    case "404":
      return apiErrorFromResponse(404, "Not Found", jsonApiError(404, "Not Found", null));
    case "500":
      return apiErrorFromResponse(
        500,
        "Internal Server Error",
        jsonApiError(500, "Internal Server Error", null),
      );
    case "wrong-center":
      // devise_token_auth's sign-in refusal (backend/auth/sessions.ts).
      return apiErrorFromResponse(401, "Unauthorized", {
        success: false,
        errors: ["wrong center"],
      });
  }
}
