/**
 * The product's changelog (/volunteerly/changelog): one entry per release, newest first,
 * in both languages. Written by hand when a release ships; the page renders it as it is.
 */

export type TChangelogText = { title: string; items: readonly string[] };
export type TChangelogEntry = {
  version: string;
  /** ISO date of the release. */
  date: string;
  nl: TChangelogText;
  en: TChangelogText;
};

export const CHANGELOG: readonly TChangelogEntry[] = [
  {
    version: "0.4.0",
    date: "2026-11-24",
    nl: {
      title: "Vacatures, nieuws en pagina's voor iedereen",
      items: [
        "Nieuwsberichten op /nieuws, met een eigen pagina per bericht.",
        "Eigen pagina's zoals Over ons, Privacy en Contact, in het Nederlands en waar de site dat aanbiedt in het Engels.",
        "De partners van het samenwerkingsverband op /partners.",
        "Een pagina over een-op-een hulp, of burenhulp, waar de site die aanbiedt.",
        "De landingspagina van Gelderse Handen.",
        "Alle openbare pagina's zijn leesbaar zonder JavaScript en worden goed gevonden door zoekmachines.",
      ],
    },
    en: {
      title: "Vacancies, news and pages for everyone",
      items: [
        "News articles on /nieuws, each with a page of its own.",
        "Pages such as About us, Privacy and Contact, in Dutch and, where the site offers it, in English.",
        "The partners of the collaboration on /partners.",
        "A page about one-on-one help, or neighbour help, where the site offers it.",
        "The Gelderse Handen landing page.",
        "Every public page reads without JavaScript and is well found by search engines.",
      ],
    },
  },
  {
    version: "0.3.0",
    date: "2026-11-23",
    nl: {
      title: "De backoffice van een vrijwilligerscentrale",
      items: [
        "Organisaties aanmelden, goedkeuren, bewerken en verhuizen naar een andere centrale.",
        "Gebruikers beheren: uitnodigen, rollen geven en afnemen, deactiveren en archiveren.",
        "Vrijwilligers melden zich zelf aan en bevestigen hun e-mailadres.",
        "Beheerders kunnen inloggen als een andere gebruiker om mee te kijken.",
        "Je account verwijderen kan zelf, met een bevestiging per e-mail.",
        "Het logboek laat zien wie wat heeft veranderd.",
        "Eigen vormgeving en voettekst per centrale op /instellingen.",
      ],
    },
    en: {
      title: "The back office of a volunteer centre",
      items: [
        "Sign up, approve, edit and move organisations to another centre.",
        "Manage users: invite them, grant and take away roles, deactivate and archive.",
        "Volunteers sign up themselves and confirm their e-mail address.",
        "Administrators can sign in as another user to see what they see.",
        "You can delete your own account, confirmed by e-mail.",
        "The audit log shows who changed what.",
        "Each centre has its own design and footer on /instellingen.",
      ],
    },
  },
  {
    version: "0.2.0",
    date: "2026-11-21",
    nl: {
      title: "De schil van de applicatie",
      items: [
        "Zes sites met elk hun eigen naam, kleuren, lettertype en functies.",
        "Nederlands en Engels, met een taalkeuze waar de site die aanbiedt.",
        "Meldingen en je eigen accountactiviteit in de werkbalk.",
        "Duidelijke foutschermen en meldingen die je rustig kunt lezen.",
      ],
    },
    en: {
      title: "The application shell",
      items: [
        "Six sites, each with its own name, colours, font and features.",
        "Dutch and English, with a language choice where the site offers one.",
        "Notifications and your own account activity in the toolbar.",
        "Clear error screens, and toasts you can read at your own pace.",
      ],
    },
  },
  {
    version: "0.1.0",
    date: "2026-11-21",
    nl: {
      title: "De basis",
      items: [
        "Inloggen, uitloggen, wachtwoord vergeten en e-mailadres bevestigen.",
        "Je account wordt na te veel mislukte pogingen tijdelijk vergrendeld.",
        "De applicatie start met één commando, met voorbeeldgegevens voor elke site.",
      ],
    },
    en: {
      title: "The foundation",
      items: [
        "Sign in, sign out, reset a forgotten password and confirm your e-mail address.",
        "Your account is locked for a while after too many failed attempts.",
        "The application starts with one command, with demo data for every site.",
      ],
    },
  },
];
