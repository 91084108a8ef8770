import { address, type TSeedDesk } from "./types";

// Desks ('balies') at asylum-seeker centres, at least one per tenant so every tenant has a
// desk manager. Two have no coordinates (one no address at all, one not geocoded): maps must
// still list them beside the map.

export const SEED_DESKS: Record<string, TSeedDesk[]> = {
  oldebroek: [
    {
      slug: "azc-oldebroek",
      azcName: "AZC Oldebroek",
      organization: "stichting-welzijn-oldebroek",
      address: address("Zuiderzeestraatweg", "260", "8095 PR", "Oldebroek", 52.4603, 5.9419),
    },
  ],
  roermond: [
    {
      slug: "azc-roermond",
      azcName: "AZC Roermond",
      address: address("Keulsebaan", "520", "6045 GL", "Roermond", 51.181, 6.029),
    },
  ],
  meedoen: [
    {
      slug: "azc-zeist",
      azcName: "AZC Zeist",
      organization: "taalmaatjes-zeist",
      address: address("Kampweg", "20", "3769 DJ", "Soesterberg", 52.0967, 5.2841),
    },
    { slug: "azc-utrecht-noord", azcName: "AZC Utrecht Noord", address: null },
  ],
  demo: [
    {
      slug: "balie-nov",
      azcName: "Balie NOV",
      organization: "buurtkracht-amersfoort",
      address: address("Hogeweg", "100", "3814 CE", "Amersfoort", 52.1596, 5.4071),
    },
    {
      slug: "azc-budel",
      azcName: "AZC Budel",
      center: "vrijwilligerspunt-cranendonck",
      organization: "welzijn-cranendonck",
      address: address("Hoofdstraat", "1", "6024 AA", "Budel-Dorplein", 51.236, 5.585),
    },
    {
      slug: "azc-amersfoort",
      azcName: "AZC Amersfoort",
      address: address("Barchman Wuytierslaan", "10", "3818 LH", "Amersfoort", null, null),
    },
  ],
  public: [
    {
      slug: "azc-utrecht",
      azcName: "AZC Utrecht",
      address: address("Einsteindreef", "2", "3562 GA", "Utrecht", 52.1127, 5.1157),
    },
  ],
  cordaad: [
    {
      slug: "azc-dronten",
      azcName: "AZC Dronten",
      address: address("Educalaan", "3", "8251 GB", "Dronten", 52.5249, 5.7181),
    },
    {
      slug: "azc-zwolle",
      azcName: "AZC Zwolle",
      center: "vrijwilligerspunt-ijsselmuiden",
      address: address("Hessenweg", "1", "8028 PA", "Zwolle", 52.5325, 6.1227),
    },
  ],
};
