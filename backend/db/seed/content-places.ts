/**
 * What the content seeders say about each tenant (seed/content-pages.ts, news.ts,
 * partners.ts): its site name, municipality and centres, matching seed/organizations.ts.
 */
export type TSeedCentre = { slug: string; name: string; town: string; municipality: string };
export type TSeedPlace = {
  site: string;
  /** The municipality or region the site serves, as a Dutch phrase ("de gemeente Oldebroek"). */
  region: string;
  regionEn: string;
  phone: string;
  address: string;
  centres: TSeedCentre[];
};

export const SEED_PLACES: Record<string, TSeedPlace> = {
  oldebroek: {
    site: "Vrijwilligerswerk Oldebroek",
    region: "de gemeente Oldebroek",
    regionEn: "the municipality of Oldebroek",
    phone: "0525-638200",
    address: "Zuiderzeestraatweg 81, 8096 BC Oldebroek",
    centres: [
      {
        slug: "vrijwilligerscentrale-oldebroek",
        name: "Vrijwilligerscentrale Oldebroek",
        town: "Oldebroek",
        municipality: "Oldebroek",
      },
    ],
  },
  roermond: {
    site: "Vrijwilligerspunt Roermond",
    region: "de gemeente Roermond",
    regionEn: "the municipality of Roermond",
    phone: "0475-359100",
    address: "Markt 26, 6041 EM Roermond",
    centres: [
      {
        slug: "vrijwilligerspunt-roermond",
        name: "Vrijwilligerspunt Roermond",
        town: "Roermond",
        municipality: "Roermond",
      },
    ],
  },
  meedoen: {
    site: "Meedoen",
    region: "Zeist",
    regionEn: "Zeist",
    phone: "030-6987600",
    address: "Het Rond 1, 3701 HS Zeist",
    centres: [
      { slug: "meedoen-zeist", name: "Meedoen Zeist", town: "Zeist", municipality: "Zeist" },
    ],
  },
  demo: {
    site: "Volunteerly Demo",
    region: "Amersfoort en Cranendonck",
    regionEn: "Amersfoort and Cranendonck",
    phone: "033-4651900",
    address: "Stadhuisplein 7, 3811 LM Amersfoort",
    centres: [
      {
        slug: "vrijwilligerscentrale-amersfoort",
        name: "Vrijwilligerscentrale Amersfoort",
        town: "Amersfoort",
        municipality: "Amersfoort",
      },
      {
        slug: "vrijwilligerspunt-cranendonck",
        name: "Vrijwilligerspunt Cranendonck",
        town: "Budel",
        municipality: "Cranendonck",
      },
    ],
  },
  public: {
    site: "Volunteerly",
    region: "Utrecht",
    regionEn: "Utrecht",
    phone: "030-2860700",
    address: "Stadsplateau 1, 3521 AZ Utrecht",
    centres: [
      {
        slug: "vrijwilligerscentrale-utrecht",
        name: "Vrijwilligerscentrale Utrecht",
        town: "Utrecht",
        municipality: "Utrecht",
      },
    ],
  },
  cordaad: {
    site: "Cordaad Welzijn Vrijwilligerswerk",
    region: "de gemeente Kampen",
    regionEn: "the municipality of Kampen",
    phone: "038-3332400",
    address: "Burgwal 43, 8261 EP Kampen",
    centres: [
      {
        slug: "vrijwilligerscentrale-kampen",
        name: "Vrijwilligerscentrale Kampen",
        town: "Kampen",
        municipality: "Kampen",
      },
      {
        slug: "vrijwilligerspunt-ijsselmuiden",
        name: "Vrijwilligerspunt IJsselmuiden",
        town: "IJsselmuiden",
        municipality: "Kampen",
      },
    ],
  },
};
