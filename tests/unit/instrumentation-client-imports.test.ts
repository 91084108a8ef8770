import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// instrumentation-client.ts runs on every page before hydration, so whatever it imports
// statically ships with every page. A package imported there is paid for by every visitor:
// `zod/v4/core`, for one flag, was 4.5 KiB brotli on every public page
// (docs/public-pages.md). Our own small modules are fine; a package belongs behind import().

const ROOT = path.resolve(import.meta.dirname, "../..");
const ENTRY = path.join(ROOT, "instrumentation-client.ts");
// Static imports and re-exports with a value; type-only ones ship nothing.
const IMPORT = /^(?:import|export)\s+(type\s+)?(?:[^;"']*?\s+from\s+)?["']([^"']+)["']/gm;

function resolve(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/")
    ? path.join(ROOT, specifier.slice(2))
    : path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The packages instrumentation-client.ts's static import graph reaches. */
function packagesImported(): string[] {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, typeOnly, specifier] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      if (typeOnly) continue;
      if (specifier.startsWith("@/") || specifier.startsWith(".")) {
        const next = resolve(file, specifier);
        if (!next) throw new Error(`${specifier} (from ${file}) not found`);
        walk(next);
      } else {
        packages.add(specifier);
      }
    }
  };
  walk(ENTRY);
  return [...packages].sort();
}

describe("instrumentation-client.ts", () => {
  it("imports no package statically: it ships with every page", () => {
    expect(packagesImported()).toEqual([]);
  });
});
