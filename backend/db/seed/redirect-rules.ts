import type { TRedirectRuleInput } from "../schema";

// Redirect rules per tenant (spec §2): a permanent one, a plain one, an absolute target that
// leaves the site by full page navigation, and a tenant's own rule that no other tenant has.
// Paths are in their stored form (lowercase, no trailing slash); the seed checks them.

export const SEED_REDIRECT_RULES: Record<string, TRedirectRuleInput[]> = {
  demo: [
    { path: "/vacatures", target: "/vacancies/search", permanent: true },
    { path: "/over-ons", target: "/partners" },
    { path: "/facebook", target: "https://www.facebook.com/" },
  ],
  oldebroek: [{ path: "/burenhulp", target: "/een-op-een-hulp" }],
};
