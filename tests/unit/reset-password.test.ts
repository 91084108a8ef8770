import { describe, expect, it } from "vitest";
import { missingResetCredentialsMessage, resetPasswordPayload } from "@/lib/auth/reset-password";

const specMessage =
  "You must provide either the uid, client and accessToken or the resetPasswordToken";

describe("resetPasswordPayload (spec §5)", () => {
  it("uses the reset token when the link carries one", () => {
    expect(resetPasswordPayload({ reset_password_token: "abc" })).toEqual({
      resetPasswordToken: "abc",
    });
  });

  it("accepts devise's uid, client and access-token together", () => {
    const params = new URLSearchParams({
      uid: "jane@example.com",
      client: "c1",
      "access-token": "t1",
    });
    expect(resetPasswordPayload(params)).toEqual({
      uid: "jane@example.com",
      client: "c1",
      accessToken: "t1",
    });
  });

  it("prefers the reset token when both forms are present", () => {
    const params = { reset_password_token: "abc", uid: "u", client: "c", "access-token": "t" };
    expect(resetPasswordPayload(params)).toEqual({ resetPasswordToken: "abc" });
  });

  it("takes the first value of a repeated parameter", () => {
    expect(resetPasswordPayload({ reset_password_token: ["first", "second"] })).toEqual({
      resetPasswordToken: "first",
    });
  });

  it.each([
    ["nothing", {}],
    ["only uid and client", { uid: "u", client: "c" }],
    ["only the access token", { "access-token": "t" }],
    ["a blank token", { reset_password_token: "  " }],
    ["a blank uid beside client and token", { uid: "", client: "c", "access-token": "t" }],
  ])("throws the spec's message for %s", (_, params) => {
    expect(() => resetPasswordPayload(params)).toThrow(new Error(specMessage));
  });

  it("exports the message verbatim from the spec", () => {
    expect(missingResetCredentialsMessage).toBe(specMessage);
  });
});
