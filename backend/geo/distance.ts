/**
 * Great-circle distance and the bounding box around a circle, shared by the search query
 * (queries/vacancy-search.ts builds the same formula in SQL) and the tests' brute-force
 * reference.
 */
export const EARTH_RADIUS_KM = 6371;

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Haversine distance in km. */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(a));
}

export type TBox = { minLat: number; maxLat: number; minLon: number; maxLon: number };

/**
 * The smallest latitude/longitude box holding every point within `km` of the centre (the
 * longitude span of a spherical cap is asin(sin r / cos φ)), widened by a hair so rounding
 * never drops a point the exact check would keep. Valid away from the poles, which the
 * Netherlands is.
 */
export function boundingBox(latitude: number, longitude: number, km: number): TBox {
  const r = km / EARTH_RADIUS_KM;
  const dLat = deg(r) * 1.0001;
  const ratio = Math.min(1, Math.sin(r) / Math.cos(rad(latitude)));
  const dLon = deg(Math.asin(ratio)) * 1.0001;
  return {
    minLat: latitude - dLat,
    maxLat: latitude + dLat,
    minLon: longitude - dLon,
    maxLon: longitude + dLon,
  };
}
