import { describe, expect, it } from "vitest";
import { parseEnv } from "@/backend/env";

describe("the api's METRICS_TOKEN", () => {
  it("is optional, and empty counts as unset", () => {
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: "" }).METRICS_TOKEN).toBeUndefined();
  });

  it("must be at least 32 characters when set", () => {
    expect(() => parseEnv({ METRICS_TOKEN: "x".repeat(31) })).toThrow(/METRICS_TOKEN/);
    expect(parseEnv({ METRICS_TOKEN: "y".repeat(32) }).METRICS_TOKEN).toBe("y".repeat(32));
  });
});
