import { describe, expect, it } from "vitest";
import { tokenRefusalOf } from "@/lib/account-deletion/account-deletion-api";
import { ApiError } from "@/lib/api/errors";

const onAttribute = (statusCode: number, attribute: string, code: string) =>
  new ApiError({
    statusCode,
    errors: [{ source: { pointer: `/data/attributes/${attribute}` }, detail: "x", code }],
  });

describe("tokenRefusalOf (account deletion links)", () => {
  it("tells an expired link from an invalid one, and is silent for other failures", () => {
    expect(tokenRefusalOf(onAttribute(422, "token", "expired"))).toBe("expired");
    expect(tokenRefusalOf(onAttribute(422, "token", "invalid"))).toBe("invalid");
    expect(tokenRefusalOf(onAttribute(422, "token", "blank"))).toBe("invalid");
    expect(tokenRefusalOf(new ApiError({ statusCode: 500 }))).toBeUndefined();
    expect(tokenRefusalOf(new ApiError({ statusCode: 429 }))).toBeUndefined();
  });
});
