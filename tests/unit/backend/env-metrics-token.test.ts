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

describe("the api's page revalidation settings (docs/page-cache.md)", () => {
  it("are optional; empty counts as unset", () => {
    const config = parseEnv({ WEB_INTERNAL_URL: "", REVALIDATE_SECRET: "" });
    expect(config.WEB_INTERNAL_URL).toBeUndefined();
    expect(config.REVALIDATE_SECRET).toBeUndefined();
  });

  it("take the web's URL without a trailing slash and a secret of at least 32 characters", () => {
    const config = parseEnv({
      WEB_INTERNAL_URL: "http://127.0.0.1:3000/",
      REVALIDATE_SECRET: "z".repeat(32),
    });
    expect(config.WEB_INTERNAL_URL).toBe("http://127.0.0.1:3000");
    expect(config.REVALIDATE_SECRET).toBe("z".repeat(32));
    expect(() => parseEnv({ REVALIDATE_SECRET: "z".repeat(31) })).toThrow(/REVALIDATE_SECRET/);
    expect(() => parseEnv({ WEB_INTERNAL_URL: "not a url" })).toThrow(/WEB_INTERNAL_URL/);
  });
});
