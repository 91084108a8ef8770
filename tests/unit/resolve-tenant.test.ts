import { describe, expect, it } from "vitest";
import { resolveTenant } from "@/lib/tenants/resolve-tenant";
import type { TTenantSlug } from "@/lib/tenants/slugs";
import { TENANTS, tenantHostMap } from "@/lib/tenants/tenants";

const hostMap: Record<string, TTenantSlug> = {
  "vrijwilligerswerk-oldebroek.nl": "oldebroek",
  "www.meedoen.example": "meedoen",
};

function resolve(host: string | null, cookie?: string | null) {
  return resolveTenant({ host, cookie, hostMap, defaultSlug: "demo" });
}

describe("resolveTenant", () => {
  it("takes a host listed in the host map, ignoring case and port", () => {
    expect(resolve("Vrijwilligerswerk-Oldebroek.NL:3000")).toBe("oldebroek");
    expect(resolve("www.meedoen.example")).toBe("meedoen");
  });

  it("prefers the host map over a slug in the first label", () => {
    const map: Record<string, TTenantSlug> = { "public.example.nl": "cordaad" };
    const slug = resolveTenant({
      host: "public.example.nl",
      cookie: null,
      hostMap: map,
      defaultSlug: "demo",
    });
    expect(slug).toBe("cordaad");
  });

  it("takes the tenant from <slug>.localhost with no setup", () => {
    expect(resolve("roermond.localhost:3000")).toBe("roermond");
    expect(resolve("meedoen.localhost")).toBe("meedoen");
  });

  it("takes the tenant from the first label of any domain", () => {
    expect(resolve("cordaad.volunteerly.nl")).toBe("cordaad");
    expect(resolve("public.volunteerly.nl.")).toBe("public");
  });

  it("uses the host before the tenant cookie", () => {
    expect(resolve("oldebroek.localhost:3000", "roermond")).toBe("oldebroek");
  });

  it("falls back to the tenant cookie when the host names no tenant", () => {
    expect(resolve("localhost:3000", "meedoen")).toBe("meedoen");
    expect(resolve("www.example.com", " Public ")).toBe("public");
  });

  it("ignores a cookie that is not a known tenant", () => {
    expect(resolve("localhost:3000", "evil")).toBe("demo");
    expect(resolve("localhost:3000", "constructor")).toBe("demo");
  });

  it("does not take a bare single-label host as a tenant", () => {
    expect(resolve("oldebroek:3000")).toBe("demo");
  });

  it("ignores hosts that only look like tenants further down", () => {
    expect(resolve("www.oldebroek.localhost")).toBe("demo");
  });

  it("does not treat object prototype keys in the host map as tenants", () => {
    expect(resolve("constructor")).toBe("demo");
    expect(resolve("__proto__", "roermond")).toBe("roermond");
  });

  it("handles IPv6 and missing hosts by falling back to the default", () => {
    expect(resolve("[::1]:3000")).toBe("demo");
    expect(resolve(null)).toBe("demo");
    expect(resolve("")).toBe("demo");
  });

  it("uses the first host of a comma-separated forwarded host list", () => {
    expect(resolve("oldebroek.localhost, proxy.internal")).toBe("oldebroek");
  });
});

describe("tenant config", () => {
  it("switches features as spec §1 describes", () => {
    expect(TENANTS.meedoen.features.volunteerProfiles).toBe(false);
    expect(TENANTS.meedoen.features.activities).toBe(false);
    expect(TENANTS.meedoen.appContext).toBe("meedoen");
    expect(TENANTS.demo.appContext).toBe("main");
    expect(TENANTS.oldebroek.features.peerHelp).toBe(true);
    expect(TENANTS.oldebroek.features.peerHelpWording).toBe("neighbour");
    expect(TENANTS.public.features.peerHelp).toBe(true);
    expect(TENANTS.public.features.peerHelpWording).toBe("one-on-one");
    expect(TENANTS.roermond.features.peerHelp).toBe(false);
    expect(TENANTS.public.features.centreSharing).toBe(true);
    expect(TENANTS.cordaad.features.centreSharing).toBe(true);
    expect(TENANTS.meedoen.features.centreSharing).toBe(false);
    expect(TENANTS.public.features.languageSwitch).toBe(true);
    expect(TENANTS.meedoen.features.languageSwitch).toBe(true);
    expect(TENANTS.demo.features.languageSwitch).toBe(false);
  });

  it("flags exactly one tenant as high contrast", () => {
    expect(Object.values(TENANTS).filter((t) => t.highContrast)).toHaveLength(1);
  });

  it("lets deployment host overrides win over configured hosts", () => {
    expect(tenantHostMap({ "a.example": "roermond" })).toMatchObject({ "a.example": "roermond" });
  });
});
