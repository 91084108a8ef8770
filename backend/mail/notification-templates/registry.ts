import type { TLocale } from "../templates/layout";

/**
 * Every text the product sends, as a template kind (docs/notification-templates.md): its
 * key, the variables it offers (each with a sample value for the preview), and its default
 * subject and body in nl and en, written in Liquid. The body is plain text: paragraphs
 * separated by a blank line. The frame around it (the greeting, the button with the link,
 * the footer lines and the signature) stays the product's, so that no override can break a
 * link, the unsubscribe footer or the validity a token really has.
 *
 * The defaults say exactly what the product said before templates could be changed; a unit
 * test renders each one and the mail tests assert the same words as before.
 */

export type TTemplateText = { subject: string; body: string };
export type TTemplateChannel = "mail" | "app";

export type TTemplateKind = {
  key: string;
  /** mail only, or in the app and by mail (the notification's title is the subject). */
  channels: readonly TTemplateChannel[];
  /** Variable path → a sample value (the preview's data). */
  variables: Readonly<Record<string, string | number>>;
  defaults: Readonly<Record<TLocale, TTemplateText>>;
};

const person = { "recipient.first_name": "Jane", "tenant.name": "Vrijwilligerscentrale Demo" };
const link = { link: "https://demo.example/pagina" };
const application = {
  ...person,
  ...link,
  "vacancy.title": "Voorlezen in de bibliotheek",
  "organization.name": "Bibliotheek Noord",
  "applicant.name": "Sam de Vries",
};
const activity = {
  ...person,
  ...link,
  "activity.title": "Koffieochtend",
  "activity.when": "zaterdag 12 december 2026 om 10:00",
  "activity.where": "Buurthuis De Linde, Dorpsstraat 1, Oldebroek",
};

const when = "{{ activity.when }}";
const where = "{{ activity.where }}";

export const TEMPLATE_KINDS = [
  // --- Accounts (mail only) ----------------------------------------------------------
  {
    key: "auth.confirmation",
    channels: ["mail"],
    variables: { ...person, ...link, email: "jane@example.org", previous_email: "" },
    defaults: {
      nl: {
        subject:
          "{% if previous_email %}Bevestig je nieuwe e-mailadres voor {{ tenant.name }}{% else %}Bevestig je e-mailadres voor {{ tenant.name }}{% endif %}",
        body: "{% if previous_email %}Je hebt gevraagd je e-mailadres voor {{ tenant.name }} te wijzigen naar {{ email }}. Bevestig dat dit jouw e-mailadres is.\n\nTot je dat doet, log je in met {{ previous_email }}.{% else %}Bevestig dat {{ email }} jouw e-mailadres is voor {{ tenant.name }}.{% endif %}",
      },
      en: {
        subject:
          "{% if previous_email %}Confirm your new email address for {{ tenant.name }}{% else %}Confirm your email address for {{ tenant.name }}{% endif %}",
        body: "{% if previous_email %}You asked to change your email address for {{ tenant.name }} to {{ email }}. Please confirm that this is your address.\n\nUntil you do, you keep signing in with {{ previous_email }}.{% else %}Please confirm that {{ email }} is your email address for {{ tenant.name }}.{% endif %}",
      },
    },
  },
  {
    key: "auth.reset_password",
    channels: ["mail"],
    variables: { ...person, ...link },
    defaults: {
      nl: {
        subject: "Nieuw wachtwoord instellen voor {{ tenant.name }}",
        body: "Iemand heeft gevraagd om het wachtwoord van je account bij {{ tenant.name }} te wijzigen.",
      },
      en: {
        subject: "Reset your password for {{ tenant.name }}",
        body: "Someone asked to reset the password of your {{ tenant.name }} account.",
      },
    },
  },
  {
    key: "auth.unlock",
    channels: ["mail"],
    variables: { ...person, ...link },
    defaults: {
      nl: {
        subject: "Je account bij {{ tenant.name }} is geblokkeerd",
        body: "Je account bij {{ tenant.name }} is geblokkeerd na te veel mislukte pogingen om in te loggen.",
      },
      en: {
        subject: "Your {{ tenant.name }} account has been locked",
        body: "Your {{ tenant.name }} account has been locked after too many unsuccessful sign-in attempts.",
      },
    },
  },
  {
    key: "auth.invitation",
    channels: ["mail"],
    variables: {
      ...person,
      ...link,
      "inviter.name": "Kim Jansen",
      "role.name": "medewerker",
      "role.resource": "Bibliotheek Noord",
      valid_days: 14,
    },
    defaults: {
      nl: {
        subject: "Je bent uitgenodigd voor {{ tenant.name }}",
        body: "{% if inviter.name %}{{ inviter.name }} heeft je uitgenodigd{% else %}Je bent uitgenodigd{% endif %} voor {{ tenant.name }}{% if role.name %} als {{ role.name }} van {{ role.resource }}{% endif %}.\n\nKies een wachtwoord om je account te activeren.",
      },
      en: {
        subject: "You have been invited to {{ tenant.name }}",
        body: "{% if inviter.name %}{{ inviter.name }} has invited you{% else %}You have been invited{% endif %} to {{ tenant.name }}{% if role.name %} as {{ role.name }} of {{ role.resource }}{% endif %}.\n\nChoose a password to activate your account.",
      },
    },
  },
  {
    key: "account.deletion",
    channels: ["mail"],
    variables: { ...person, ...link },
    defaults: {
      nl: {
        subject: "Bevestig het verwijderen van je account bij {{ tenant.name }}",
        body: "Iemand heeft gevraagd om je account bij {{ tenant.name }} te verwijderen.\n\nAls je dat bevestigt, worden je naam, e-mailadres, telefoonnummer en wachtwoord voorgoed gewist en kun je niet meer inloggen. Dit kan niet ongedaan worden gemaakt.",
      },
      en: {
        subject: "Confirm the deletion of your {{ tenant.name }} account",
        body: "Someone asked to delete your {{ tenant.name }} account.\n\nOnce you confirm, your name, email address, phone number and password are erased for good and you can no longer sign in. This cannot be undone.",
      },
    },
  },
  {
    key: "account.email_change",
    channels: ["mail"],
    variables: { ...person, new_email: "jane.nieuw@example.org" },
    defaults: {
      nl: {
        subject: "Je e-mailadres voor {{ tenant.name }} wordt gewijzigd",
        body: "Je e-mailadres voor {{ tenant.name }} wordt gewijzigd naar {{ new_email }}. De wijziging gaat in zodra het nieuwe adres is bevestigd met de link die we daarheen hebben gestuurd.",
      },
      en: {
        subject: "Your email address for {{ tenant.name }} is being changed",
        body: "Your email address for {{ tenant.name }} is being changed to {{ new_email }}. The change takes effect once the new address is confirmed with the link we sent there.",
      },
    },
  },
  {
    key: "account.data_export",
    channels: ["mail"],
    variables: { ...person, ...link, hours: 48 },
    defaults: {
      nl: {
        subject: "Je gegevens bij {{ tenant.name }} staan klaar",
        body: "Je hebt gevraagd om een kopie van de gegevens die {{ tenant.name }} over je bewaart. Die staat klaar als één JSON-bestand.",
      },
      en: {
        subject: "Your data from {{ tenant.name }} is ready",
        body: "You asked for a copy of the data {{ tenant.name }} keeps about you. It is ready as one JSON file.",
      },
    },
  },
  // --- Organisations (mail only) -----------------------------------------------------
  {
    key: "organization.registered",
    channels: ["mail"],
    variables: {
      ...person,
      ...link,
      "organization.name": "Bibliotheek Noord",
      "registrant.name": "Kim Jansen",
      "registrant.email": "kim@example.org",
    },
    defaults: {
      nl: {
        subject: "Nieuwe organisatie wacht op goedkeuring: {{ organization.name }}",
        body: "{{ organization.name }} heeft zich aangemeld op {{ tenant.name }} en wacht op jouw goedkeuring.\n\nAangemeld door {{ registrant.name }} ({{ registrant.email }}).",
      },
      en: {
        subject: "New organisation awaiting approval: {{ organization.name }}",
        body: "{{ organization.name }} has signed up on {{ tenant.name }} and awaits your approval.\n\nSigned up by {{ registrant.name }} ({{ registrant.email }}).",
      },
    },
  },
  {
    key: "organization.approved",
    channels: ["mail"],
    variables: { ...person, "organization.name": "Bibliotheek Noord" },
    defaults: {
      nl: {
        subject: "{{ organization.name }} is goedgekeurd op {{ tenant.name }}",
        body: "Goed nieuws: {{ organization.name }} is goedgekeurd op {{ tenant.name }}.\n\nJe kunt nu inloggen en vacatures en activiteiten plaatsen.",
      },
      en: {
        subject: "{{ organization.name }} has been approved on {{ tenant.name }}",
        body: "Good news: {{ organization.name }} has been approved on {{ tenant.name }}.\n\nYou can now sign in and publish vacancies and activities.",
      },
    },
  },
  {
    key: "organization.denied",
    channels: ["mail"],
    variables: { ...person, "organization.name": "Bibliotheek Noord" },
    defaults: {
      nl: {
        subject: "{{ organization.name }} is niet goedgekeurd op {{ tenant.name }}",
        body: "Helaas is {{ organization.name }} niet goedgekeurd op {{ tenant.name }}.",
      },
      en: {
        subject: "{{ organization.name }} has not been approved on {{ tenant.name }}",
        body: "Unfortunately {{ organization.name }} has not been approved on {{ tenant.name }}.",
      },
    },
  },
  // --- Applications (in the app and by mail: one text for both) ---------------------
  {
    key: "application.received",
    channels: ["app", "mail"],
    variables: application,
    defaults: {
      nl: {
        subject: "Nieuwe reactie op {{ vacancy.title }}",
        body: "{{ applicant.name }} heeft gereageerd op de vacature {{ vacancy.title }}.",
      },
      en: {
        subject: "New application for {{ vacancy.title }}",
        body: "{{ applicant.name }} applied for the vacancy {{ vacancy.title }}.",
      },
    },
  },
  {
    key: "application.withdrawn",
    channels: ["app", "mail"],
    variables: application,
    defaults: {
      nl: {
        subject: "Reactie teruggetrokken: {{ vacancy.title }}",
        body: "{{ applicant.name }} heeft de reactie op de vacature {{ vacancy.title }} teruggetrokken.",
      },
      en: {
        subject: "Application withdrawn: {{ vacancy.title }}",
        body: "{{ applicant.name }} withdrew their application for the vacancy {{ vacancy.title }}.",
      },
    },
  },
  {
    key: "application.accepted",
    channels: ["app", "mail"],
    variables: application,
    defaults: {
      nl: {
        subject: "Je reactie op {{ vacancy.title }} is geaccepteerd",
        body: "{{ organization.name }} heeft je reactie op de vacature {{ vacancy.title }} geaccepteerd.",
      },
      en: {
        subject: "Your application for {{ vacancy.title }} was accepted",
        body: "{{ organization.name }} accepted your application for the vacancy {{ vacancy.title }}.",
      },
    },
  },
  {
    key: "application.declined",
    channels: ["app", "mail"],
    variables: application,
    defaults: {
      nl: {
        subject: "Je reactie op {{ vacancy.title }} is afgewezen",
        body: "{{ organization.name }} heeft je reactie op de vacature {{ vacancy.title }} afgewezen.",
      },
      en: {
        subject: "Your application for {{ vacancy.title }} was declined",
        body: "{{ organization.name }} declined your application for the vacancy {{ vacancy.title }}.",
      },
    },
  },
  {
    key: "application.closed",
    channels: ["app", "mail"],
    variables: application,
    defaults: {
      nl: {
        subject: "De vacature {{ vacancy.title }} is gesloten",
        body: "{{ organization.name }} heeft de vacature {{ vacancy.title }} gesloten. Je reactie is daarmee afgesloten.",
      },
      en: {
        subject: "The vacancy {{ vacancy.title }} has closed",
        body: "{{ organization.name }} closed the vacancy {{ vacancy.title }}, so your application has been closed too.",
      },
    },
  },
  {
    key: "application.changed",
    channels: ["app", "mail"],
    variables: application,
    defaults: {
      nl: {
        subject: "Je reactie op {{ vacancy.title }} is bijgewerkt",
        body: "De status van je reactie op de vacature {{ vacancy.title }} is veranderd.",
      },
      en: {
        subject: "Your application for {{ vacancy.title }} was updated",
        body: "The status of your application for the vacancy {{ vacancy.title }} has changed.",
      },
    },
  },
  {
    key: "application.reminder",
    channels: ["app", "mail"],
    variables: { ...application, days: 5 },
    defaults: {
      nl: {
        subject: "{{ applicant.name }} wacht op antwoord: {{ vacancy.title }}",
        body: "{{ applicant.name }} reageerde {{ days }} werkdagen geleden op de vacature {{ vacancy.title }} en heeft nog geen antwoord gekregen. Laat even weten wat je ervan vindt, ook als het een nee is.",
      },
      en: {
        subject: "{{ applicant.name }} is waiting for a reply: {{ vacancy.title }}",
        body: "{{ applicant.name }} applied for the vacancy {{ vacancy.title }} {{ days }} working days ago and has not heard back yet. Please let them know where they stand, even if it is a no.",
      },
    },
  },
  {
    key: "application.overdue",
    channels: ["app", "mail"],
    variables: { ...application, days: 10 },
    defaults: {
      nl: {
        subject: "Nog geen antwoord van {{ organization.name }}: {{ vacancy.title }}",
        body: "{{ applicant.name }} reageerde {{ days }} werkdagen geleden op de vacature {{ vacancy.title }} van {{ organization.name }} en heeft nog geen antwoord gekregen.",
      },
      en: {
        subject: "No reply from {{ organization.name }} yet: {{ vacancy.title }}",
        body: "{{ applicant.name }} applied for the vacancy {{ vacancy.title }} of {{ organization.name }} {{ days }} working days ago and has not heard back yet.",
      },
    },
  },
  // --- Messages, activities, the pool, peer help ---------------------------------------
  {
    key: "message.new",
    channels: ["app", "mail"],
    variables: {
      ...person,
      ...link,
      "author.name": "Kim Jansen",
      "conversation.title": "Voorlezen in de bibliotheek",
      "message.preview": "Hoi Jane, kun je zaterdag ook?",
    },
    defaults: {
      nl: {
        subject: "Nieuw bericht van {{ author.name }}",
        body: "{% if conversation.title %}{{ conversation.title }}: {% endif %}{{ message.preview }}",
      },
      en: {
        subject: "New message from {{ author.name }}",
        body: "{% if conversation.title %}{{ conversation.title }}: {% endif %}{{ message.preview }}",
      },
    },
  },
  {
    key: "activity.changed",
    channels: ["app", "mail"],
    variables: activity,
    defaults: {
      nl: {
        subject: "Gewijzigd: {{ activity.title }}",
        body: `De tijd of plaats van "{{ activity.title }}" is veranderd. Het is nu ${when}, ${where}. Kun je niet meer? Meld je dan af, zodat een ander je plek kan krijgen.`,
      },
      en: {
        subject: "Changed: {{ activity.title }}",
        body: `The time or place of "{{ activity.title }}" has changed. It is now ${when}, ${where}. Can't make it any more? Cancel, so someone else can have your place.`,
      },
    },
  },
  {
    key: "activity.cancelled",
    channels: ["app", "mail"],
    variables: activity,
    defaults: {
      nl: {
        subject: "Gaat niet door: {{ activity.title }}",
        body: `"{{ activity.title }}" (${when}) gaat niet door. Je aanmelding vervalt; je hoeft niets te doen.`,
      },
      en: {
        subject: "Cancelled: {{ activity.title }}",
        body: `"{{ activity.title }}" (${when}) will not take place. Your registration lapses; you need not do anything.`,
      },
    },
  },
  {
    key: "activity.reminder",
    channels: ["app", "mail"],
    variables: activity,
    defaults: {
      nl: {
        subject: "Over twee dagen: {{ activity.title }}",
        body: `Je bent aangemeld voor "{{ activity.title }}": ${when}, ${where}. Kun je toch niet? Meld je dan af, zodat iemand van de wachtlijst kan komen.`,
      },
      en: {
        subject: "In two days: {{ activity.title }}",
        body: `You are signed up for "{{ activity.title }}": ${when}, ${where}. Can't make it after all? Cancel, so someone on the waiting list can come.`,
      },
    },
  },
  {
    key: "registration.promoted",
    channels: ["app", "mail"],
    variables: activity,
    defaults: {
      nl: {
        subject: "Er is een plek vrij: {{ activity.title }}",
        body: `Je stond op de wachtlijst voor "{{ activity.title }}" (${when}). Er is een plek vrijgekomen en die is nu van jou: je bent aangemeld. Kun je toch niet? Meld je dan af, zodat de volgende op de lijst kan.`,
      },
      en: {
        subject: "A place came free: {{ activity.title }}",
        body: `You were on the waiting list for "{{ activity.title }}" (${when}). A place came free and it is yours now: you are signed up. Can't make it after all? Cancel, so the next on the list can come.`,
      },
    },
  },
  {
    key: "pool.invitation",
    channels: ["app", "mail"],
    variables: {
      ...person,
      ...link,
      "vacancy.title": "Voorlezen in de bibliotheek",
      "centre.name": "Vrijwilligerscentrale Noord",
    },
    defaults: {
      nl: {
        subject: "Uitnodiging: {{ vacancy.title }}",
        body: "{{ centre.name }} vraagt of je iets voelt voor de vacature {{ vacancy.title }}. Je kunt de uitnodiging accepteren of afslaan.",
      },
      en: {
        subject: "Invitation: {{ vacancy.title }}",
        body: "{{ centre.name }} asks whether you would like to do the vacancy {{ vacancy.title }}. You can accept or decline the invitation.",
      },
    },
  },
  {
    key: "help_post.hidden",
    channels: ["app", "mail"],
    variables: {
      ...person,
      ...link,
      "post.title": "Wie helpt met de tuin?",
      reason: "Dit bericht gaat over betaald werk.",
    },
    defaults: {
      nl: {
        subject: 'Je bericht "{{ post.title }}" is verborgen',
        body: 'De vrijwilligerscentrale heeft je bericht "{{ post.title }}" verborgen. De reden: {{ reason }}',
      },
      en: {
        subject: 'Your post "{{ post.title }}" was hidden',
        body: 'The volunteer centre hid your post "{{ post.title }}". The reason: {{ reason }}',
      },
    },
  },
  {
    key: "periodic_mail",
    channels: ["mail"],
    variables: { ...person, count: 3, frequency: "weekly" },
    defaults: {
      nl: {
        subject:
          '{% if count == 1 %}Een nieuwe vacature die bij je past{% else %}{{ count }} nieuwe vacatures die bij je passen{% endif %}{% if frequency == "weekly" %} deze week{% else %} deze maand{% endif %}',
        body: 'Dit zijn de nieuwe vacatures van {% if frequency == "weekly" %}de afgelopen week{% else %}de afgelopen maand{% endif %} die passen bij je interesses, je afstand en je tijden:',
      },
      en: {
        subject:
          '{% if count == 1 %}A new vacancy that fits you{% else %}{{ count }} new vacancies that fit you{% endif %}{% if frequency == "weekly" %} this week{% else %} this month{% endif %}',
        body: 'These are the new vacancies of {% if frequency == "weekly" %}the past week{% else %}the past month{% endif %} that fit your interests, distance and times:',
      },
    },
  },
] as const satisfies readonly TTemplateKind[];

export type TTemplateKey = (typeof TEMPLATE_KINDS)[number]["key"];
export const TEMPLATE_KEYS = TEMPLATE_KINDS.map((k) => k.key) as unknown as readonly [
  TTemplateKey,
  ...TTemplateKey[],
];

const BY_KEY = new Map<string, TTemplateKind>(TEMPLATE_KINDS.map((k) => [k.key, k]));

export function templateKind(key: string): TTemplateKind | undefined {
  return BY_KEY.get(key);
}
