import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The web refuses to run in production without SESSION_SECRET (lib/env.ts), and `npm start`
 * runs a production build. When none is set, one is generated once and kept in `file`
 * (owner-only), so sessions survive a restart and a fresh clone starts with no setup.
 * Several web instances must share one secret: set SESSION_SECRET for them.
 */
export function sessionSecret(file: string): string {
  const given = process.env.SESSION_SECRET;
  if (given) return given;
  if (existsSync(file)) {
    const kept = readFileSync(file, "utf8").trim();
    if (kept.length >= 32) return kept;
  }
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  console.log(`[start] SESSION_SECRET is not set: generated one in ${file}`);
  return secret;
}
