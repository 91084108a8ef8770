import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
vi.mock("@/lib/errors/report", () => ({ reportError: vi.fn() }));

const { createTenantMessageLoader, FAILURE_RETRY_MS, LOCALE_LOAD_FAILURE, MESSAGE_CACHE_TTL_MS } =
  await import("@/lib/i18n/tenant-messages");
const { getTenant } = await import("@/lib/tenants/tenants");

function setup() {
  let now = 1_000;
  const clock = { now: () => now, advance: (ms: number) => (now += ms) };
  const fetchOverrides = vi.fn(async (_tenant: unknown, locale: string) => [
    { key: "auth.signIn.title", value: locale === "nl" ? "Inloggen bij ons" : "Sign in with us" },
  ]);
  const report = vi.fn();
  const load = createTenantMessageLoader({ fetchOverrides, report, perf: clock });
  return { clock, fetchOverrides, report, load };
}

describe("loadTenantMessages (per-tenant overrides, spec §7/§9)", () => {
  it("lays the tenant's overrides over the bundled messages", async () => {
    const { load } = setup();
    const messages = await load("nl", getTenant("oldebroek"));
    expect(messages.auth.signIn.title).toBe("Inloggen bij ons");
    expect(messages.errors.backHome).toBeTruthy();
  });

  it("asks the api once per tenant and locale for 24 hours, then again", async () => {
    const { clock, fetchOverrides, load } = setup();
    const oldebroek = getTenant("oldebroek");
    await load("nl", oldebroek);
    await load("nl", oldebroek);
    await load("en", oldebroek);
    await load("nl", getTenant("roermond"));
    expect(fetchOverrides).toHaveBeenCalledTimes(3);
    clock.advance(MESSAGE_CACHE_TTL_MS - 1);
    await load("nl", oldebroek);
    expect(fetchOverrides).toHaveBeenCalledTimes(3);
    clock.advance(2);
    await load("nl", oldebroek);
    expect(fetchOverrides).toHaveBeenCalledTimes(4);
  });

  it("never gives one tenant's overrides to another", async () => {
    const { fetchOverrides, load } = setup();
    fetchOverrides.mockImplementation(async (tenant) =>
      (tenant as { slug: string }).slug === "oldebroek"
        ? [{ key: "auth.signIn.title", value: "Alleen Oldebroek" }]
        : [],
    );
    expect((await load("nl", getTenant("oldebroek"))).auth.signIn.title).toBe("Alleen Oldebroek");
    expect((await load("nl", getTenant("roermond"))).auth.signIn.title).not.toBe(
      "Alleen Oldebroek",
    );
  });

  it("falls back to the bundled messages and reports 'Failed loading locale' when the api fails", async () => {
    const { clock, fetchOverrides, report, load } = setup();
    fetchOverrides.mockRejectedValueOnce(new Error("connect ECONNREFUSED"));
    const bundled = (await import("@/messages/nl.json")).default;
    const messages = await load("nl", getTenant("demo"));
    expect(messages.auth.signIn.title).toBe(bundled.auth.signIn.title);
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.calls[0][0]).toBeInstanceOf(Error);
    expect(report.mock.calls[0][0].message).toBe(LOCALE_LOAD_FAILURE);
    expect(LOCALE_LOAD_FAILURE).toBe("Failed loading locale");
    // The failure is remembered briefly, then the api is asked again.
    await load("nl", getTenant("demo"));
    expect(fetchOverrides).toHaveBeenCalledTimes(1);
    clock.advance(FAILURE_RETRY_MS + 1);
    expect((await load("nl", getTenant("demo"))).auth.signIn.title).toBe("Inloggen bij ons");
    expect(fetchOverrides).toHaveBeenCalledTimes(2);
  });
});
