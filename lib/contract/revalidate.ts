import { z } from "zod";

/**
 * What the api and the web share about the page cache's revalidation (docs/page-cache.md):
 * after a write that changes a tenant's public content, the api POSTs a small JSON body to
 * the web's REVALIDATE_PATH, signed with HMAC-SHA256 over the exact body bytes with the
 * shared REVALIDATE_SECRET. The body carries a time, so a recorded call cannot be replayed
 * later than REVALIDATE_MAX_AGE_MS (it could only drop a cache again, but no one outside
 * should be able to make the web render everything afresh at will). The signing itself is
 * in revalidate-signature.ts (node:crypto), so lib/env.ts can read the secret's rule here.
 */

export const REVALIDATE_PATH = "/_volunteerly/revalidate";
export const REVALIDATE_SIGNATURE_HEADER = "x-volunteerly-signature";
/** How old (or how far in the future) a signed call may be. */
export const REVALIDATE_MAX_AGE_MS = 5 * 60_000;
/** The largest body the web reads for it. */
export const REVALIDATE_MAX_BODY_BYTES = 4_096;

/** REVALIDATE_SECRET: unset (or empty) is none; set, at least 32 characters. */
export const ZRevalidateSecret = z
  .string()
  .optional()
  .transform((value) => (value === "" ? undefined : value))
  .pipe(z.string().min(32, "REVALIDATE_SECRET must be at least 32 characters").optional());
