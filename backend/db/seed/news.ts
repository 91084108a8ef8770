import type { AppDb } from "../client";
import { newsArticles, type TContentLocale, type TContentStatus } from "../schema";
import { SEED_PLACES, type TSeedCentre, type TSeedPlace } from "./content-places";

/**
 * Six news articles per tenant (docs/content-pages.md), dated back from the seed's `now`,
 * spread over its centres; the newest is a draft, so the public never sees it. Tenants
 * that switch language (public, meedoen) get one English article too.
 */

type TArticle = {
  slug: string;
  locale: TContentLocale;
  title: string;
  summary: string;
  body: string;
  image: string | null;
  daysAgo: number;
  status: TContentStatus;
};

const ENGLISH = new Set(["public", "meedoen"]);

function articles(p: TSeedPlace, c: (index: number) => TSeedCentre): TArticle[] {
  return [
    {
      slug: "nieuwe-vrijwilligers-gezocht-voor-het-najaar",
      locale: "nl",
      title: "Nieuwe vrijwilligers gezocht voor het najaar",
      summary: `Sportclubs, buurthuizen en de voedselbank in ${c(0).town} zoeken handen voor de drukke maanden.`,
      body: `<p>Het najaar is voor veel organisaties in ${c(0).town} de drukste tijd van het jaar. De voedselbank krijgt meer aanvragen, sportclubs starten hun competitie en buurthuizen organiseren hun wintermaaltijden.</p><p>Heb je een paar uur per week over? Bekijk de <a href="/vacancies/search">vacatures</a> of loop binnen bij ${c(0).name}.</p>`,
      image: "/images/news/handen.svg",
      daysAgo: 3,
      status: "published",
    },
    {
      slug: "vrijwilligersavond-een-groot-succes",
      locale: "nl",
      title: "Vrijwilligersavond een groot succes",
      summary: `Ruim honderd vrijwilligers uit ${p.region} kwamen samen voor een avond vol muziek en waardering.`,
      body: `<p>Op de jaarlijkse vrijwilligersavond zetten we iedereen in het zonnetje die zich het afgelopen jaar heeft ingezet. De wethouder reikte de vrijwilligersprijs uit aan de bezorgers van de tafeltjes-dekje-maaltijden.</p><blockquote><p>"Zonder vrijwilligers staat deze gemeente stil."</p></blockquote>`,
      image: "/images/news/feest.svg",
      daysAgo: 12,
      status: "published",
    },
    {
      slug: "gratis-training-omgaan-met-dementie",
      locale: "nl",
      title: "Gratis training: omgaan met dementie",
      summary:
        "Vrijwilligers die met ouderen werken, kunnen zich aanmelden voor een training van twee avonden.",
      body: `<p>Steeds meer vrijwilligers komen in hun werk mensen met dementie tegen. In deze training leer je hoe je het gesprek aangaat en wat je kunt doen als iemand onrustig wordt.</p><ul><li><p>Twee dinsdagavonden, 19.30 tot 21.30 uur</p></li><li><p>Bij ${c(1).name}</p></li><li><p>Gratis voor vrijwilligers</p></li></ul>`,
      image: "/images/news/training.svg",
      daysAgo: 21,
      status: "published",
    },
    {
      slug: "vrijwilligersverzekering-wat-is-er-geregeld",
      locale: "nl",
      title: "Vrijwilligersverzekering: wat is er geregeld?",
      summary: `Iedere vrijwilliger in ${p.region} is via de gemeente verzekerd. We zetten op een rij wat dat betekent.`,
      body: `<p>Tijdens je vrijwilligerswerk ben je verzekerd via de vrijwilligersverzekering van de gemeente ${c(0).municipality}. Die dekt aansprakelijkheid en ongevallen, ook als je organisatie zelf geen verzekering heeft.</p><p>Twijfel je of je verzekerd bent? Bel ons op ${p.phone}.</p>`,
      image: null,
      daysAgo: 40,
      status: "published",
    },
    {
      slug: "nl-doet-meld-je-klus-aan",
      locale: "nl",
      title: "NLdoet: meld nu je klus aan",
      summary:
        "Organisaties kunnen hun klus voor NLdoet aanmelden. Wij helpen met het vinden van vrijwilligers.",
      body: `<p>Tijdens NLdoet, de grootste vrijwilligersactie van Nederland, steken duizenden mensen een dag de handen uit de mouwen. Heeft jouw organisatie een klus? Meld hem aan en wij zorgen dat hij op deze site komt te staan.</p>`,
      image: "/images/news/klus.svg",
      daysAgo: 65,
      status: "published",
    },
    {
      slug: "terugblik-op-het-jaar",
      locale: "nl",
      title: "Terugblik op het jaar (concept)",
      summary: "Nog niet gepubliceerd.",
      body: "<p>Dit bericht is nog in bewerking.</p>",
      image: null,
      daysAgo: 0,
      status: "draft",
    },
  ];
}

const englishArticle = (p: TSeedPlace): TArticle => ({
  slug: "volunteering-in-english",
  locale: "en",
  title: "Volunteering without speaking Dutch",
  summary: `Many organisations in ${p.regionEn} welcome volunteers who are still learning Dutch.`,
  body: "<p>Not fluent in Dutch yet? Plenty of vacancies welcome English speakers: from sorting clothes at the charity shop to helping at sports clubs. Volunteering is also a great way to practise the language.</p>",
  image: "/images/news/handen.svg",
  daysAgo: 7,
  status: "published",
});

/** Inserts the tenant's missing articles (natural key: tenant and slug); returns how many. */
export async function seedNews(
  db: AppDb,
  tenantId: number,
  slug: string,
  centreIds: ReadonlyMap<string, number>,
  now: Date,
): Promise<number> {
  const place = SEED_PLACES[slug];
  if (!place) return 0;
  const centres = place.centres.filter((c) => centreIds.has(c.slug));
  if (centres.length === 0) return 0;
  const centre = (index: number) => centres[index % centres.length];
  const list = articles(place, centre);
  if (ENGLISH.has(slug)) list.push(englishArticle(place));
  const inserted = await db
    .insert(newsArticles)
    .values(
      list.map((a, index) => ({
        tenantId,
        volunteerCenterId: centreIds.get(centre(index).slug) as number,
        slug: a.slug,
        locale: a.locale,
        title: a.title,
        summary: a.summary,
        body: a.body,
        imageUrl: a.image,
        status: a.status,
        publishedAt:
          a.status === "published" ? new Date(now.getTime() - a.daysAgo * 86_400_000) : null,
      })),
    )
    .onConflictDoNothing({ target: [newsArticles.tenantId, newsArticles.slug] })
    .returning({ id: newsArticles.id });
  return inserted.length;
}
