import type { TSeedTagSlug } from "./tags";

/**
 * The demo vacancies every tenant gets (seed/vacancies.ts places them at the tenant's own
 * organisations and towns). Descriptions are the simple HTML the editor produces.
 */
export type TVacancyText = {
  title: string;
  summary: string;
  description: string;
  hours: number | null;
  tags: TSeedTagSlug[];
  remote?: boolean;
};

const html = (intro: string, tasks: string[], offer: string) =>
  `<p>${intro}</p><ul>${tasks.map((t) => `<li>${t}</li>`).join("")}</ul><p><strong>Wat bieden wij?</strong> ${offer}</p>`;

export const DUTCH_VACANCIES: TVacancyText[] = [
  {
    title: "Voorlezer voor peuters in de bibliotheek",
    summary: "Lees op woensdagochtend prentenboeken voor aan peuters en hun ouders.",
    description: html(
      "Houd je van verhalen en van kinderen? Wij zoeken voorlezers voor de voorleesochtend.",
      ["Prentenboeken kiezen en voorlezen", "Ouders wegwijs maken in de bibliotheek"],
      "Een gezellig team, een cursus voorlezen en een jaarabonnement.",
    ),
    hours: 2,
    tags: ["onderwijs", "cultuur", "jongeren"],
  },
  {
    title: "Chauffeur voor de buurtbus",
    summary: "Rijd ouderen en minder mobiele inwoners naar de huisarts, de markt of familie.",
    description: html(
      "De buurtbus brengt mensen die niet zelf kunnen rijden waar ze willen zijn.",
      ["Eén of twee dagdelen per week rijden", "Passagiers helpen met in- en uitstappen"],
      "Een rijvaardigheidstraining, onkostenvergoeding en een hechte groep chauffeurs.",
    ),
    hours: 6,
    tags: ["vervoer", "ouderen"],
  },
  {
    title: "Taalmaatje voor nieuwkomers",
    summary: "Oefen wekelijks Nederlands met een statushouder in het dagelijks leven.",
    description: html(
      "Een taal leer je door haar te spreken. Als taalmaatje oefen je samen in de praktijk.",
      ["Wekelijks een uur afspreken", "Samen boodschappen doen of de krant lezen"],
      "Een training, begeleiding door een coördinator en intervisie.",
    ),
    hours: 2,
    tags: ["taal-en-integratie"],
  },
  {
    title: "Maatje voor een eenzame oudere",
    summary: "Ga eens per week op bezoek voor een kop koffie, een wandeling of een spelletje.",
    description: html(
      "Veel ouderen zien weinig mensen. Een vast bezoek maakt hun week.",
      ["Wekelijks op bezoek", "Samen wandelen, praten of een spelletje doen"],
      "Een kennismakingsgesprek, begeleiding en een jaarlijks bedankuitje.",
    ),
    hours: 2,
    tags: ["ouderen", "zorg-en-welzijn"],
  },
  {
    title: "Trainer jeugdvoetbal onder 11",
    summary: "Geef twee keer per week training aan een enthousiast jeugdteam.",
    description: html(
      "Ons jeugdteam zoekt een trainer die kinderen plezier in sport geeft.",
      ["Trainingen voorbereiden en geven", "Op zaterdag de wedstrijd begeleiden"],
      "Een trainerscursus van de KNVB en een clubtenue.",
    ),
    hours: 5,
    tags: ["sport", "jongeren"],
  },
  {
    title: "Vrijwilliger natuuronderhoud",
    summary: "Help op zaterdag mee met snoeien, maaien en het onderhoud van wandelpaden.",
    description: html(
      "Met een vaste ploeg houden we het natuurgebied mooi en toegankelijk.",
      ["Snoeien en maaien", "Paden en bankjes onderhouden"],
      "Gereedschap, werkkleding, koffie en een goed gesprek.",
    ),
    hours: 4,
    tags: ["natuur-en-milieu", "klussen"],
  },
  {
    title: "Administratief medewerker voedselbank",
    summary: "Houd de klantadministratie en de voorraadlijsten van de voedselbank bij.",
    description: html(
      "Achter elk pakket zit administratie. Ben jij nauwkeurig en handig met de computer?",
      ["Intakes verwerken", "Voorraad en uitgifte bijhouden in Excel"],
      "Een fijne werkplek en collega's die het verschil maken.",
    ),
    hours: 8,
    tags: ["administratie", "zorg-en-welzijn"],
  },
  {
    title: "Klusjesman of -vrouw in het buurthuis",
    summary: "Kleine reparaties en onderhoud in en rond het buurthuis.",
    description: html(
      "Een lekkende kraan, een klemmende deur: jij lost het op.",
      ["Kleine reparaties", "Meehelpen bij de opbouw van activiteiten"],
      "Vrije indeling van je tijd en een goed gevulde gereedschapskist.",
    ),
    hours: 3,
    tags: ["klussen"],
  },
  {
    title: "Gastvrouw of gastheer bij het inloopcafé",
    summary: "Ontvang bezoekers met koffie en een praatje in het wekelijkse inloopcafé.",
    description: html(
      "Het inloopcafé is een plek waar iedereen welkom is.",
      ["Koffie en thee schenken", "Bezoekers wegwijs maken en een luisterend oor bieden"],
      "Een warm team en een training gastvrijheid.",
    ),
    hours: 4,
    tags: ["zorg-en-welzijn", "ouderen"],
  },
  {
    title: "Huiswerkbegeleider voor middelbare scholieren",
    summary: "Help scholieren met plannen, leren en hun huiswerk voor wiskunde of taal.",
    description: html(
      "Niet elk kind krijgt thuis hulp bij het huiswerk. Jij kunt het verschil maken.",
      ["Twee middagen per week begeleiden", "Helpen met plannen en leren leren"],
      "Begeleiding door een docent en een vrijwilligersvergoeding.",
    ),
    hours: 6,
    tags: ["onderwijs", "jongeren"],
  },
  {
    title: "Evenementenvrijwilliger zomerfestival",
    summary: "Help bij de opbouw, de kassa of de kinderactiviteiten van het zomerfestival.",
    description: html(
      "Eén weekend per jaar verandert het dorp in een festivalterrein.",
      ["Opbouwen en afbreken", "Kassa, bar of kinderhoek bemensen"],
      "Een festivalshirt, eten en drinken en een bedankfeest.",
    ),
    hours: 16,
    tags: ["evenementen", "cultuur"],
  },
  {
    title: "Coördinator vrijwillige thuisadministratie",
    summary:
      "Koppel vrijwilligers aan huishoudens die hulp nodig hebben met hun post en geldzaken.",
    description: html(
      "Je bent de spil tussen hulpvragers en onze ervaren vrijwilligers.",
      ["Intakegesprekken voeren", "Koppelingen maken en bewaken"],
      "Een zelfstandige rol, scholing en een onkostenvergoeding.",
    ),
    hours: 12,
    tags: ["administratie", "zorg-en-welzijn"],
  },
  {
    title: "Online schrijfmaatje voor jongeren",
    summary: "Help jongeren via videobellen met sollicitatiebrieven en hun cv.",
    description: html(
      "Vanuit huis help je jongeren op weg naar een baan of stage.",
      ["Wekelijks een videogesprek", "Brieven en cv's nalezen"],
      "Flexibele tijden en een online training.",
    ),
    hours: 2,
    tags: ["jongeren", "taal-en-integratie"],
    remote: true,
  },
  {
    title: "Beheerder van de sociale media",
    summary: "Vertel online over ons werk: berichten schrijven, foto's plaatsen en reageren.",
    description: html(
      "Je werkt vanuit huis en maakt zichtbaar wat onze vrijwilligers doen.",
      ["Wekelijks berichten plannen", "Reageren op vragen"],
      "Vrijheid in je aanpak en toegang tot onze beeldbank.",
    ),
    hours: null,
    tags: ["administratie", "cultuur"],
    remote: true,
  },
];

/** Extra vacancies in English, for the tenants whose site switches language (public, meedoen). */
export const ENGLISH_VACANCIES: TVacancyText[] = [
  {
    title: "Library volunteer for the reading café",
    summary: "Welcome readers, sort returned books and help visitors find their way.",
    description:
      "<p>Our reading café needs friendly faces.</p><ul><li>Welcome visitors</li><li>Sort and shelve books</li></ul><p><strong>What we offer:</strong> training and a warm team.</p>",
    hours: 3,
    tags: ["cultuur", "onderwijs"],
  },
  {
    title: "Buddy for international students",
    summary: "Help newcomers settle in: show them the city, practise Dutch and share a meal.",
    description:
      "<p>Moving to a new country is a big step.</p><ul><li>Meet your buddy every other week</li><li>Explore the city together</li></ul><p><strong>What we offer:</strong> a buddy training and social evenings.</p>",
    hours: 2,
    tags: ["taal-en-integratie", "jongeren"],
  },
  {
    title: "Gardener for the community garden",
    summary: "Grow vegetables with neighbours and teach children where food comes from.",
    description:
      "<p>Our community garden is run entirely by volunteers.</p><ul><li>Sow, weed and harvest</li><li>Help during school visits</li></ul><p><strong>What we offer:</strong> tools, seeds and fresh vegetables.</p>",
    hours: 4,
    tags: ["natuur-en-milieu"],
  },
];

export const DRAFT_VACANCIES: TVacancyText[] = [
  {
    title: "Concept: vrijwilliger kledingbank",
    summary: "Nog niet gepubliceerd.",
    description: "<p>Deze vacature is nog in bewerking.</p>",
    hours: 4,
    tags: ["zorg-en-welzijn"],
  },
  {
    title: "Concept: penningmeester",
    summary: "Nog niet gepubliceerd.",
    description: "<p>Deze vacature is nog in bewerking.</p>",
    hours: 2,
    tags: ["administratie"],
  },
];

export const CLOSED_VACANCY: TVacancyText = {
  title: "Gesloten: hulp bij de kerstmarkt",
  summary: "Deze vacature is vervuld.",
  description: "<p>Bedankt voor alle reacties, de vacature is vervuld.</p>",
  hours: 8,
  tags: ["evenementen"],
};
