/**
 * The social map's list-and-map logic (docs/social-map.md), kept free of maplibre so it is
 * tested in node and the list works the same whether or not the map ever loads.
 */

export type TMapOrganization = {
  id: string;
  name: string;
  type: string;
  summary: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
};

/** A visible area, as maplibre's LngLatBounds gives it: west, south, east, north. */
export type TBounds = { west: number; south: number; east: number; north: number };

export const hasCoordinates = (
  org: TMapOrganization,
): org is TMapOrganization & { latitude: number; longitude: number } =>
  typeof org.latitude === "number" &&
  typeof org.longitude === "number" &&
  Number.isFinite(org.latitude) &&
  Number.isFinite(org.longitude);

/**
 * Whether a point lies inside (edges included). A view across the antimeridian has
 * west > east; it then holds what is east of west or west of east.
 */
export function containsPoint(bounds: TBounds, longitude: number, latitude: number): boolean {
  if (latitude < bounds.south || latitude > bounds.north) return false;
  if (bounds.west <= bounds.east) return longitude >= bounds.west && longitude <= bounds.east;
  return longitude >= bounds.west || longitude <= bounds.east;
}

/** The organisations inside the bounds, in the order given (the api's: by name). */
export function organizationsInBounds<T extends TMapOrganization>(
  organizations: readonly T[],
  bounds: TBounds | null,
): T[] {
  if (!bounds) return organizations.filter(hasCoordinates);
  return organizations.filter(
    (org) => hasCoordinates(org) && containsPoint(bounds, org.longitude, org.latitude),
  );
}

/** The smallest box around the organisations with coordinates; null when none has any. */
export function boundsOf(organizations: readonly TMapOrganization[]): TBounds | null {
  const placed = organizations.filter(hasCoordinates);
  if (placed.length === 0) return null;
  return placed.reduce<TBounds>(
    (b, org) => ({
      west: Math.min(b.west, org.longitude),
      south: Math.min(b.south, org.latitude),
      east: Math.max(b.east, org.longitude),
      north: Math.max(b.north, org.latitude),
    }),
    { west: 180, south: 90, east: -180, north: -90 },
  );
}

type TFeature = {
  type: "Feature";
  id: number;
  geometry: { type: "Point"; coordinates: [number, number] };
  properties: { id: string; name: string };
};

/** The markers as GeoJSON for a clustered source; organisations without coordinates left out. */
export function toFeatureCollection(organizations: readonly TMapOrganization[]): {
  type: "FeatureCollection";
  features: TFeature[];
} {
  return {
    type: "FeatureCollection",
    features: organizations.filter(hasCoordinates).map((org) => ({
      type: "Feature",
      id: Number(org.id),
      geometry: { type: "Point", coordinates: [org.longitude, org.latitude] },
      properties: { id: org.id, name: org.name },
    })),
  };
}

/** Two bounds the same to ~1 m: a moveend that changed nothing does not re-announce. */
export function sameBounds(a: TBounds | null, b: TBounds | null): boolean {
  if (a === null || b === null) return a === b;
  const near = (x: number, y: number) => Math.abs(x - y) < 1e-5;
  return (
    near(a.west, b.west) && near(a.south, b.south) && near(a.east, b.east) && near(a.north, b.north)
  );
}
