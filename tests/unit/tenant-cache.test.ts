import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
const { cachedLoader, FAILURE_TTL_MS, TENANT_DATA_TTL_MS } = await import("@/lib/api/tenant-cache");
const { getTenant } = await import("@/lib/tenants/tenants");

function setup() {
  let now = 1_000; // lru-cache reads a start time of 0 as "never stale"
  const clock = { now: () => now, advance: (ms: number) => (now += ms) };
  const load = vi.fn(async (tenant: { slug: string }) => [{ tenant: tenant.slug }]);
  const loader = cachedLoader("rules", load, clock);
  return { clock, load, loader };
}

describe("tenant data (desks, redirect rules, site settings per tenant, cached briefly)", () => {
  it("forgets one tenant's entry on request, and only that one", async () => {
    const { loader, load } = setup();
    await loader(getTenant("demo"));
    await loader(getTenant("cordaad"));
    loader.forget("demo");
    await loader(getTenant("demo"));
    await loader(getTenant("cordaad"));
    expect(load.mock.calls.map(([tenant]) => tenant.slug)).toEqual(["demo", "cordaad", "demo"]);
  });

  it("keys by tenant: one tenant's data never answers for another", async () => {
    const { loader, load } = setup();
    expect(await loader(getTenant("demo"))).toEqual([{ tenant: "demo" }]);
    expect(await loader(getTenant("cordaad"))).toEqual([{ tenant: "cordaad" }]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("asks once for concurrent requests and reuses the answer until the ttl ends", async () => {
    const { clock, loader, load } = setup();
    const demo = getTenant("demo");
    await Promise.all([loader(demo), loader(demo), loader(demo)]);
    expect(load).toHaveBeenCalledTimes(1);
    clock.advance(TENANT_DATA_TTL_MS - 1);
    await loader(demo);
    expect(load).toHaveBeenCalledTimes(1);
    clock.advance(2);
    await loader(demo);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("answers undefined when the api fails, and asks again after a few seconds", async () => {
    const { clock, loader, load } = setup();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    load.mockRejectedValueOnce(new Error("down"));
    const demo = getTenant("demo");
    expect(await loader(demo)).toBeUndefined();
    expect(await loader(demo)).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
    clock.advance(FAILURE_TTL_MS + 1);
    expect(await loader(demo)).toEqual([{ tenant: "demo" }]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
