"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { env } from "@/lib/env";
import { ZTenantSlug } from "@/lib/tenants/slugs";

// Server action of /switch (spec §2: public). Anyone may choose which tenant this browser
// sees: the cookie picks among public sites and grants nothing; a host that names a tenant
// still wins over it (lib/tenants/resolve-tenant.ts). Next checks the Origin of the post.

/** A year, like the locale cookie (spec §9: 365 days). */
const TENANT_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Stores the chosen tenant in the tenant cookie (spec §1: path '/', secure) and goes to '/'. */
export async function switchTenant(formData: FormData): Promise<void> {
  const choice = ZTenantSlug.safeParse(formData.get("tenant"));
  if (!choice.success) redirect("/switch");
  const jar = await cookies();
  jar.set(env.TENANT_COOKIE_NAME, choice.data, {
    path: "/",
    secure: true,
    // The server reads it on every request; no script needs it.
    httpOnly: true,
    sameSite: "lax",
    maxAge: TENANT_COOKIE_MAX_AGE,
  });
  redirect("/");
}
