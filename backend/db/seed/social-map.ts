import { and, eq } from "drizzle-orm";
import {
  addresses,
  organizationProfiles,
  organizations,
  organizationTags,
  type TOrganizationType,
} from "../schema";
import type { TPublicSeedContext } from "./public-content";
import type { TSeedTagSlug } from "./tags";

/**
 * The social map's demo organisations (docs/social-map.md): twenty approved organisations
 * per tenant in and around its towns, with an address and coordinates, a profile (summary,
 * description HTML, contact) and tags, so the map has clusters worth opening. One of each
 * tenant's (the women's shelter, whose address is kept off the map) has opted out of the
 * map. Idempotent like seed.ts: organisations by (tenant, slug), profiles by organisation,
 * one address per organisation, tags by their primary key.
 */

type TTown = {
  name: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  /** Slug of the centre its organisations belong to; omitted = the tenant's default. */
  center?: string;
};

const TOWNS: Record<string, TTown[]> = {
  oldebroek: [
    { name: "Oldebroek", postalCode: "8096", latitude: 52.4449, longitude: 5.9006 },
    { name: "Wezep", postalCode: "8091", latitude: 52.4628, longitude: 6.0021 },
    { name: "Hattemerbroek", postalCode: "8094", latitude: 52.4735, longitude: 6.016 },
    { name: "'t Harde", postalCode: "8084", latitude: 52.4095, longitude: 5.8937 },
  ],
  roermond: [
    { name: "Roermond", postalCode: "6041", latitude: 51.194, longitude: 5.9873 },
    { name: "Herten", postalCode: "6049", latitude: 51.18, longitude: 5.962 },
    { name: "Swalmen", postalCode: "6071", latitude: 51.23, longitude: 6.035 },
    { name: "Maasniel", postalCode: "6043", latitude: 51.199, longitude: 6.012 },
  ],
  meedoen: [
    { name: "Zeist", postalCode: "3701", latitude: 52.0882, longitude: 5.2329 },
    { name: "Driebergen", postalCode: "3972", latitude: 52.052, longitude: 5.281 },
    { name: "Austerlitz", postalCode: "3711", latitude: 52.081, longitude: 5.312 },
    { name: "Den Dolder", postalCode: "3734", latitude: 52.14, longitude: 5.242 },
  ],
  demo: [
    { name: "Amersfoort", postalCode: "3811", latitude: 52.1567, longitude: 5.3868 },
    {
      name: "Budel",
      postalCode: "6021",
      latitude: 51.2741,
      longitude: 5.5747,
      center: "vrijwilligerspunt-cranendonck",
    },
    { name: "Leusden", postalCode: "3831", latitude: 52.133, longitude: 5.431 },
    {
      name: "Maarheeze",
      postalCode: "6026",
      latitude: 51.312,
      longitude: 5.616,
      center: "vrijwilligerspunt-cranendonck",
    },
  ],
  public: [
    { name: "Utrecht", postalCode: "3511", latitude: 52.0907, longitude: 5.1214 },
    { name: "Overvecht", postalCode: "3562", latitude: 52.115, longitude: 5.11 },
    { name: "Leidsche Rijn", postalCode: "3541", latitude: 52.099, longitude: 5.04 },
    { name: "Lunetten", postalCode: "3524", latitude: 52.0705, longitude: 5.1395 },
  ],
  cordaad: [
    { name: "Kampen", postalCode: "8261", latitude: 52.5556, longitude: 5.914 },
    {
      name: "IJsselmuiden",
      postalCode: "8271",
      latitude: 52.564,
      longitude: 5.929,
      center: "vrijwilligerspunt-ijsselmuiden",
    },
    { name: "Wilsum", postalCode: "8269", latitude: 52.53, longitude: 5.98 },
    {
      name: "Grafhorst",
      postalCode: "8277",
      latitude: 52.58,
      longitude: 5.935,
      center: "vrijwilligerspunt-ijsselmuiden",
    },
  ],
};

type TKind = {
  name: (town: string) => string;
  type?: TOrganizationType;
  tags: TSeedTagSlug[];
  street: string;
  summary: string;
  /** The second paragraph of the description: what volunteers do there. */
  work: string;
  hidden?: boolean;
  /** English text, for the tenants that switch language (public, meedoen). */
  english?: { name: (town: string) => string; summary: string; work: string };
};

const KINDS: TKind[] = [
  {
    name: (t) => `Voetbalvereniging ${t}`,
    tags: ["sport", "jongeren"],
    street: "Sportparklaan",
    summary: "Voetbal voor jong en oud, van de F-jes tot de veteranen.",
    work: "Vrijwilligers trainen de jeugd, staan achter de bar en fluiten wedstrijden.",
  },
  {
    name: (t) => `Tennisclub ${t}`,
    tags: ["sport"],
    street: "Parklaan",
    summary: "Tennis en padel op zes gravelbanen, met een gezellig clubhuis.",
    work: "Help bij toernooien, het baanonderhoud of de kantine.",
  },
  {
    name: (t) => `Bibliotheek ${t}`,
    tags: ["cultuur", "onderwijs"],
    street: "Kerkplein",
    summary: "Boeken lenen, voorlezen, digitaal spreekuur en huiswerkbegeleiding.",
    work: "Vrijwilligers lezen voor, helpen bij het Digicafé en begeleiden taalmaatjes.",
  },
  {
    name: (t) => `Voedselbank ${t}`,
    tags: ["zorg-en-welzijn", "vervoer"],
    street: "Industrieweg",
    summary: "Voedselpakketten voor huishoudens die het tijdelijk niet redden.",
    work: "Sorteer producten, rijd een ophaalroute of help op de uitgiftedag.",
    english: {
      name: (t) => `Food Bank ${t}`,
      summary: "Food parcels for households that temporarily cannot make ends meet.",
      work: "Sort donations, drive a collection round or help on distribution day.",
    },
  },
  {
    name: (t) => `Protestantse Gemeente ${t}`,
    tags: ["zorg-en-welzijn", "ouderen"],
    street: "Kerkstraat",
    summary: "Kerkgemeente met een open huis, bezoekwerk en een maaltijd voor iedereen.",
    work: "Bezoek ouderen, kook mee voor de buurtmaaltijd of help met de koffie.",
  },
  {
    name: (t) => `Scouting ${t}`,
    tags: ["jongeren", "natuur-en-milieu"],
    street: "Bosweg",
    summary: "Spel, avontuur en kampvuur voor kinderen van 5 tot 18 jaar.",
    work: "Word leiding bij de bevers, welpen of scouts, of help bij het zomerkamp.",
  },
  {
    name: (t) => `Woonzorgcentrum De Linde ${t}`,
    tags: ["ouderen", "zorg-en-welzijn"],
    street: "Lindelaan",
    summary: "Wonen met zorg voor ouderen, met activiteiten in de huiskamer.",
    work: "Wandel met bewoners, help bij de spelletjesmiddag of schenk koffie.",
  },
  {
    name: (t) => `Oudheidkundig Museum ${t}`,
    tags: ["cultuur", "evenementen"],
    street: "Museumstraat",
    summary: "De geschiedenis van de streek in een oude boerderij.",
    work: "Word gastvrouw of gastheer, gids rondleidingen of help in het archief.",
  },
  {
    name: (t) => `Repair Café Samen Maken ${t}`,
    tags: ["klussen", "natuur-en-milieu"],
    street: "Ambachtsweg",
    summary: "Samen repareren in plaats van weggooien, elke eerste zaterdag.",
    work: "Repareer fietsen, kleding of apparaten, of ontvang de bezoekers.",
  },
  {
    name: (t) => `Taalcafé ${t}`,
    tags: ["taal-en-integratie"],
    street: "Stationsstraat",
    summary: "Nederlands oefenen in een ontspannen sfeer, met koffie.",
    work: "Voer gesprekken met nieuwkomers en help ze hun weg te vinden.",
    english: {
      name: (t) => `Language Café ${t}`,
      summary: "Practise Dutch in a relaxed setting, over coffee.",
      work: "Talk with newcomers and help them find their way.",
    },
  },
  {
    name: (t) => `IVN Natuurgroep ${t}`,
    tags: ["natuur-en-milieu"],
    street: "Heideweg",
    summary: "Natuurwerkdagen, excursies en natuureducatie op scholen.",
    work: "Help bij natuurbeheer, geef een excursie of tel vogels.",
  },
  {
    name: (t) => `Muziekvereniging Excelsior ${t}`,
    tags: ["cultuur", "evenementen"],
    street: "Julianastraat",
    summary: "Harmonie, slagwerkgroep en opleidingsorkest sinds 1921.",
    work: "Help bij concerten, het jaarlijkse festival of de ledenadministratie.",
  },
  {
    name: (t) => `Dorpshuis ${t}`,
    tags: ["evenementen", "klussen"],
    street: "Dorpsstraat",
    summary: "Het huis van het dorp: zalen, activiteiten en een biljart.",
    work: "Draai een bardienst, help bij klussen of organiseer een activiteit.",
  },
  {
    name: (t) => `Vrijwillige Thuishulp ${t}`,
    tags: ["zorg-en-welzijn", "ouderen", "vervoer"],
    street: "Zorgstraat",
    summary: "Hulp bij boodschappen, vervoer naar de dokter en een luisterend oor.",
    work: "Rijd iemand naar het ziekenhuis, doe boodschappen of kom op visite.",
  },
  {
    name: (t) => `Jongerencentrum ${t}`,
    tags: ["jongeren", "evenementen"],
    street: "Jeugdlaan",
    summary: "Een plek voor jongeren van 12 tot 23 jaar, met inloop en workshops.",
    work: "Begeleid de inloopavond of geef een workshop muziek of sport.",
  },
  {
    name: (t) => `Kinderboerderij ${t}`,
    tags: ["natuur-en-milieu", "jongeren"],
    street: "Weideweg",
    summary: "Geiten, kippen en een moestuin, vrij toegankelijk voor iedereen.",
    work: "Verzorg de dieren, werk in de moestuin of help bij de lammetjesdag.",
  },
  {
    name: (t) => `VluchtelingenWerk ${t}`,
    tags: ["taal-en-integratie", "administratie"],
    street: "Marktstraat",
    summary: "Begeleiding van statushouders bij wonen, werk en taal.",
    work: "Word maatje, help met post en formulieren of geef taalles.",
  },
  {
    name: (t) => `Oranjevereniging ${t}`,
    tags: ["evenementen"],
    street: "Koningsplein",
    summary: "Koningsdag, de dorpsfeesten en de lampionnenoptocht.",
    work: "Bouw mee aan de feesttent, regel verkeer of help bij de kinderspelen.",
  },
  {
    name: (t) => `Formulierenhulp ${t}`,
    tags: ["administratie"],
    street: "Raadhuisstraat",
    summary: "Gratis hulp bij formulieren, toeslagen en brieven van instanties.",
    work: "Help inwoners wekelijks op het spreekuur met hun administratie.",
  },
  {
    name: (t) => `Vrouwenopvang ${t}`,
    tags: ["zorg-en-welzijn"],
    street: "Postbus",
    summary: "Opvang en begeleiding voor vrouwen en kinderen; het adres is geheim.",
    work: "Vrijwilligers helpen bij activiteiten voor kinderen en bij de administratie.",
    hidden: true,
  },
];

const CONTACTS = [
  "Anneke de Vries",
  "Jan Bosch",
  "Fatima el Amrani",
  "Kees Mulder",
  "Ingrid Jansen",
  "Mohamed Yilmaz",
  "Sanne Visser",
  "Bram Smit",
  "Els Kok",
  "Ruud van Dijk",
];

const ENGLISH_TENANTS = new Set(["public", "meedoen"]);

const slugify = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export type TSocialMapSeedOrganization = {
  slug: string;
  name: string;
  type: TOrganizationType;
  tags: TSeedTagSlug[];
  center?: string;
  town: TTown;
  street: string;
  houseNumber: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  summary: string;
  description: string;
  contactName: string;
  phone: string;
  hidden: boolean;
};

/** The twenty organisations of a tenant, spread over its towns, a little apart. */
export function socialMapOrganizations(tenantSlug: string): TSocialMapSeedOrganization[] {
  const towns = TOWNS[tenantSlug] ?? [];
  if (towns.length === 0) return [];
  const english = ENGLISH_TENANTS.has(tenantSlug);
  return KINDS.map((kind, i) => {
    const town = towns[i % towns.length];
    const text = english && kind.english ? kind.english : kind;
    const name = text.name(town.name);
    const houseNumber = String(3 + ((i * 7) % 90));
    return {
      slug: slugify(name),
      name,
      type: kind.type ?? "Organization",
      tags: kind.tags,
      center: town.center,
      town,
      street: kind.street,
      houseNumber,
      postalCode: `${town.postalCode} ${String.fromCharCode(65 + (i % 20))}${String.fromCharCode(66 + ((i * 3) % 20))}`,
      // Deterministic spread around the town's centre (at most ~600 m), so markers cluster.
      latitude: Number((town.latitude + (((i * 37) % 11) - 5) * 0.0011).toFixed(5)),
      longitude: Number((town.longitude + (((i * 53) % 13) - 6) * 0.0014).toFixed(5)),
      summary: text.summary,
      // The summary is the page's subtitle already: the description says what volunteers do.
      description: `<p>${escapeHtml(text.work)}</p>`,
      contactName: CONTACTS[i % CONTACTS.length],
      phone: `085-${String(2000000 + i * 7919).slice(0, 7)}`,
      hidden: kind.hidden === true,
    };
  });
}

/** Inserts what is missing of the tenant's map organisations; returns how many were new. */
export async function seedSocialMap(context: TPublicSeedContext): Promise<number> {
  const { db, tenantId, slug } = context;
  let inserted = 0;
  for (const org of socialMapOrganizations(slug)) {
    const centerId = (org.center && context.orgIds.get(org.center)) || context.defaultCenterId;
    const [row] = await db
      .insert(organizations)
      .values({
        tenantId,
        type: org.type,
        name: org.name,
        slug: org.slug,
        status: "approved",
        volunteerCenterId: centerId,
        email: `info@${org.slug}.volunteerly.test`,
        phone: org.phone,
        website: `https://${org.slug}.example.nl`,
      })
      .onConflictDoNothing({ target: [organizations.tenantId, organizations.slug] })
      .returning({ id: organizations.id });
    if (row) inserted++;
    const id =
      row?.id ??
      (
        await db
          .select({ id: organizations.id })
          .from(organizations)
          .where(and(eq(organizations.tenantId, tenantId), eq(organizations.slug, org.slug)))
      )[0].id;
    await db
      .insert(organizationProfiles)
      .values({
        tenantId,
        organizationId: id,
        summary: org.summary,
        description: org.description,
        socialMapVisible: !org.hidden,
        contactName: org.contactName,
        contactEmail: `contact@${org.slug}.volunteerly.test`,
      })
      .onConflictDoNothing({ target: organizationProfiles.organizationId });
    const [address] = await db
      .select({ id: addresses.id })
      .from(addresses)
      .where(
        and(
          eq(addresses.tenantId, tenantId),
          eq(addresses.addressableType, "Organization"),
          eq(addresses.addressableId, id),
        ),
      );
    if (!address) {
      await db.insert(addresses).values({
        tenantId,
        addressableType: "Organization",
        addressableId: id,
        street: org.street,
        houseNumber: org.houseNumber,
        postalCode: org.postalCode,
        city: org.town.name,
        latitude: org.latitude,
        longitude: org.longitude,
      });
    }
    const tagRows = org.tags.flatMap((tag) => {
      const tagId = context.tagIds.get(tag);
      return tagId ? [{ tenantId, organizationId: id, tagId }] : [];
    });
    if (tagRows.length > 0) await db.insert(organizationTags).values(tagRows).onConflictDoNothing();
  }
  return inserted;
}
