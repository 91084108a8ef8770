/**
 * The bundled place table of the offline geocoder: every town of the seed's organisations
 * and vacancies (backend/db/seed/organizations.ts, seed/vacancies.ts) and the larger Dutch
 * towns around them, with the town centre's coordinates and the 4-digit postcode ranges
 * that belong to it (PC4, inclusive). A 6-character postcode resolves by its 4 digits.
 */
export type TBundledPlace = {
  name: string;
  latitude: number;
  longitude: number;
  postcodes: readonly (readonly [number, number])[];
  /** Other spellings a visitor types ("Den Haag" for 's-Gravenhage). */
  aliases?: readonly string[];
};

export const BUNDLED_PLACES: readonly TBundledPlace[] = [
  // Oldebroek (oldebroek) and the Veluwe / IJssel towns around it
  { name: "Oldebroek", latitude: 52.4449, longitude: 5.9006, postcodes: [[8096, 8096]] },
  { name: "Wezep", latitude: 52.4628, longitude: 6.0021, postcodes: [[8091, 8091]] },
  { name: "Hattemerbroek", latitude: 52.4735, longitude: 6.016, postcodes: [[8094, 8094]] },
  {
    name: "'t Harde",
    latitude: 52.4097,
    longitude: 5.8878,
    postcodes: [[8084, 8084]],
    aliases: ["t harde", "het harde"],
  },
  { name: "Hattem", latitude: 52.475, longitude: 6.064, postcodes: [[8051, 8052]] },
  { name: "Elburg", latitude: 52.447, longitude: 5.835, postcodes: [[8081, 8082]] },
  { name: "Nunspeet", latitude: 52.378, longitude: 5.785, postcodes: [[8071, 8072]] },
  { name: "Harderwijk", latitude: 52.342, longitude: 5.62, postcodes: [[3841, 3849]] },
  { name: "Epe", latitude: 52.347, longitude: 5.984, postcodes: [[8161, 8162]] },
  { name: "Heerde", latitude: 52.387, longitude: 6.04, postcodes: [[8181, 8181]] },
  { name: "Zwolle", latitude: 52.5168, longitude: 6.083, postcodes: [[8011, 8047]] },
  { name: "Kampen", latitude: 52.5556, longitude: 5.914, postcodes: [[8261, 8265]] },
  {
    name: "IJsselmuiden",
    latitude: 52.564,
    longitude: 5.929,
    postcodes: [[8271, 8271]],
    aliases: ["ijsselmuiden", "yselmuiden"],
  },
  { name: "Dronten", latitude: 52.525, longitude: 5.718, postcodes: [[8251, 8253]] },
  { name: "Lelystad", latitude: 52.5185, longitude: 5.4714, postcodes: [[8211, 8245]] },
  { name: "Apeldoorn", latitude: 52.2112, longitude: 5.9699, postcodes: [[7311, 7339]] },
  { name: "Deventer", latitude: 52.255, longitude: 6.16, postcodes: [[7411, 7419]] },
  // Roermond (roermond) and Middle/North Limburg
  { name: "Roermond", latitude: 51.194, longitude: 5.9873, postcodes: [[6041, 6046]] },
  { name: "Herten", latitude: 51.18, longitude: 5.965, postcodes: [[6049, 6049]] },
  { name: "Swalmen", latitude: 51.23, longitude: 6.035, postcodes: [[6071, 6071]] },
  { name: "Echt", latitude: 51.104, longitude: 5.872, postcodes: [[6101, 6102]] },
  { name: "Venlo", latitude: 51.3704, longitude: 6.1724, postcodes: [[5911, 5928]] },
  { name: "Weert", latitude: 51.2517, longitude: 5.7061, postcodes: [[6001, 6006]] },
  { name: "Sittard", latitude: 51.0, longitude: 5.869, postcodes: [[6131, 6137]] },
  { name: "Maastricht", latitude: 50.8514, longitude: 5.691, postcodes: [[6211, 6229]] },
  // Zeist (meedoen), Utrecht (public) and Amersfoort (demo)
  { name: "Zeist", latitude: 52.0882, longitude: 5.2329, postcodes: [[3701, 3709]] },
  {
    name: "Driebergen",
    latitude: 52.053,
    longitude: 5.28,
    postcodes: [[3971, 3972]],
    aliases: ["driebergen-rijsenburg"],
  },
  { name: "Bilthoven", latitude: 52.128, longitude: 5.199, postcodes: [[3720, 3723]] },
  { name: "De Bilt", latitude: 52.109, longitude: 5.18, postcodes: [[3731, 3739]] },
  { name: "Utrecht", latitude: 52.0907, longitude: 5.1214, postcodes: [[3511, 3585]] },
  { name: "Nieuwegein", latitude: 52.029, longitude: 5.081, postcodes: [[3431, 3439]] },
  { name: "Houten", latitude: 52.028, longitude: 5.168, postcodes: [[3991, 3995]] },
  { name: "Soest", latitude: 52.174, longitude: 5.292, postcodes: [[3760, 3769]] },
  { name: "Amersfoort", latitude: 52.1567, longitude: 5.3868, postcodes: [[3811, 3829]] },
  { name: "Leusden", latitude: 52.132, longitude: 5.429, postcodes: [[3831, 3833]] },
  { name: "Hilversum", latitude: 52.223, longitude: 5.176, postcodes: [[1211, 1223]] },
  { name: "Ede", latitude: 52.04, longitude: 5.666, postcodes: [[6711, 6718]] },
  // Cranendonck (demo) and the Kempen
  { name: "Budel", latitude: 51.2741, longitude: 5.5747, postcodes: [[6021, 6021]] },
  { name: "Maarheeze", latitude: 51.313, longitude: 5.617, postcodes: [[6026, 6026]] },
  { name: "Eindhoven", latitude: 51.4416, longitude: 5.4697, postcodes: [[5611, 5658]] },
  // The large cities, for visitors who search from there
  { name: "Amsterdam", latitude: 52.3728, longitude: 4.8936, postcodes: [[1011, 1109]] },
  { name: "Rotterdam", latitude: 51.9225, longitude: 4.4792, postcodes: [[3011, 3089]] },
  {
    name: "'s-Gravenhage",
    latitude: 52.0705,
    longitude: 4.3007,
    postcodes: [[2491, 2599]],
    aliases: ["den haag", "the hague", "s-gravenhage", "s gravenhage"],
  },
  { name: "Almere", latitude: 52.3508, longitude: 5.2647, postcodes: [[1311, 1364]] },
  { name: "Arnhem", latitude: 51.9851, longitude: 5.8987, postcodes: [[6811, 6846]] },
  { name: "Nijmegen", latitude: 51.8126, longitude: 5.8372, postcodes: [[6511, 6546]] },
  { name: "Groningen", latitude: 53.2194, longitude: 6.5665, postcodes: [[9711, 9747]] },
];
