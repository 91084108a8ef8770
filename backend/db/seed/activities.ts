import { TZDate } from "@date-fns/tz";
import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import { activities, activityRegistrations, desks, type TActivityStatus, users } from "../schema";
import { SEED_DESKS } from "./desks";
import type { TPublicSeedContext } from "./public-content";
import { SEED_TENANTS } from "./tenants";
import { seedEmail } from "./users";

/**
 * Demo activities (docs/activities.md) for every tenant that has activities (spec §1: not
 * meedoen), from two weeks before the seed's `now` to three months after it, so the
 * calendar is never empty: workshops, information evenings, a Vrijwilligersmarkt,
 * trainings, coffee mornings, some all day, some online, one cancelled, a few drafts,
 * several at the tenant's desk. Times are wall-clock times in Amsterdam. Three are
 * workshops (docs/workshops.md), one of them past, which the seeded volunteer attended, so
 * a certificate exists. Also the desks' welcome texts. Idempotent: an activity is found by
 * tenant and title, a welcome text is only written where there is none.
 */

const TIME_ZONE = "Europe/Amsterdam";

type TVenue = {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  latitude: number;
  longitude: number;
};

type TSeedActivity = {
  title: string;
  summary: string;
  description: string;
  /** Days from the seed's `now` (Amsterdam date) and the local start time "HH:MM". */
  day: number;
  start?: string;
  /** Minutes; or `days` for an all-day activity of that many days. */
  minutes?: number;
  days?: number;
  online?: boolean;
  venue?: number;
  atDesk?: boolean;
  organiser?: boolean;
  status?: TActivityStatus;
  registration?: boolean;
  capacity?: number;
  /** A training for volunteers (docs/workshops.md); otherwise an ordinary activity. */
  workshop?: boolean;
  /** Always the tenant's own centre, whatever its place in the list. */
  ownCentre?: boolean;
};

const VENUES: Record<string, TVenue[]> = {
  oldebroek: [
    v("Dorpshuis De Brink", "Zuiderzeestraatweg", "8096 CA", "Oldebroek", 52.4447, 5.9012),
    v("Bibliotheek Wezep", "Stationsweg 2", "8091 AG", "Wezep", 52.4633, 6.0015),
    v("Kulturhus Hattemerbroek", "Oude Kerkweg 1", "8094 PG", "Hattemerbroek", 52.4771, 6.0167),
  ],
  roermond: [
    v("ECI Cultuurfabriek", "Sint Wolfgangstraat 2", "6041 KW", "Roermond", 51.1923, 5.9876),
    v("Buurthuis De Donderberg", "Aldenhofstraat 1", "6043 HK", "Roermond", 51.1883, 6.0138),
    v("Bibliotheek Roermond", "Neerstraat 31", "6041 KB", "Roermond", 51.1951, 5.9846),
  ],
  demo: [
    v("Het Middelpunt", "Hogeweg 100", "3814 CE", "Amersfoort", 52.1596, 5.4071),
    v("Eemhuis", "Eemplein 77", "3812 EA", "Amersfoort", 52.1616, 5.3817),
    v("De Kleine Winst", "Markt 5", "6021 CE", "Budel", 51.2724, 5.5749),
  ],
  public: [
    v("Stadsbibliotheek Neude", "Neude 11", "3512 AE", "Utrecht", 52.0929, 5.1186),
    v("Buurthuis Oog in Al", "Cornelis Houtmanstraat 2", "3531 KH", "Utrecht", 52.0884, 5.0967),
    v("Vredenburgplein", "Vredenburgplein", "3511 BA", "Utrecht", 52.0921, 5.1136),
  ],
  cordaad: [
    v("Stadhuis Kampen", "Oudestraat 133", "8261 CK", "Kampen", 52.5556, 5.9153),
    v("De Stadsboerderij", "Christinastraat 1", "8262 AA", "Kampen", 52.5506, 5.9123),
    v("Dorpshuis IJsselmuiden", "Dorpsstraat 4", "8271 BS", "IJsselmuiden", 52.5658, 5.9305),
  ],
};

function v(
  name: string,
  street: string,
  postalCode: string,
  city: string,
  latitude: number,
  longitude: number,
): TVenue {
  return { name, street, postalCode, city, latitude, longitude };
}

const p = (...paragraphs: string[]) => paragraphs.map((t) => `<p>${t}</p>`).join("");

const COMMON: TSeedActivity[] = [
  {
    title: "Natuurwandeling met vrijwilligers",
    summary: "Samen wandelen en elkaar beter leren kennen.",
    description: p("Een rustige wandeling van ongeveer vijf kilometer.", "Na afloop koffie."),
    day: -13,
    start: "10:00",
    minutes: 150,
    venue: 2,
  },
  {
    title: "Informatieavond vrijwilligerswerk",
    summary: "Ontdek welk vrijwilligerswerk bij je past.",
    description: p(
      "Op deze avond vertellen we over de vacatures in de gemeente en hoe je begint.",
      "<strong>Aanmelden is niet nodig</strong>, binnenlopen mag.",
    ),
    day: -9,
    start: "19:30",
    minutes: 120,
    venue: 0,
    organiser: true,
  },
  {
    title: "Koffieochtend voor vrijwilligers",
    summary: "Even bijpraten onder het genot van koffie en iets lekkers.",
    description: p("Iedere vrijwilliger is welkom, ook als je nog maar net begint."),
    day: -2,
    start: "10:00",
    minutes: 90,
    venue: 1,
  },
  {
    title: "Taalcafé op de balie",
    summary: "Nederlands oefenen in een ontspannen sfeer.",
    description: p(
      "Bewoners en vrijwilligers praten samen Nederlands.",
      "Er zijn gespreksonderwerpen en spelletjes.",
    ),
    day: 3,
    start: "14:00",
    minutes: 120,
    atDesk: true,
  },
  {
    title: "Workshop social media voor verenigingen",
    summary: "Meer leden en vrijwilligers via Facebook en Instagram.",
    description: p(
      "Je leert hoe je berichten plant, foto's kiest en reacties beantwoordt.",
      "Neem je telefoon of laptop mee.",
    ),
    day: 5,
    start: "19:30",
    minutes: 150,
    venue: 0,
    registration: true,
    capacity: 20,
  },
  {
    title: "Webinar: vrijwilligers werven en behouden",
    summary: "Online tips voor coördinatoren.",
    description: p(
      "Een webinar van een uur met ruimte voor vragen.",
      "De link volgt na aanmelding.",
    ),
    day: 8,
    start: "20:00",
    minutes: 60,
    online: true,
    registration: true,
  },
  {
    title: "Spreekuur vrijwilligerswerk op de balie",
    summary: "Persoonlijk advies over vrijwilligerswerk.",
    description: p("Loop binnen met je vragen over vrijwilligerswerk en meedoen in de buurt."),
    day: 10,
    start: "13:00",
    minutes: 120,
    atDesk: true,
  },
  {
    title: "Vrijwilligersmarkt",
    summary: "Tientallen organisaties presenteren hun vrijwilligerswerk.",
    description: p(
      "Maak kennis met organisaties uit de buurt en vind vrijwilligerswerk dat bij je past.",
      "Met muziek, een kinderhoek en koffie.",
    ),
    day: 14,
    start: "10:00",
    minutes: 360,
    venue: 2,
    organiser: true,
  },
  {
    title: "Informatieavond mantelzorg",
    summary: "Over ondersteuning voor mantelzorgers.",
    description: p("Deze avond gaat helaas niet door. We plannen een nieuwe datum."),
    day: 16,
    start: "19:30",
    minutes: 90,
    venue: 1,
    status: "cancelled",
  },
  {
    title: "Training maatjesproject",
    summary: "Drie dagen training voor nieuwe maatjes.",
    description: p(
      "Je leert luisteren, grenzen stellen en omgaan met verschillende culturen.",
      "Lunch is inbegrepen.",
    ),
    day: 20,
    days: 3,
    venue: 0,
    registration: true,
    capacity: 16,
  },
  {
    title: "Cursus EHBO voor vrijwilligers",
    summary: "Eerste hulp bij ongelukken, met certificaat.",
    description: p("Een dag praktijk met een erkende instructeur.", "Deelname is gratis."),
    day: 26,
    start: "09:00",
    minutes: 450,
    venue: 1,
    registration: true,
    capacity: 12,
    workshop: true,
  },
  {
    title: "Kennismakingsmiddag met de buurt",
    summary: "Bewoners van het azc en buurtbewoners ontmoeten elkaar.",
    description: p("Met hapjes uit verschillende keukens en muziek."),
    day: 31,
    start: "14:00",
    minutes: 180,
    atDesk: true,
  },
  {
    title: "Klusdag in de buurt",
    summary: "Samen de handen uit de mouwen.",
    description: p("We helpen verenigingen met schilderen, tuinieren en opruimen."),
    day: 40,
    days: 1,
    venue: 2,
    organiser: true,
  },
  {
    title: "Workshop vrijwilligersbeleid",
    summary: "Een goed beleid voor je vrijwilligers in drie stappen.",
    description: p("Voor besturen en coördinatoren van verenigingen en stichtingen."),
    day: 47,
    start: "19:30",
    minutes: 120,
    venue: 0,
    capacity: 20,
    workshop: true,
  },
  {
    title: "Netwerkbijeenkomst organisaties",
    summary: "Ontmoet andere organisaties en deel ervaringen.",
    description: p("Met een korte lezing en een borrel."),
    day: 55,
    start: "16:00",
    minutes: 120,
    venue: 1,
  },
  {
    title: "Online training privacy en de AVG",
    summary: "Wat mag je wel en niet bewaren van vrijwilligers?",
    description: p("Een praktische training van anderhalf uur."),
    day: 66,
    start: "19:30",
    minutes: 90,
    online: true,
    registration: true,
  },
  {
    title: "Vrijwilligersfeest",
    summary: "Een bedankfeest voor alle vrijwilligers.",
    description: p("Met een buffet, muziek en de uitreiking van de vrijwilligersprijs."),
    day: 76,
    start: "17:00",
    minutes: 300,
    venue: 0,
    organiser: true,
  },
  {
    title: "Zomerfestival vrijwilligers",
    summary: "Nog in voorbereiding.",
    description: p("Concept: nog niet publiceren."),
    day: 85,
    start: "12:00",
    minutes: 360,
    venue: 2,
    status: "draft",
  },
  {
    title: "Workshop fotografie voor verenigingen",
    summary: "Nog in voorbereiding.",
    description: p("Concept."),
    day: 60,
    start: "19:30",
    minutes: 120,
    venue: 1,
    status: "draft",
  },
];

// spec §1: 'public' switches language; a few of its activities are in English.
const PUBLIC_EXTRA: TSeedActivity[] = [
  {
    title: "Volunteering in Utrecht: information evening in English",
    summary: "For internationals who want to volunteer.",
    description: p(
      "Learn how volunteering works in the Netherlands and meet organisations that welcome English speakers.",
    ),
    day: 6,
    start: "19:00",
    minutes: 90,
    venue: 0,
  },
  {
    title: "Online workshop: your first volunteer job",
    summary: "Tips for finding and starting volunteer work.",
    description: p("An online workshop in English, with time for questions."),
    day: 33,
    start: "20:00",
    minutes: 60,
    online: true,
    registration: true,
  },
  // One place each, signed up for here: the smallest waiting list there is.
  {
    title: "Rondleiding Domtoren voor vrijwilligers",
    summary: "Een rondleiding voor één vrijwilliger, als dank.",
    description: p("Met een gids naar boven, 465 treden. Er is één plek; daarna de wachtlijst."),
    day: 12,
    start: "10:00",
    minutes: 90,
    venue: 2,
    capacity: 1,
  },
  {
    title: "Dom Tower tour for volunteers",
    summary: "A guided tour for one volunteer, as a thank-you.",
    description: p(
      "With a guide to the top, 465 steps. There is one place; then the waiting list.",
    ),
    day: 13,
    start: "10:00",
    minutes: 90,
    venue: 2,
    capacity: 1,
  },
];

// After the others, so their places in the list (and so their centres) stay as they were.
const PAST_WORKSHOP: TSeedActivity = {
  title: "Training gastvrij ontvangen",
  summary: "Hoe je nieuwe bezoekers welkom heet en op weg helpt.",
  description: p(
    "Een avond training met oefeningen in tweetallen.",
    "Wie erbij was, krijgt een certificaat.",
  ),
  day: -6,
  start: "19:00",
  minutes: 150,
  venue: 1,
  workshop: true,
  ownCentre: true,
};
const WORKSHOP_TITLES = [...COMMON, PAST_WORKSHOP].filter((a) => a.workshop).map((a) => a.title);

/** The welcome text of each seeded desk; English on public (spec §1 language switch). */
function welcome(azcName: string, tenant: string) {
  if (tenant === "public") {
    return {
      title: `Welcome to the desk at ${azcName}`,
      body: p(
        "At the desk residents and volunteers meet. We help you find volunteer work, language lessons and activities in the neighbourhood.",
        "<strong>Opening hours:</strong> Tuesday and Thursday from 13:00 to 16:00.",
      ),
    };
  }
  return {
    title: `Welkom bij de balie van ${azcName}`,
    body: p(
      "Op de balie ontmoeten bewoners en vrijwilligers elkaar. We helpen je met vrijwilligerswerk, taallessen en activiteiten in de buurt.",
      "<strong>Openingstijden:</strong> dinsdag en donderdag van 13.00 tot 16.00 uur.",
    ),
  };
}

/** The local date of `now` in Amsterdam plus `days`, at `time`, as an instant. */
function localMoment(now: Date, days: number, time: string): Date {
  const today = new TZDate(now.getTime(), TIME_ZONE);
  const [h, m] = time.split(":").map(Number);
  return new Date(
    new TZDate(
      today.getFullYear(),
      today.getMonth(),
      today.getDate() + days,
      h,
      m,
      TIME_ZONE,
    ).getTime(),
  );
}

export async function seedActivities(context: TPublicSeedContext): Promise<number> {
  const { db, tenantId, slug, now } = context;
  const tenant = SEED_TENANTS.find((t) => t.slug === slug);
  const deskList = SEED_DESKS[slug] ?? [];

  // Welcome texts first: every tenant has desks, meedoen too (a desk is no activity).
  for (const desk of deskList) {
    const text = welcome(desk.azcName, slug);
    await db
      .update(desks)
      .set({ welcomeTitle: text.title, welcomeBody: text.body })
      .where(
        and(eq(desks.tenantId, tenantId), eq(desks.slug, desk.slug), isNull(desks.welcomeTitle)),
      );
  }

  if (!tenant?.settings.activities) return 0;
  const venues = VENUES[slug];
  if (!venues) return 0;
  // The tenant's desk with coordinates (not 'Balie NOV', spec §3) hosts the desk activities.
  const hostDesk = deskList.find((d) => d.address?.latitude != null && d.azcName !== "Balie NOV");
  const hostDeskId = hostDesk ? context.deskIds.get(hostDesk.slug) : undefined;
  const hostCentreId = hostDesk?.center
    ? (context.orgIds.get(hostDesk.center) ?? context.defaultCenterId)
    : context.defaultCenterId;
  const organiserId = context.orgIds.get(tenant.anchors.organization) ?? null;
  const secondCentreId = tenant.anchors.secondCenter
    ? (context.orgIds.get(tenant.anchors.secondCenter) ?? null)
    : null;

  const existing = new Set(
    (
      await db
        .select({ title: activities.title })
        .from(activities)
        .where(eq(activities.tenantId, tenantId))
    ).map((r) => r.title),
  );
  const list = [...COMMON, ...(slug === "public" ? PUBLIC_EXTRA : []), PAST_WORKSHOP];
  const rows: (typeof activities.$inferInsert)[] = [];
  list.forEach((a, index) => {
    if (existing.has(a.title)) return;
    const atDesk = a.atDesk === true && hostDeskId !== undefined;
    const venue = venues[(a.venue ?? 0) % venues.length];
    const place =
      atDesk && hostDesk?.address
        ? {
            name: hostDesk.azcName,
            street: `${hostDesk.address.street} ${hostDesk.address.houseNumber}`,
            postalCode: hostDesk.address.postalCode,
            city: hostDesk.address.city,
            latitude: hostDesk.address.latitude,
            longitude: hostDesk.address.longitude,
          }
        : venue;
    const allDay = a.days !== undefined;
    const startsAt = localMoment(now, a.day, allDay ? "00:00" : (a.start ?? "10:00"));
    const endsAt = allDay
      ? localMoment(now, a.day + (a.days ?? 1), "00:00")
      : new Date(startsAt.getTime() + (a.minutes ?? 60) * 60_000);
    // A few activities of a second centre, where the collaboration has one.
    const centre = atDesk
      ? hostCentreId
      : secondCentreId !== null && index % 5 === 4 && !a.ownCentre
        ? secondCentreId
        : context.defaultCenterId;
    const status = a.status ?? "published";
    rows.push({
      tenantId,
      volunteerCenterId: centre,
      organizationId: a.organiser ? organiserId : null,
      deskId: atDesk ? hostDeskId : null,
      title: a.title,
      kind: a.workshop ? "workshop" : "activity",
      summary: a.summary,
      description: a.description,
      status,
      startsAt,
      endsAt,
      allDay,
      online: a.online === true,
      ...(a.online
        ? {}
        : {
            locationName: place.name,
            street: place.street,
            postalCode: place.postalCode,
            city: place.city,
            latitude: place.latitude,
            longitude: place.longitude,
          }),
      registrationUrl: a.registration
        ? a.online
          ? `https://${slug}.volunteerly.test/aanmelden?activiteit=${index + 1}`
          : `mailto:activiteiten@${slug}.volunteerly.test`
        : null,
      capacity: a.capacity ?? null,
      publishedAt: status === "draft" ? null : now,
    });
  });
  const inserted =
    rows.length > 0
      ? await db.insert(activities).values(rows).returning({ id: activities.id })
      : [];
  // A database seeded before workshops existed gets them marked too.
  await db
    .update(activities)
    .set({ kind: "workshop" })
    .where(
      and(
        eq(activities.tenantId, tenantId),
        inArray(activities.title, WORKSHOP_TITLES),
        ne(activities.kind, "workshop"),
      ),
    );
  await seedAttendance(context);
  return inserted.length;
}

/**
 * The seeded volunteer came to the past workshop: a place with attendance and the minutes
 * it lasted, so "my workshops" has a certificate to show. Only where they have no place there.
 */
async function seedAttendance({ db, tenantId, slug, now }: TPublicSeedContext) {
  const [volunteer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.email, seedEmail("volunteer", slug))));
  const [workshop] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.tenantId, tenantId), eq(activities.title, PAST_WORKSHOP.title)));
  if (!volunteer || !workshop) return;
  const [existing] = await db
    .select({ id: activityRegistrations.id })
    .from(activityRegistrations)
    .where(
      and(
        eq(activityRegistrations.tenantId, tenantId),
        eq(activityRegistrations.activityId, workshop.id),
        eq(activityRegistrations.userId, volunteer.id),
      ),
    );
  if (existing) return;
  await db.insert(activityRegistrations).values({
    tenantId,
    activityId: workshop.id,
    userId: volunteer.id,
    status: "registered",
    attended: true,
    minutes: PAST_WORKSHOP.minutes,
    attendanceMarkedAt: now,
  });
}
