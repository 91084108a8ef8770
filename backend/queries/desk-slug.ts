import type { AppDb } from "../db/client";
import { slugsLike } from "./desks";

const MAX_SLUG = 80;

/** Rails' `parameterize`: ASCII, lower case, words joined by '-'. */
export function parameterize(text: string, fallback = "desk"): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_SLUG)
    .replace(/^-+|-+$/g, "");
  return slug || fallback;
}

/** A slug from the desk name that no desk of the tenant has: `name`, then `name-2`, … */
export async function uniqueDeskSlug(db: AppDb, tenantId: number, azcName: string) {
  const base = parameterize(azcName);
  const taken = new Set(await slugsLike(db, tenantId, base));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}
