import { describe, expect, it } from "vitest";
import {
  boundsOf,
  containsPoint,
  organizationsInBounds,
  sameBounds,
  type TMapOrganization,
  toFeatureCollection,
} from "@/lib/social-map/bounds";

const org = (id: string, longitude: number | null, latitude: number | null): TMapOrganization => ({
  id,
  name: `Org ${id}`,
  type: "Organization",
  summary: null,
  city: null,
  latitude,
  longitude,
});
const wezep = org("1", 6.0, 52.46);
const oldebroek = org("2", 5.9, 52.45);
const zwolle = org("3", 6.09, 52.51);
const nowhere = org("4", null, null);
const all = [wezep, oldebroek, zwolle, nowhere];

describe("the social map's bounds logic", () => {
  it("keeps the organisations inside the visible bounds, edges included, in the given order", () => {
    const view = { west: 5.9, south: 52.4, east: 6.05, north: 52.5 };
    expect(organizationsInBounds(all, view).map((o) => o.id)).toEqual(["1", "2"]);
    expect(
      organizationsInBounds(all, { west: 6.0, south: 52.46, east: 6.0, north: 52.46 }),
    ).toEqual([wezep]);
  });

  it("leaves out organisations without coordinates, also before the map has bounds", () => {
    expect(organizationsInBounds(all, null).map((o) => o.id)).toEqual(["1", "2", "3"]);
    expect(
      organizationsInBounds(all, { west: -180, south: -90, east: 180, north: 90 }),
    ).not.toContain(nowhere);
  });

  it("handles a view across the antimeridian", () => {
    const view = { west: 170, south: -10, east: -170, north: 10 };
    expect(containsPoint(view, 175, 0)).toBe(true);
    expect(containsPoint(view, -175, 0)).toBe(true);
    expect(containsPoint(view, 0, 0)).toBe(false);
    expect(containsPoint(view, 175, 20)).toBe(false);
  });

  it("finds the box around the placed organisations, and none for none", () => {
    expect(boundsOf(all)).toEqual({ west: 5.9, south: 52.45, east: 6.09, north: 52.51 });
    expect(boundsOf([nowhere])).toBeNull();
  });

  it("makes GeoJSON points of the placed organisations only, longitude first", () => {
    const collection = toFeatureCollection(all);
    expect(collection.features).toHaveLength(3);
    expect(collection.features[0]).toMatchObject({
      id: 1,
      geometry: { type: "Point", coordinates: [6.0, 52.46] },
      properties: { id: "1", name: "Org 1" },
    });
  });

  it("tells a moved view from an unmoved one", () => {
    const a = { west: 5, south: 52, east: 6, north: 53 };
    expect(sameBounds(a, { ...a })).toBe(true);
    expect(sameBounds(a, { ...a, east: 6.001 })).toBe(false);
    expect(sameBounds(null, a)).toBe(false);
    expect(sameBounds(null, null)).toBe(true);
  });
});
