import { cpSync, existsSync, readFileSync, rmSync } from "node:fs";

/**
 * Is there a standalone build (output "standalone") of the current `next build`? Then its
 * static files and public/ are copied beside it, which the standalone server needs.
 * Paths are relative to the project root (the caller's working directory).
 */
export function prepareStandalone(): boolean {
  const standaloneBuildId = ".next/standalone/.next/BUILD_ID";
  const current =
    existsSync(".next/standalone/server.js") &&
    existsSync(standaloneBuildId) &&
    readFileSync(standaloneBuildId, "utf8") === readFileSync(".next/BUILD_ID", "utf8");
  if (!current) return false;
  for (const [from, to] of [
    [".next/static", ".next/standalone/.next/static"],
    ["public", ".next/standalone/public"],
  ]) {
    rmSync(to, { recursive: true, force: true });
    if (existsSync(from)) cpSync(from, to, { recursive: true });
  }
  return true;
}
