import { z } from "zod";

/** spec §1: the six tenants. Kept apart from their config so lib/env.ts can validate slugs cheaply. */
export const TENANT_SLUGS = [
  "oldebroek",
  "roermond",
  "meedoen",
  "demo",
  "public",
  "cordaad",
] as const;

export const ZTenantSlug = z.enum(TENANT_SLUGS);
export type TTenantSlug = z.infer<typeof ZTenantSlug>;

export function isTenantSlug(value: unknown): value is TTenantSlug {
  return typeof value === "string" && (TENANT_SLUGS as readonly string[]).includes(value);
}
