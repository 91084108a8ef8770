import { type Geocoder, normalizeQuery, type TPlace } from "./geocoder";

/**
 * PDOK Locatieserver v3_1 (the Dutch government's free geocoder): the `free` endpoint,
 * only towns and postcodes (`fq=type:(woonplaats OR postcode)`), the best match. Its
 * `centroide_ll` is WGS84 "POINT(lon lat)". A slow or failing PDOK throws, so the caller
 * (FallbackGeocoder) can answer from the bundled table instead.
 */
export const PDOK_LOCATIESERVER_URL = "https://api.pdok.nl/bzk/locatieserver/search/v3_1";

type TPdokAnswer = {
  response?: { docs?: { weergavenaam?: string; centroide_ll?: string; type?: string }[] };
};

/** "POINT(5.9006 52.4449)" → coordinates; null when it is anything else. */
export function parsePoint(
  wkt: string | undefined,
): { latitude: number; longitude: number } | null {
  const match = /^POINT\(\s*(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s*\)$/.exec(wkt?.trim() ?? "");
  if (!match) return null;
  return { longitude: Number(match[1]), latitude: Number(match[2]) };
}

export class PdokGeocoder implements Geocoder {
  constructor(
    private readonly baseUrl: string = PDOK_LOCATIESERVER_URL,
    private readonly timeoutMs = 2000,
  ) {}

  async resolve(query: string): Promise<TPlace | null> {
    const q = normalizeQuery(query);
    if (q === "") return null;
    const url = new URL(`${this.baseUrl.replace(/\/$/, "")}/free`);
    url.searchParams.set("q", q);
    url.searchParams.set("fq", "type:(woonplaats OR postcode)");
    url.searchParams.set("fl", "weergavenaam,centroide_ll,type");
    url.searchParams.set("rows", "1");
    const response = await fetch(url, {
      signal: AbortSignal.timeout(this.timeoutMs),
      headers: { accept: "application/json" },
    });
    if (!response.ok) throw new Error(`PDOK Locatieserver answered ${response.status}`);
    const body = (await response.json()) as TPdokAnswer;
    const doc = body.response?.docs?.[0];
    if (!doc) return null;
    const point = parsePoint(doc.centroide_ll);
    if (!point) throw new Error(`PDOK Locatieserver sent no centroide_ll for '${q}'`);
    return { name: doc.weergavenaam ?? query.trim(), ...point };
  }
}
