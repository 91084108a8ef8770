import type { TSiteFooter, TSiteTheme } from "../schema";

/**
 * A centre's own site settings (docs/api-site-settings.md), so the footer and the
 * design page have something to show; the other centres keep their tenant's design.
 * Oldebroek's neighbour help is readable signed out (docs/peer-help.md); public's is not.
 */
export const SEED_SITE_SETTINGS: Record<
  string,
  { theme: TSiteTheme; footer: TSiteFooter; helpPostsPublic?: boolean }
> = {
  oldebroek: {
    theme: {},
    helpPostsPublic: true,
    footer: {
      text: "Vrijwilligerswerk Oldebroek is er voor iedereen die iets wil doen voor een ander in de gemeente Oldebroek.",
      links: [
        { label: "Word vrijwilliger", url: "/signup" },
        { label: "Meld je organisatie aan", url: "/organizations/signup" },
        { label: "Gemeente Oldebroek", url: "https://www.oldebroek.nl" },
      ],
    },
  },
};
