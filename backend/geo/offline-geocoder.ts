import { type Geocoder, normalizeQuery, parsePostcode, type TPlace } from "./geocoder";
import { BUNDLED_PLACES, type TBundledPlace } from "./places-nl";

/**
 * The default geocoder: no network, the bundled table of places-nl.ts. A town by name
 * (case, accents and "'s-" spellings folded) or a postcode by its 4 digits; the answer's
 * name is the town, or "8096 BC Oldebroek" for a postcode.
 */
export class OfflineGeocoder implements Geocoder {
  private readonly byName = new Map<string, TBundledPlace>();

  constructor(private readonly places: readonly TBundledPlace[] = BUNDLED_PLACES) {
    for (const place of places) {
      this.byName.set(normalizeQuery(place.name), place);
      for (const alias of place.aliases ?? []) this.byName.set(normalizeQuery(alias), place);
    }
  }

  async resolve(query: string): Promise<TPlace | null> {
    const postcode = parsePostcode(query);
    if (postcode) {
      const n = Number(postcode.digits);
      const place = this.places.find((p) => p.postcodes.some(([lo, hi]) => n >= lo && n <= hi));
      if (!place) return null;
      const code = postcode.letters ? `${postcode.digits} ${postcode.letters}` : postcode.digits;
      return {
        name: `${code} ${place.name}`,
        latitude: place.latitude,
        longitude: place.longitude,
      };
    }
    const place = this.byName.get(normalizeQuery(query).replace(/^'/, ""));
    return place
      ? { name: place.name, latitude: place.latitude, longitude: place.longitude }
      : null;
  }
}
