import { z } from "zod";
import { TENANT_SLUGS, type TTenantSlug, ZTenantSlug } from "@/lib/tenants/slugs";

// The web's own typed config of the six tenants (spec §1). The api keeps the rows data hangs
// on; this file keeps what the web shows and switches (docs/decisions.md, "Data").

export const ZTenantFeatures = z.object({
  /** spec §1: off in the meedoen variant. */
  volunteerProfiles: z.boolean(),
  /** spec §1: off in the meedoen variant. */
  activities: z.boolean(),
  /** spec §1: peer-to-peer help, on for public and oldebroek. */
  peerHelp: z.boolean(),
  /** spec §1: worded as neighbour help for oldebroek, one-on-one help otherwise. */
  peerHelpWording: z.enum(["neighbour", "one-on-one"]),
  /** spec §1: on for public and cordaad. */
  centreSharing: z.boolean(),
  /** spec §1: on for public and meedoen. */
  languageSwitch: z.boolean(),
});

export const ZTenantConfig = z.object({
  slug: ZTenantSlug,
  displayName: z.string().min(1),
  /** Production host names; `<slug>.localhost` and `<slug>.<domain>` work without listing. */
  hosts: z.array(z.string().min(1).toLowerCase()),
  /** spec §7: the App-Context header. */
  appContext: z.enum(["meedoen", "main"]),
  features: ZTenantFeatures,
  /** spec §1: one tenant is flagged high-contrast (stronger borders). */
  highContrast: z.boolean(),
});

export type TTenantFeatures = z.infer<typeof ZTenantFeatures>;
export type TTenantConfig = z.infer<typeof ZTenantConfig>;

const mainFeatures: TTenantFeatures = {
  volunteerProfiles: true,
  activities: true,
  peerHelp: false,
  peerHelpWording: "one-on-one",
  centreSharing: false,
  languageSwitch: false,
};

const tenantList: TTenantConfig[] = z.array(ZTenantConfig).parse([
  {
    slug: "oldebroek",
    displayName: "Vrijwilligerswerk Oldebroek",
    hosts: [],
    appContext: "main",
    features: { ...mainFeatures, peerHelp: true, peerHelpWording: "neighbour" },
    highContrast: false,
  },
  {
    slug: "roermond",
    displayName: "Vrijwilligerspunt Roermond",
    hosts: [],
    appContext: "main",
    features: mainFeatures,
    highContrast: true,
  },
  {
    slug: "meedoen",
    displayName: "Meedoen",
    hosts: [],
    appContext: "meedoen",
    features: {
      ...mainFeatures,
      volunteerProfiles: false,
      activities: false,
      languageSwitch: true,
    },
    highContrast: false,
  },
  {
    slug: "demo",
    displayName: "Volunteerly Demo",
    hosts: [],
    appContext: "main",
    features: mainFeatures,
    highContrast: false,
  },
  {
    slug: "public",
    displayName: "Volunteerly",
    hosts: [],
    appContext: "main",
    features: { ...mainFeatures, peerHelp: true, centreSharing: true, languageSwitch: true },
    highContrast: false,
  },
  {
    slug: "cordaad",
    displayName: "Cordaad Welzijn Vrijwilligerswerk",
    hosts: [],
    appContext: "main",
    features: { ...mainFeatures, centreSharing: true },
    highContrast: false,
  },
]);

export const TENANTS = Object.fromEntries(tenantList.map((t) => [t.slug, t])) as Record<
  TTenantSlug,
  TTenantConfig
>;

// A slug without config would be a typo in this file; fail at import, not on some request.
for (const slug of TENANT_SLUGS) {
  if (!TENANTS[slug]) throw new Error(`Tenant config missing for '${slug}'`);
}

export function getTenant(slug: TTenantSlug): TTenantConfig {
  return TENANTS[slug];
}

/** Configured hosts of every tenant, overlaid by the deployment's TENANT_HOSTS (which wins). */
export function tenantHostMap(
  overrides: Record<string, TTenantSlug> = {},
): Record<string, TTenantSlug> {
  const map: Record<string, TTenantSlug> = {};
  for (const tenant of tenantList) {
    for (const host of tenant.hosts) map[host] = tenant.slug;
  }
  return { ...map, ...overrides };
}
