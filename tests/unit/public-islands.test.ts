import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/public-pages.md: the public pages' client islands take their texts as props. A client
// module in their static import graph that imports next-intl ships next-intl's client (its
// message parser is most of a public page's own JavaScript) to every visitor of that page.

const ROOT = path.resolve(import.meta.dirname, "../..");
const ENTRY_DIRS = ["app/(public)", "app/(landing)"];
// Static imports only: a dynamic import() is a chunk the island loads later (on a click, or
// the map once the page is on screen), not JavaScript the page ships up front.
// Type-only imports and re-exports ship nothing.
const IMPORT = /^(?:import|export)\s+(type\s+)?(?:[^;"']*?\s+from\s+)?["']([^"']+)["']/gm;

function entries(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return entries(full);
    return /\.(tsx?|jsx?)$/.test(name) ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const isClient = (source: string) => /^\s*["']use client["']/.test(source);

/** Client modules of the graph that import next-intl itself (not next-intl/server). */
function offenders(): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const walk = (file: string, client: boolean) => {
    const key = `${file}|${client}`;
    if (seen.has(key)) return;
    seen.add(key);
    const source = readFileSync(file, "utf8");
    const inClient = client || isClient(source);
    // A server component that renders next-intl's provider ships its client all the same.
    if (/\bNextIntlClientProvider\b/.test(source)) found.add(path.relative(ROOT, file));
    for (const [, typeOnly, specifier] of source.matchAll(IMPORT)) {
      if (typeOnly) continue;
      if (inClient && specifier === "next-intl") found.add(path.relative(ROOT, file));
      const next = resolve(file, specifier);
      if (next) walk(next, inClient);
    }
  };
  for (const dir of ENTRY_DIRS) for (const file of entries(path.join(ROOT, dir))) walk(file, false);
  return [...found].sort();
}

describe("the public pages' client islands", () => {
  it("never import next-intl in what a page ships up front: texts come as props", () => {
    expect(offenders()).toEqual([]);
  });
});
