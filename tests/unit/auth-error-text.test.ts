import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { signInErrorText } from "@/components/auth/auth-error-text";
import { ApiError } from "@/lib/api/errors";
import en from "@/messages/en.json";

const t = createTranslator({ locale: "en", messages: en });

const refused = (statusCode: number, errors?: unknown, headers?: Record<string, string>) =>
  Object.assign(
    new ApiError({ statusCode, errors }),
    headers ? { headers: new Headers(headers) } : {},
  );

describe("signInErrorText", () => {
  it("maps devise's bad-credentials 401 to the localized message", () => {
    expect(
      signInErrorText(t, refused(401, ["Invalid login credentials. Please try again."])),
    ).toEqual({
      title: en.auth.errors.invalidCredentials,
    });
  });

  it("gives the wrong-website title and text of spec §8 for 'wrong center'", () => {
    expect(signInErrorText(t, refused(401, ["wrong center"]))).toEqual({
      title: "Logged in to the wrong website",
      description:
        "Please contact the administrator of this website. This user account is registered with one of the other partners in the collaboration.",
    });
  });

  it("recognises the locked and unconfirmed refusals", () => {
    const locked =
      "Your account has been locked due to an excessive number of unsuccessful sign in attempts.";
    const unconfirmed =
      "A confirmation email was sent to your account at 'jane@example.com'. You must follow the instructions in the email before your account can be activated";
    expect(signInErrorText(t, refused(401, [locked])).title).toBe(en.auth.errors.locked);
    expect(signInErrorText(t, refused(401, [unconfirmed])).title).toBe(en.auth.errors.unconfirmed);
  });

  it("tells an inactive account so instead of calling its password wrong", () => {
    expect(signInErrorText(t, refused(401, ["Your account is not active."])).title).toBe(
      en.auth.errors.inactive,
    );
  });

  it("says how long to wait on a 429, from Retry-After", () => {
    expect(signInErrorText(t, refused(429, undefined, { "Retry-After": "90" })).title).toBe(
      "Too many attempts. Please try again in 2 minutes.",
    );
    expect(signInErrorText(t, refused(429, undefined, { "Retry-After": "1" })).title).toBe(
      "Too many attempts. Please try again in 1 second.",
    );
    expect(signInErrorText(t, refused(429)).title).toBe(en.auth.errors.tooManyLater);
  });

  it("shows the generic text of spec §8, with the code when there is one", () => {
    expect(signInErrorText(t, refused(502))).toEqual({
      title: "Oops... something went wrong! (error code: 502)",
      description: en.errors.generic.description,
    });
    expect(
      signInErrorText(t, new ApiError({ statusCode: 0, message: "Network error" })).title,
    ).toBe("Oops... something went wrong!");
  });
});
