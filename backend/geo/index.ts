import { CachedGeocoder, FallbackGeocoder, type Geocoder } from "./geocoder";
import { OfflineGeocoder } from "./offline-geocoder";
import { PdokGeocoder } from "./pdok-geocoder";

export type { Geocoder, TPlace } from "./geocoder";

/** The api's geocoder from its configuration (backend/env.ts GEOCODER, PDOK_URL). */
export function createGeocoder(
  config: { GEOCODER: "offline" | "pdok"; PDOK_URL: string; GEOCODER_TIMEOUT_MS: number },
  onError?: (error: unknown) => void,
): Geocoder {
  const offline = new OfflineGeocoder();
  if (config.GEOCODER === "offline") return new CachedGeocoder(offline);
  const pdok = new PdokGeocoder(config.PDOK_URL, config.GEOCODER_TIMEOUT_MS);
  return new CachedGeocoder(new FallbackGeocoder(pdok, offline, onError));
}
