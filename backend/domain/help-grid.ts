import { HELP_GRID } from "../../lib/contract/help-posts";

/**
 * Where a peer-help post may be said to be: the centre of its grid cell. Every answer of the
 * api about a post's place (its coordinates, a distance, the order of a distance sort) is
 * computed from this point and never from the exact one, so no answer tells more than the
 * cell (docs/peer-help.md).
 */
export type TPoint = { latitude: number; longitude: number };

const centreOf = (value: number, perDegree: number) =>
  (Math.floor(value * perDegree) + 0.5) / perDegree;

export function gridCell(point: TPoint): TPoint {
  return {
    latitude: centreOf(point.latitude, HELP_GRID.latCellsPerDegree),
    longitude: centreOf(point.longitude, HELP_GRID.lngCellsPerDegree),
  };
}

/** True when the point is exactly a cell's centre (what the api may return). */
export function isCellCentre(point: TPoint): boolean {
  const cell = gridCell(point);
  return cell.latitude === point.latitude && cell.longitude === point.longitude;
}

/**
 * What a post keeps of a geocoded place: the exact point (never read back), its cell's
 * centre, and the place's name without a postcode (a postcode is about a street).
 */
export function placeOfPost(found: TPoint & { name: string }) {
  const cell = gridCell(found);
  const city = found.name
    .replace(/\b[1-9]\d{3}(\s?[A-Za-z]{2})?\b/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return {
    latitude: found.latitude,
    longitude: found.longitude,
    cellLatitude: cell.latitude,
    cellLongitude: cell.longitude,
    city: city || null,
  };
}
