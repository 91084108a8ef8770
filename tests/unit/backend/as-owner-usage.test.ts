import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// backend/db/as-owner.ts runs statements without row security: a deliberate exception for
// the vacancy search (docs/vacancies-search.md) and the volunteer pool's search
// (docs/volunteer-pool.md). A new caller must be a decision, not a convenience, so this
// lists every backend file that mentions the helper.

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("asOwnerWithinTenant", () => {
  it("is used by the vacancy and pool searches and nothing else in the api", () => {
    const root = process.cwd();
    const users = files(join(root, "backend"))
      .filter((path) => readFileSync(path, "utf8").includes("asOwnerWithinTenant"))
      .map((path) => relative(root, path))
      .sort();
    expect(users).toEqual([
      "backend/db/as-owner.ts",
      "backend/queries/vacancy-search.ts",
      "backend/queries/volunteer-pool.ts",
    ]);
  });

  it("is the only place the api leaves the restricted role", () => {
    const root = process.cwd();
    const users = files(join(root, "backend"))
      .filter((path) =>
        /set_config\('role', 'none'|reset role|set role none/i.test(readFileSync(path, "utf8")),
      )
      .map((path) => relative(root, path));
    expect(users).toEqual(["backend/db/as-owner.ts"]);
  });
});
