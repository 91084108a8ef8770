import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boundingBox, haversineKm } from "../../../backend/geo/distance";
import {
  CachedGeocoder,
  FallbackGeocoder,
  type Geocoder,
  parsePostcode,
} from "../../../backend/geo/geocoder";
import { createGeocoder } from "../../../backend/geo/index";
import { OfflineGeocoder } from "../../../backend/geo/offline-geocoder";
import { PdokGeocoder, parsePoint } from "../../../backend/geo/pdok-geocoder";
import { BUNDLED_PLACES } from "../../../backend/geo/places-nl";

// The vacancy search's geocoders (docs/vacancies-search.md): the bundled table, PDOK
// Locatieserver against a local fake server (no network in tests), the LRU cache and the
// fallback; and the bounding box that prefilters a distance search.

describe("OfflineGeocoder", () => {
  const geocoder = new OfflineGeocoder();

  it("finds a town by name, whatever the case, spacing and accents", async () => {
    expect(await geocoder.resolve("Oldebroek")).toEqual({
      name: "Oldebroek",
      latitude: 52.4449,
      longitude: 5.9006,
    });
    expect((await geocoder.resolve("  ijsselmuiden "))?.name).toBe("IJsselmuiden");
    expect((await geocoder.resolve("ZWOLLE"))?.name).toBe("Zwolle");
  });

  it("knows other spellings: Den Haag is 's-Gravenhage", async () => {
    expect((await geocoder.resolve("Den Haag"))?.name).toBe("'s-Gravenhage");
    expect((await geocoder.resolve("'t Harde"))?.name).toBe("'t Harde");
  });

  it("resolves a postcode by its four digits, with or without letters and space", async () => {
    expect(await geocoder.resolve("8096 BC")).toEqual({
      name: "8096 BC Oldebroek",
      latitude: 52.4449,
      longitude: 5.9006,
    });
    expect((await geocoder.resolve("8096bc"))?.name).toBe("8096 BC Oldebroek");
    expect((await geocoder.resolve("3521"))?.name).toBe("3521 Utrecht");
  });

  it("answers null for an unknown place or a postcode outside the table", async () => {
    expect(await geocoder.resolve("Atlantis")).toBeNull();
    expect(await geocoder.resolve("9999 ZZ")).toBeNull();
    expect(await geocoder.resolve("")).toBeNull();
  });

  it("holds every town of the seed's organisations", async () => {
    const towns = [
      "Oldebroek",
      "Wezep",
      "Hattemerbroek",
      "Roermond",
      "Zeist",
      "Amersfoort",
      "Budel",
      "Utrecht",
      "Kampen",
      "IJsselmuiden",
    ];
    for (const town of towns) expect(await geocoder.resolve(town), town).not.toBeNull();
  });

  it("has no postcode range claimed by two towns", () => {
    const ranges = BUNDLED_PLACES.flatMap((p) =>
      p.postcodes.map(([lo, hi]) => ({ lo, hi, name: p.name })),
    );
    for (const x of ranges) {
      for (const y of ranges) {
        if (x === y) continue;
        expect(x.hi < y.lo || y.hi < x.lo, `${x.name} and ${y.name}`).toBe(true);
      }
    }
  });
});

describe("parsePostcode and parsePoint", () => {
  it("reads Dutch postcodes only", () => {
    expect(parsePostcode("8096 bc")).toEqual({ digits: "8096", letters: "BC" });
    expect(parsePostcode("0123 AB")).toBeNull();
    expect(parsePostcode("80961")).toBeNull();
  });

  it("reads PDOK's WKT point as longitude then latitude", () => {
    expect(parsePoint("POINT(5.9006 52.4449)")).toEqual({ longitude: 5.9006, latitude: 52.4449 });
    expect(parsePoint("POLYGON((1 2))")).toBeNull();
    expect(parsePoint(undefined)).toBeNull();
  });
});

describe("PdokGeocoder against a fake Locatieserver", () => {
  let server: Server;
  let base = "";
  const asked: URL[] = [];
  let answer: (url: URL) => { status: number; body: unknown; delay?: number } = () => ({
    status: 200,
    body: {},
  });

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      const url = new URL(req.url ?? "/", "http://fake");
      asked.push(url);
      const { status, body, delay = 0 } = answer(url);
      setTimeout(() => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      }, delay);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search/v3_1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("asks the free endpoint for towns and postcodes and reads centroide_ll", async () => {
    answer = () => ({
      status: 200,
      body: {
        response: {
          numFound: 1,
          docs: [
            {
              type: "woonplaats",
              weergavenaam: "Wezep, Oldebroek, Gelderland",
              centroide_ll: "POINT(6.0021 52.4628)",
            },
          ],
        },
      },
    });
    const place = await new PdokGeocoder(base).resolve("Wezep");
    expect(place).toEqual({
      name: "Wezep, Oldebroek, Gelderland",
      latitude: 52.4628,
      longitude: 6.0021,
    });
    const url = asked[asked.length - 1];
    expect(url.pathname).toBe("/search/v3_1/free");
    expect(url.searchParams.get("q")).toBe("wezep");
    expect(url.searchParams.get("fq")).toBe("type:(woonplaats OR postcode)");
    expect(url.searchParams.get("rows")).toBe("1");
  });

  it("answers null when PDOK finds nothing", async () => {
    answer = () => ({ status: 200, body: { response: { numFound: 0, docs: [] } } });
    expect(await new PdokGeocoder(base).resolve("Atlantis")).toBeNull();
  });

  it("throws on an error status and on a timeout", async () => {
    answer = () => ({ status: 503, body: {} });
    await expect(new PdokGeocoder(base).resolve("Zwolle")).rejects.toThrow(/503/);
    answer = () => ({ status: 200, body: { response: { docs: [] } }, delay: 300 });
    await expect(new PdokGeocoder(base, 50).resolve("Zwolle")).rejects.toThrow();
  });

  it("createGeocoder('pdok') falls back to the bundled places when PDOK fails", async () => {
    answer = () => ({ status: 500, body: {} });
    const errors: unknown[] = [];
    const geocoder = createGeocoder(
      { GEOCODER: "pdok", PDOK_URL: base, GEOCODER_TIMEOUT_MS: 500 },
      (e) => errors.push(e),
    );
    expect((await geocoder.resolve("Kampen"))?.name).toBe("Kampen");
    expect(errors).toHaveLength(1);
  });
});

describe("CachedGeocoder and FallbackGeocoder", () => {
  const counting = () => {
    const calls: string[] = [];
    const inner: Geocoder = {
      resolve: async (q) => {
        calls.push(q);
        return q.startsWith("x") ? null : { name: q, latitude: 52, longitude: 5 };
      },
    };
    return { calls, inner };
  };

  it("asks once per normalised query, unknown places included", async () => {
    const { calls, inner } = counting();
    const cached = new CachedGeocoder(inner);
    await cached.resolve("Zwolle");
    await cached.resolve("  zwolle ");
    await cached.resolve("xyz");
    await cached.resolve("XYZ");
    expect(calls).toEqual(["Zwolle", "xyz"]);
  });

  it("forgets the least recently used beyond its size", async () => {
    const { calls, inner } = counting();
    const cached = new CachedGeocoder(inner, 2);
    await cached.resolve("a");
    await cached.resolve("b");
    await cached.resolve("a"); // a is now the most recent
    await cached.resolve("c"); // evicts b
    await cached.resolve("a");
    await cached.resolve("b");
    expect(calls).toEqual(["a", "b", "c", "b"]);
  });

  it("the fallback answers when the primary throws", async () => {
    const failing: Geocoder = { resolve: async () => Promise.reject(new Error("down")) };
    const geocoder = new FallbackGeocoder(failing, new OfflineGeocoder());
    expect((await geocoder.resolve("Zeist"))?.name).toBe("Zeist");
  });
});

describe("boundingBox", () => {
  it("holds every point of the circle, measured by haversine", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (const km of [1, 10, 50, 100]) {
      const centre = { lat: 50.8 + random() * 2.6, lon: 3.4 + random() * 3.8 };
      const box = boundingBox(centre.lat, centre.lon, km);
      for (let i = 0; i < 2000; i++) {
        const lat = centre.lat + (random() - 0.5) * 4;
        const lon = centre.lon + (random() - 0.5) * 6;
        if (haversineKm(centre.lat, centre.lon, lat, lon) <= km) {
          expect(
            lat >= box.minLat && lat <= box.maxLat && lon >= box.minLon && lon <= box.maxLon,
          ).toBe(true);
        }
      }
      // Points just inside the circle at due east and due north are inside the box.
      expect(box.maxLat - centre.lat).toBeGreaterThan((km / 6371) * (180 / Math.PI));
    }
  });
});
