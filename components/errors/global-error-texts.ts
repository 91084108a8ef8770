/**
 * The texts of app/global-error.tsx. That screen replaces the root layout, so next-intl's
 * messages are not there; these copy spec §8's generic texts (errors.generic, errors.backHome)
 * in both languages, and tests/unit/error-screen.test.tsx keeps them equal to messages/*.json.
 */
export const GLOBAL_ERROR_TEXTS = {
  nl: {
    title: "Oeps... er is iets misgegaan!",
    description:
      "Er is een fout opgetreden. Neem contact op met een systeembeheerder als het probleem blijft bestaan, of probeer het later opnieuw.",
    backHome: "Terug naar de startpagina",
  },
  en: {
    title: "Oops... something went wrong!",
    description:
      "An error has occurred. If the problem persists, please contact a system administrator or try again later.",
    backHome: "Back to home",
  },
} as const;
