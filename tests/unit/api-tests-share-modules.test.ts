import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The api test files share one module graph per worker (vitest.config.ts, isolate: false).
// That holds only while no file changes what the next one imports: a module mock, a stubbed
// global or environment variable, or an assignment to process.env would leak into every
// file that runs after it in the same worker.
const API_TESTS = path.resolve(import.meta.dirname, "../api");
const LEAKS = [
  /\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers)\s*\(/,
  /process\.env(\.\w+|\[[^\]]+\])\s*=[^=]/,
  /delete\s+process\.env/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => path.join(dir, name));
}

describe("the api tests", () => {
  it("change nothing a later file in the same worker would import", () => {
    const files = sources(API_TESTS);
    expect(files.length).toBeGreaterThan(50);
    const leaking = files.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return LEAKS.filter((pattern) => pattern.test(text)).map(
        (pattern) => `${path.relative(API_TESTS, file)}: ${pattern}`,
      );
    });
    expect(leaking).toEqual([]);
  });
});
