import { readFileSync } from "node:fs";
import path from "node:path";
import maplibrePackage from "maplibre-gl/package.json" with { type: "json" };
import { describe, expect, it } from "vitest";

// lib/map/maplibre-worker.ts points maplibre at public/map/maplibre-gl-worker-<v>.mjs:
// it must be the installed version's own worker, or the map breaks after an upgrade.
const root = path.resolve(import.meta.dirname, "../..");

describe("the map's bundled maplibre worker", () => {
  it("is the installed maplibre-gl's worker, named by its version", () => {
    const version = maplibrePackage.version;
    const served = readFileSync(path.join(root, `public/map/maplibre-gl-worker-${version}.mjs`));
    const installed = readFileSync(
      path.join(root, "node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs"),
    );
    expect(served.equals(installed)).toBe(true);
    const view = readFileSync(path.join(root, "lib/map/maplibre-worker.ts"), "utf8");
    expect(view).toContain(`/map/maplibre-gl-worker-${version}.mjs`);
  });
});
