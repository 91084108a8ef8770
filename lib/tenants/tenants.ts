import { z } from "zod";
import { TENANT_SLUGS, type TTenantSlug, ZTenantSlug } from "@/lib/tenants/slugs";
import { ZTheme } from "@/lib/theme/theme";

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
  /** spec §1 theme; omitted fields take the spec's defaults (docs/theme.md). */
  theme: ZTheme,
  /** spec §1: "Inactive users are not allowed by default" (the api refuses their sign-in). */
  allowInactiveUsers: z.boolean().default(false),
  /** spec §1: "Moving organisations is off by default and on in an override" (/organizations/:id/move). */
  moveOrganizations: z.boolean().default(false),
});

export type TTenantFeatures = z.infer<typeof ZTenantFeatures>;
export type TTenantConfig = z.output<typeof ZTenantConfig>;
type TTenantConfigInput = z.input<typeof ZTenantConfig>;

const mainFeatures: TTenantFeatures = {
  volunteerProfiles: true,
  activities: true,
  peerHelp: false,
  peerHelpWording: "one-on-one",
  centreSharing: false,
  languageSwitch: false,
};

// Themes (docs/theme.md "Per tenant"): demo keeps spec §1's defaults; the others differ in
// palette, shape and font, all from the vetted AA-safe sets, so one can tell the sites apart.
const tenantInput: TTenantConfigInput[] = [
  {
    slug: "oldebroek",
    displayName: "Vrijwilligerswerk Oldebroek",
    hosts: [],
    appContext: "main",
    features: { ...mainFeatures, peerHelp: true, peerHelpWording: "neighbour" },
    highContrast: false,
    theme: {
      palette: { primary: "teal", neutral: "stone" },
      shape: "curved",
      font: "nunito-sans",
    },
  },
  {
    slug: "roermond",
    displayName: "Vrijwilligerspunt Roermond",
    hosts: [],
    appContext: "main",
    features: mainFeatures,
    highContrast: true,
    // Atkinson Hyperlegible was drawn for readers with low vision: it suits the
    // high-contrast tenant.
    theme: {
      palette: { primary: "indigo", neutral: "gray" },
      shape: "straight",
      font: "atkinson-hyperlegible-next",
    },
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
    theme: {
      palette: { primary: "violet", neutral: "zinc" },
      shape: "smooth",
      font: "figtree",
    },
  },
  {
    slug: "demo",
    displayName: "Volunteerly Demo",
    hosts: [],
    appContext: "main",
    features: mainFeatures,
    highContrast: false,
    theme: {},
  },
  {
    slug: "public",
    displayName: "Volunteerly",
    hosts: [],
    appContext: "main",
    features: { ...mainFeatures, peerHelp: true, centreSharing: true, languageSwitch: true },
    highContrast: false,
    theme: { font: "inter" },
  },
  {
    slug: "cordaad",
    displayName: "Cordaad Welzijn Vrijwilligerswerk",
    hosts: [],
    appContext: "main",
    features: { ...mainFeatures, centreSharing: true },
    highContrast: false,
    theme: {
      palette: { primary: "cyan", secondary: "indigo" },
      shape: "full",
      font: "open-sans",
    },
    // Two volunteer centres: organisations can move between them.
    moveOrganizations: true,
  },
];

const tenantList: TTenantConfig[] = z.array(ZTenantConfig).parse(tenantInput);

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
