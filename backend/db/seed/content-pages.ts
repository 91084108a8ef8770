import type { AppDb } from "../client";
import { contentPages, type TContentLocale } from "../schema";
import { SEED_PLACES, type TSeedPlace } from "./content-places";

/**
 * The content pages of each tenant (docs/content-pages.md): home, over-ons, privacy and
 * contact in Dutch (and English where the tenant switches language: public, meedoen), the
 * one-on-one / neighbour help page where the tenant has peer help (spec §1: public,
 * oldebroek; oldebroek words it as burenhulp), and the Gelderse Handen landing page on
 * oldebroek, the one tenant in Gelderland.
 */

type TPage = { slug: string; locale: TContentLocale; title: string; summary: string; body: string };

const ENGLISH = new Set(["public", "meedoen"]);
const PEER_HELP: Record<string, "neighbour" | "one-on-one"> = {
  oldebroek: "neighbour",
  public: "one-on-one",
};
/** Oldebroek lies in Gelderland: the provincial Gelderse Handen campaign lands there. */
export const GELDERSE_HANDEN_TENANT = "oldebroek";

function dutchPages(p: TSeedPlace): TPage[] {
  const centres = p.centres.map((c) => c.name).join(" en ");
  const several = p.centres.length > 1;
  return [
    {
      slug: "home",
      locale: "nl",
      title: `Welkom bij ${p.site}`,
      summary: `Vind vrijwilligerswerk dat bij je past in ${p.region}, of vind vrijwilligers voor je organisatie.`,
      body: `<p>Wil je iets betekenen voor een ander? Bij ${p.site} vind je vrijwilligerswerk in ${p.region}: van een paar uur per maand tot een vaste dag per week. Zoek een vacature op wat je leuk vindt, waar je woont en hoeveel tijd je hebt.</p><p>Organisaties die vrijwilligers zoeken, plaatsen hier gratis hun vacatures. ${centres} ${several ? "helpen" : "helpt"} graag bij het schrijven van een goede vacature.</p>`,
    },
    {
      slug: "over-ons",
      locale: "nl",
      title: "Over ons",
      summary: `${p.site} brengt vrijwilligers en organisaties in ${p.region} bij elkaar.`,
      body: `<h2>Wat we doen</h2><p>${centres} ${several ? "zijn de steunpunten" : "is het steunpunt"} voor vrijwilligerswerk in ${p.region}. We brengen mensen die iets willen doen in contact met verenigingen, stichtingen, scholen en zorginstellingen die hulp zoeken.</p><h2>Waar je ons vindt</h2><p>Je bent welkom op ${p.address}. Bel gerust: <a href="tel:${p.phone.replace(/-/g, "")}">${p.phone}</a>.</p><ul><li><p>Persoonlijk advies over vrijwilligerswerk</p></li><li><p>Ondersteuning en trainingen voor organisaties</p></li><li><p>De vrijwilligersverzekering van de gemeente</p></li></ul>`,
    },
    {
      slug: "privacy",
      locale: "nl",
      title: "Privacyverklaring",
      summary: `Hoe ${p.site} met je persoonsgegevens omgaat.`,
      body: `<p>${p.site} gaat zorgvuldig om met je gegevens. We bewaren alleen wat nodig is om je in contact te brengen met organisaties, en we delen niets met anderen zonder jouw toestemming.</p><h2>Welke gegevens</h2><p>Je naam, e-mailadres en, als je die invult, je telefoonnummer en interesses. Je kunt je account op elk moment zelf verwijderen.</p><h2>Vragen</h2><p>Heb je een vraag over je gegevens? Neem contact met ons op via <a href="tel:${p.phone.replace(/-/g, "")}">${p.phone}</a>.</p>`,
    },
    {
      slug: "contact",
      locale: "nl",
      title: "Contact",
      summary: `Bel, mail of kom langs bij ${p.site}.`,
      body: `<p>Je kunt ons bereiken op werkdagen van 9.00 tot 16.00 uur.</p><ul><li><p>Telefoon: <a href="tel:${p.phone.replace(/-/g, "")}">${p.phone}</a></p></li><li><p>Adres: ${p.address}</p></li></ul><p>Liever eerst rondkijken? Bekijk dan de <a href="/vacancies/search">vacatures</a>.</p>`,
    },
  ];
}

function englishPages(p: TSeedPlace): TPage[] {
  return [
    {
      slug: "home",
      locale: "en",
      title: `Welcome to ${p.site}`,
      summary: `Find volunteer work that suits you in ${p.regionEn}, or find volunteers for your organisation.`,
      body: `<p>Would you like to make a difference? ${p.site} lists volunteer work in ${p.regionEn}, from a few hours a month to a day a week. Search by what you enjoy, where you live and how much time you have.</p><p>Organisations looking for volunteers post their vacancies here for free.</p>`,
    },
    {
      slug: "over-ons",
      locale: "en",
      title: "About us",
      summary: `${p.site} brings volunteers and organisations in ${p.regionEn} together.`,
      body: `<h2>What we do</h2><p>We connect people who want to help with associations, foundations, schools and care organisations. Many vacancies welcome volunteers who are still learning Dutch.</p><h2>Where to find us</h2><p>You are welcome at ${p.address}, or call <a href="tel:${p.phone.replace(/-/g, "")}">${p.phone}</a>.</p>`,
    },
    {
      slug: "privacy",
      locale: "en",
      title: "Privacy statement",
      summary: `How ${p.site} handles your personal data.`,
      body: `<p>We keep only what we need to put you in touch with organisations, and we never share it without your consent. You can delete your account yourself at any time.</p>`,
    },
    {
      slug: "contact",
      locale: "en",
      title: "Contact",
      summary: `Call or visit ${p.site}.`,
      body: `<p>We are available on weekdays from 9:00 to 16:00.</p><ul><li><p>Phone: <a href="tel:${p.phone.replace(/-/g, "")}">${p.phone}</a></p></li><li><p>Address: ${p.address}</p></li></ul>`,
    },
  ];
}

function peerHelpPages(
  p: TSeedPlace,
  wording: "neighbour" | "one-on-one",
  english: boolean,
): TPage[] {
  if (wording === "neighbour") {
    return [
      {
        slug: "een-op-een-hulp",
        locale: "nl",
        title: "Burenhulp",
        summary: `Even een boodschap, een klusje of een kopje koffie: buren helpen buren in ${p.region}.`,
        body: `<p>Soms heb je net even een helpende hand nodig: iemand die mee gaat naar de huisarts, de tuin bijhoudt of een lamp ophangt. Met burenhulp vragen inwoners van ${p.region} een buurtgenoot om hulp, en bieden anderen die hulp aan.</p><h2>Zo werkt het</h2><ol><li><p>Je belt of mailt ons met je vraag.</p></li><li><p>We zoeken een buurtgenoot die in de buurt woont en tijd heeft.</p></li><li><p>Jullie maken samen een afspraak.</p></li></ol><p>Burenhulp is gratis en voor iedereen in de gemeente.</p>`,
      },
    ];
  }
  const pages: TPage[] = [
    {
      slug: "een-op-een-hulp",
      locale: "nl",
      title: "Een-op-een hulp",
      summary:
        "Een vaste vrijwilliger die een inwoner persoonlijk helpt: als maatje, taalcoach of thuisadministrateur.",
      body: `<p>Bij een-op-een hulp koppelen we één vrijwilliger aan één inwoner die wel wat steun kan gebruiken. Denk aan een taalmaatje voor een nieuwkomer, een maatje voor iemand die eenzaam is of hulp bij de thuisadministratie.</p><h2>Zo werkt het</h2><ol><li><p>Je vertelt ons waar je hulp bij zoekt, of waar je mee wilt helpen.</p></li><li><p>Een coördinator zoekt een goede match en stelt jullie aan elkaar voor.</p></li><li><p>Jullie spreken samen af hoe vaak jullie elkaar zien.</p></li></ol>`,
    },
  ];
  if (english) {
    pages.push({
      slug: "een-op-een-hulp",
      locale: "en",
      title: "One-on-one help",
      summary:
        "A volunteer who helps one resident personally: as a buddy, a language coach or with paperwork.",
      body: `<p>In one-on-one help we match one volunteer with one resident who could use some support: a language buddy for a newcomer, a companion for someone who is lonely, or help with household paperwork.</p><h2>How it works</h2><ol><li><p>Tell us what you need help with, or how you would like to help.</p></li><li><p>A coordinator finds a good match and introduces you.</p></li><li><p>You agree together how often you meet.</p></li></ol>`,
    });
  }
  return pages;
}

const GELDERSE_HANDEN: TPage = {
  slug: "gelderse-handen",
  locale: "nl",
  title: "Gelderse Handen",
  summary:
    "Gelderse Handen: samen maken we Gelderland sterker. Vind vrijwilligerswerk bij jou in de buurt.",
  body: `<p>Gelderland draait op vrijwilligers. In dorpen en steden in de hele provincie zetten inwoners zich in voor hun buren, hun vereniging en hun omgeving. Met Gelderse Handen zetten we die inzet in het zonnetje en helpen we nieuwe vrijwilligers op weg.</p><h2>Doe mee</h2><p>Of je nu een middag per maand hebt of een vaste dag per week: er is altijd een plek waar jouw handen het verschil maken. Van de voedselbank tot de voetbalclub en van het buurthuis tot de natuur.</p>`,
};

export function seedPagesFor(slug: string): TPage[] {
  const place = SEED_PLACES[slug];
  if (!place) return [];
  const english = ENGLISH.has(slug);
  const pages = [...dutchPages(place), ...(english ? englishPages(place) : [])];
  const wording = PEER_HELP[slug];
  if (wording) pages.push(...peerHelpPages(place, wording, english));
  if (slug === GELDERSE_HANDEN_TENANT) pages.push(GELDERSE_HANDEN);
  return pages;
}

/** Inserts the tenant's missing pages (natural key: tenant, slug, locale); returns how many. */
export async function seedContentPages(
  db: AppDb,
  tenantId: number,
  slug: string,
  now: Date,
): Promise<number> {
  const pages = seedPagesFor(slug);
  if (pages.length === 0) return 0;
  const published = new Date(now.getTime() - 60 * 86_400_000);
  const inserted = await db
    .insert(contentPages)
    .values(
      pages.map((page) => ({
        tenantId,
        ...page,
        status: "published" as const,
        publishedAt: published,
      })),
    )
    .onConflictDoNothing({
      target: [contentPages.tenantId, contentPages.slug, contentPages.locale],
    })
    .returning({ id: contentPages.id });
  return inserted.length;
}
