import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { REVALIDATE_MAX_AGE_MS } from "./revalidate";

// The signature of the api's revalidation call (revalidate.ts, docs/page-cache.md).

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
