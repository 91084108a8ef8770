import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * What the api and the web share about the page cache's revalidation (docs/page-cache.md):
 * after a write that changes a tenant's public content, the api POSTs a small JSON body to
 * the web's REVALIDATE_PATH, signed with HMAC-SHA256 over the exact body bytes with the
 * shared REVALIDATE_SECRET. The body carries a time, so a recorded call cannot be replayed
 * later than REVALIDATE_MAX_AGE_MS (it could only drop a cache again, but no one outside
 * should be able to make the web render everything afresh at will).
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

const ZRevalidateBody = z.object({
  tenant: z.string().regex(/^[a-z0-9-]{1,63}$/),
  /** Milliseconds since the epoch, when the api signed it. */
  at: z.number().int(),
});
export type TRevalidateBody = z.infer<typeof ZRevalidateBody>;

export function revalidateSignature(body: string | Buffer, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** The api's side: the body and its signature header. */
export function signRevalidation(
  tenant: string,
  secret: string,
  now = Date.now(),
): { body: string; signature: string } {
  const body = JSON.stringify({ tenant, at: now } satisfies TRevalidateBody);
  return { body, signature: revalidateSignature(body, secret) };
}

/**
 * The web's side: the tenant whose pages to drop, or null when the call is not one the api
 * signed with this secret (wrong or missing signature, stale, not the body's shape).
 */
export function verifyRevalidation(
  body: Buffer,
  signature: string | undefined,
  secret: string,
  now = Date.now(),
): TRevalidateBody | null {
  if (!signature) return null;
  const expected = Buffer.from(revalidateSignature(body, secret));
  const given = Buffer.from(signature);
  // Compared in constant time; the lengths are public (sha256= plus 64 hex digits).
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return null;
  }
  const result = ZRevalidateBody.safeParse(parsed);
  if (!result.success) return null;
  if (Math.abs(now - result.data.at) > REVALIDATE_MAX_AGE_MS) return null;
  return result.data;
}
