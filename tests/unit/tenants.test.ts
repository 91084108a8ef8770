import { beforeEach, describe, expect, it, vi } from "vitest";
import { switchTenant } from "@/app/(bare)/switch/actions";
import { env } from "@/lib/env";
import { TENANT_SLUGS, type TTenantSlug } from "@/lib/tenants/slugs";
import { getTenant, TENANTS, type TTenantFeatures, ZTenantConfig } from "@/lib/tenants/tenants";
import { DEFAULT_THEME } from "@/lib/theme/theme";

const cookieJar = vi.hoisted(() => ({ set: vi.fn() }));
vi.mock("next/headers", () => ({ cookies: async () => cookieJar }));
// next/navigation's redirect() throws to end the action; so does this stand-in.
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw Object.assign(new Error("NEXT_REDIRECT"), { url });
  },
}));

// spec §1, rule by rule. Each expectation is written as the spec words it (who has a switch
// on), not copied from the config, so a config edit that breaks a rule fails here.

type TFeatureRule = { [K in keyof TTenantFeatures]: (slug: TTenantSlug) => TTenantFeatures[K] };

const spec: TFeatureRule = {
  // "Volunteer profiles and activities: off in the meedoen variant."
  volunteerProfiles: (slug) => slug !== "meedoen",
  activities: (slug) => slug !== "meedoen",
  // "Peer-to-peer help: on for public and oldebroek."
  peerHelp: (slug) => slug === "public" || slug === "oldebroek",
  // "It is worded as neighbour help for oldebroek and as one-on-one help otherwise."
  peerHelpWording: (slug) => (slug === "oldebroek" ? "neighbour" : "one-on-one"),
  // "Centre sharing: on for public (not meedoen) and for cordaad."
  centreSharing: (slug) => slug === "public" || slug === "cordaad",
  // "Language switching: on for public and meedoen."
  languageSwitch: (slug) => slug === "public" || slug === "meedoen",
};

const features = Object.keys(spec) as (keyof TTenantFeatures)[];

describe("tenant config (spec §1)", () => {
  it("configures exactly the six tenants of spec §1, each under its own slug", () => {
    expect(Object.keys(TENANTS).sort()).toEqual(
      ["cordaad", "demo", "meedoen", "oldebroek", "public", "roermond"].sort(),
    );
    for (const slug of TENANT_SLUGS) expect(getTenant(slug).slug).toBe(slug);
  });

  it("gives every tenant a display name of its own", () => {
    const names = TENANT_SLUGS.map((slug) => TENANTS[slug].displayName);
    for (const name of names) expect(name.trim()).not.toBe("");
    expect(new Set(names).size).toBe(names.length);
  });

  it("has no feature switch the spec rules above do not cover", () => {
    for (const slug of TENANT_SLUGS) {
      expect(Object.keys(TENANTS[slug].features).sort()).toEqual([...features].sort());
    }
  });

  describe.each(TENANT_SLUGS)("%s", (slug) => {
    const tenant = TENANTS[slug];

    it.each(features)("switches %s as spec §1 says", (feature) => {
      expect(tenant.features[feature]).toBe(spec[feature](slug));
    });

    it("sends App-Context 'meedoen' only for the meedoen variant, 'main' otherwise (spec §7)", () => {
      expect(tenant.appContext).toBe(slug === "meedoen" ? "meedoen" : "main");
    });

    it("does not allow inactive users (spec §1: not allowed by default)", () => {
      expect(tenant.allowInactiveUsers).toBe(false);
    });

    it("moves organisations only where the override is on: cordaad, with two centres", () => {
      expect(tenant.moveOrganizations).toBe(slug === "cordaad");
    });
  });

  it("flags exactly one tenant high-contrast: roermond", () => {
    const flagged = TENANT_SLUGS.filter((slug) => TENANTS[slug].highContrast);
    expect(flagged).toEqual(["roermond"]);
  });

  it("keeps demo on spec §1's default theme", () => {
    expect(TENANTS.demo.theme).toEqual(DEFAULT_THEME);
  });
});

describe("ZTenantConfig", () => {
  const minimal = {
    slug: "demo",
    displayName: "X",
    hosts: ["Example.NL"],
    appContext: "main",
    features: {
      volunteerProfiles: true,
      activities: true,
      peerHelp: false,
      peerHelpWording: "one-on-one",
      centreSharing: false,
      languageSwitch: false,
    },
    highContrast: false,
    theme: {},
  };

  it("defaults inactive users and moving organisations to off and the theme to spec §1's", () => {
    const parsed = ZTenantConfig.parse(minimal);
    expect(parsed.allowInactiveUsers).toBe(false);
    expect(parsed.moveOrganizations).toBe(false);
    expect(parsed.theme).toEqual(DEFAULT_THEME);
    expect(parsed.hosts).toEqual(["example.nl"]);
  });

  it("refuses an unknown slug, wording, app context, palette or font", () => {
    const broken = [
      { ...minimal, slug: "elsewhere" },
      { ...minimal, appContext: "other" },
      { ...minimal, features: { ...minimal.features, peerHelpWording: "buddy" } },
      { ...minimal, theme: { palette: { primary: "yellow" } } },
      { ...minimal, theme: { font: "comic-sans" } },
      { ...minimal, theme: { shape: "round" } },
    ];
    for (const input of broken) expect(ZTenantConfig.safeParse(input).success).toBe(false);
  });
});

describe("/switch's server action", () => {
  beforeEach(() => cookieJar.set.mockReset());

  const post = async (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return switchTenant(form).then(
      () => undefined,
      (error: { url?: string }) => error.url,
    );
  };

  it("stores the chosen tenant in the tenant cookie (spec §1: path '/', secure) and goes to '/'", async () => {
    expect(await post({ tenant: "oldebroek" })).toBe("/");
    expect(cookieJar.set).toHaveBeenCalledWith(env.TENANT_COOKIE_NAME, "oldebroek", {
      path: "/",
      secure: true,
      httpOnly: true,
      sameSite: "lax",
      maxAge: 365 * 24 * 60 * 60,
    });
  });

  it("sets no cookie for a slug that is not a tenant and goes back to /switch", async () => {
    const refused: Record<string, string>[] = [{ tenant: "elsewhere" }, { tenant: "" }, {}];
    for (const fields of refused) {
      expect(await post(fields)).toBe("/switch");
    }
    expect(cookieJar.set).not.toHaveBeenCalled();
  });
});
