// The six tenants of spec §1. Names and switches mirror the web's lib/tenants/tenants.ts
// (backend code may not import lib/; tests/api/seed.test.ts proves the two agree).

export type TTenantSettings = {
  /** spec §1: off in the meedoen variant. */
  volunteerProfiles: boolean;
  /** spec §1: off in the meedoen variant. */
  activities: boolean;
  /** spec §1: peer-to-peer help, on for public and oldebroek. */
  peerHelp: boolean;
  /** spec §1: neighbour help for oldebroek, one-on-one help otherwise. */
  peerHelpWording: "neighbour" | "one-on-one";
  /** spec §1: on for public and cordaad. */
  centreSharing: boolean;
  /** spec §1: on for public and meedoen. */
  languageSwitch: boolean;
  /** spec §1: one tenant is high-contrast. */
  highContrast: boolean;
  /** spec §1: inactive users are not allowed by default. */
  allowInactiveUsers: boolean;
  /** spec §1: moving organisations is off by default. */
  moveOrganizations: boolean;
};

export type TSeedTenant = {
  slug: string;
  name: string;
  settings: TTenantSettings;
  /** Slugs of seeded rows (organizations.ts, desks.ts) that the demo users hang on. */
  anchors: {
    defaultCenter: string;
    /** A second centre: the tenant is a collaboration of partners (ARCHITECTURE decision 2). */
    secondCenter?: string;
    school: string;
    organization: string;
    desk: string;
  };
};

const base: TTenantSettings = {
  volunteerProfiles: true,
  activities: true,
  peerHelp: false,
  peerHelpWording: "one-on-one",
  centreSharing: false,
  languageSwitch: false,
  highContrast: false,
  allowInactiveUsers: false,
  moveOrganizations: false,
};

export const SEED_TENANTS: TSeedTenant[] = [
  {
    slug: "oldebroek",
    name: "Vrijwilligerswerk Oldebroek",
    settings: { ...base, peerHelp: true, peerHelpWording: "neighbour" },
    anchors: {
      defaultCenter: "vrijwilligerscentrale-oldebroek",
      school: "cbs-de-wegwijzer",
      organization: "stichting-welzijn-oldebroek",
      desk: "azc-oldebroek",
    },
  },
  {
    slug: "roermond",
    name: "Vrijwilligerspunt Roermond",
    settings: { ...base, highContrast: true },
    anchors: {
      defaultCenter: "vrijwilligerspunt-roermond",
      school: "bs-de-vlinderhof",
      organization: "voedselbank-roermond",
      desk: "azc-roermond",
    },
  },
  {
    slug: "meedoen",
    name: "Meedoen",
    settings: { ...base, volunteerProfiles: false, activities: false, languageSwitch: true },
    anchors: {
      defaultCenter: "meedoen-zeist",
      school: "montessorischool-zeist",
      organization: "taalmaatjes-zeist",
      desk: "azc-zeist",
    },
  },
  {
    slug: "demo",
    name: "Volunteerly Demo",
    settings: base,
    anchors: {
      defaultCenter: "vrijwilligerscentrale-amersfoort",
      secondCenter: "vrijwilligerspunt-cranendonck",
      school: "bs-de-regenboog",
      organization: "buurtkracht-amersfoort",
      desk: "balie-nov",
    },
  },
  {
    slug: "public",
    name: "Volunteerly",
    settings: { ...base, peerHelp: true, centreSharing: true, languageSwitch: true },
    anchors: {
      defaultCenter: "vrijwilligerscentrale-utrecht",
      school: "obs-de-kleine-prins",
      organization: "buurthuis-oog-in-al",
      desk: "azc-utrecht",
    },
  },
  {
    slug: "cordaad",
    name: "Cordaad Welzijn Vrijwilligerswerk",
    settings: { ...base, centreSharing: true, moveOrganizations: true },
    anchors: {
      defaultCenter: "vrijwilligerscentrale-kampen",
      secondCenter: "vrijwilligerspunt-ijsselmuiden",
      school: "cbs-de-fontein",
      organization: "stichting-kamper-kwartier",
      desk: "azc-dronten",
    },
  },
];
