import type { TTranslationInput } from "../schema";

// Per-tenant overrides of the web's bundled messages (ARCHITECTURE decision 7), in both
// locales of spec §9 so a language switch keeps the tenant's wording.

export const SEED_TRANSLATIONS: Record<string, TTranslationInput[]> = {
  oldebroek: [
    { locale: "nl", key: "auth.signIn.title", value: "Inloggen bij Vrijwilligerswerk Oldebroek" },
    { locale: "en", key: "auth.signIn.title", value: "Sign in to Vrijwilligerswerk Oldebroek" },
  ],
};
