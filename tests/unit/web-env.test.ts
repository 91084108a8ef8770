import { describe, expect, it } from "vitest";
import { parseWebEnv, readMetricsToken, readRevalidateSecret, readSessionSecret } from "@/lib/env";

describe("web environment", () => {
  it("has working defaults with nothing set", () => {
    expect(parseWebEnv({})).toMatchObject({
      API_BASE_URL: "http://127.0.0.1:4000",
      SESSION_COOKIE_NAME: "volunteerly_session",
      TENANT_COOKIE_NAME: "tenant",
      DEFAULT_TENANT: "demo",
      API_TIMEOUT_MS: 15_000,
    });
  });

  it("parses TENANT_HOSTS into a lowercase host map of known tenants", () => {
    const env = parseWebEnv({ TENANT_HOSTS: '{"Vrijwilligers.Oldebroek.nl":"oldebroek"}' });
    expect(env.TENANT_HOSTS).toEqual({ "vrijwilligers.oldebroek.nl": "oldebroek" });
  });

  it("refuses TENANT_HOSTS that is not JSON or names an unknown tenant", () => {
    expect(() => parseWebEnv({ TENANT_HOSTS: "{oops" })).toThrow(/TENANT_HOSTS/);
    expect(() => parseWebEnv({ TENANT_HOSTS: '{"a.nl":"atlantis"}' })).toThrow(/TENANT_HOSTS/);
  });

  it("parses VOLUNTEER_CENTER_IDS per known tenant and refuses anything else", () => {
    expect(
      parseWebEnv({ VOLUNTEER_CENTER_IDS: '{"demo":1,"cordaad":7}' }).VOLUNTEER_CENTER_IDS,
    ).toEqual({ demo: 1, cordaad: 7 });
    expect(() => parseWebEnv({ VOLUNTEER_CENTER_IDS: '{"atlantis":1}' })).toThrow(
      /VOLUNTEER_CENTER_IDS/,
    );
    expect(() => parseWebEnv({ VOLUNTEER_CENTER_IDS: '{"demo":0}' })).toThrow(
      /VOLUNTEER_CENTER_IDS/,
    );
    expect(() => parseWebEnv({ VOLUNTEER_CENTER_IDS: "{" })).toThrow(/VOLUNTEER_CENTER_IDS/);
  });

  it("refuses an unknown default tenant", () => {
    expect(() => parseWebEnv({ DEFAULT_TENANT: "atlantis" })).toThrow(/DEFAULT_TENANT/);
  });

  it("strips a trailing slash from API_BASE_URL", () => {
    expect(parseWebEnv({ API_BASE_URL: "http://127.0.0.1:4000/" }).API_BASE_URL).toBe(
      "http://127.0.0.1:4000",
    );
  });
});

describe("session secret", () => {
  it("is required in production", () => {
    expect(() => readSessionSecret({}, "production")).toThrow(/SESSION_SECRET/);
  });

  it("falls back to a fixed development secret outside production", () => {
    const secret = readSessionSecret({}, "development");
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(readSessionSecret({}, "test")).toBe(secret);
  });

  it("must be at least 32 characters when set", () => {
    expect(() => readSessionSecret({ SESSION_SECRET: "short" }, "development")).toThrow(/32/);
    const long = "x".repeat(32);
    expect(readSessionSecret({ SESSION_SECRET: long }, "production")).toBe(long);
  });
});

describe("metrics token", () => {
  it("is optional, and empty counts as unset", () => {
    expect(readMetricsToken({})).toBeUndefined();
    expect(readMetricsToken({ METRICS_TOKEN: "" })).toBeUndefined();
  });

  it("must be at least 32 characters when set", () => {
    expect(() => readMetricsToken({ METRICS_TOKEN: "x".repeat(31) })).toThrow(/METRICS_TOKEN/);
    expect(readMetricsToken({ METRICS_TOKEN: "x".repeat(32) })).toBe("x".repeat(32));
  });
});

describe("page cache settings (docs/page-cache.md)", () => {
  it("default to 64 MB for 60 s; 0 MB turns the cache off; the TTL is 1 to 60 s", () => {
    const defaults = parseWebEnv({});
    expect(defaults.PAGE_CACHE_MB).toBe(64);
    expect(defaults.PAGE_CACHE_TTL_SECONDS).toBe(60);
    expect(parseWebEnv({ PAGE_CACHE_MB: "0" }).PAGE_CACHE_MB).toBe(0);
    expect(() => parseWebEnv({ PAGE_CACHE_TTL_SECONDS: "61" })).toThrow(/PAGE_CACHE_TTL_SECONDS/);
    expect(() => parseWebEnv({ PAGE_CACHE_TTL_SECONDS: "0" })).toThrow(/PAGE_CACHE_TTL_SECONDS/);
    expect(() => parseWebEnv({ PAGE_CACHE_MB: "-1" })).toThrow(/PAGE_CACHE_MB/);
    expect(defaults.PAGE_CACHE_STALE_SECONDS).toBe(3600);
    expect(parseWebEnv({ PAGE_CACHE_STALE_SECONDS: "0" }).PAGE_CACHE_STALE_SECONDS).toBe(0);
    expect(() => parseWebEnv({ PAGE_CACHE_STALE_SECONDS: "86401" })).toThrow(
      /PAGE_CACHE_STALE_SECONDS/,
    );
    expect(() => parseWebEnv({ PAGE_CACHE_STALE_SECONDS: "soon" })).toThrow(
      /PAGE_CACHE_STALE_SECONDS/,
    );
  });

  it("take an optional REVALIDATE_SECRET of at least 32 characters", () => {
    expect(readRevalidateSecret({})).toBeUndefined();
    expect(readRevalidateSecret({ REVALIDATE_SECRET: "" })).toBeUndefined();
    expect(() => readRevalidateSecret({ REVALIDATE_SECRET: "x".repeat(31) })).toThrow(
      /REVALIDATE_SECRET/,
    );
    expect(readRevalidateSecret({ REVALIDATE_SECRET: "x".repeat(32) })).toBe("x".repeat(32));
  });
});
