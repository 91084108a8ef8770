import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppDb } from "../db/client";
import { organizations, tenants } from "../db/schema";
import { AppError, badRequest } from "../errors";

type TTenant = FastifyRequest["tenant"];

// Tenants change rarely; a short cache keeps the lookup off every request.
const CACHE_MS = 60_000;

export function tenantResolver(db: AppDb) {
  const cache = new Map<string, { tenant: TTenant; at: number }>();
  const centers = new Map<string, { ok: boolean; at: number }>();

  async function find(slug: string): Promise<TTenant | null> {
    const hit = cache.get(slug);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.tenant;
    const [row] = await db
      .select({
        id: tenants.id,
        slug: tenants.slug,
        name: tenants.name,
        defaultVolunteerCenterId: tenants.defaultVolunteerCenterId,
        settings: tenants.settings,
      })
      .from(tenants)
      .where(eq(tenants.slug, slug));
    if (!row) return null;
    const { settings, ...rest } = row;
    // spec §1: inactive users are not allowed by default; a tenant may switch that on.
    const tenant: TTenant = {
      ...rest,
      allowInactiveUsers: settings.allowInactiveUsers === true,
      centreSharing: settings.centreSharing === true,
      activities: settings.activities !== false,
      volunteerProfiles: settings.volunteerProfiles !== false,
      peerHelp: settings.peerHelp === true,
    };
    cache.set(slug, { tenant, at: Date.now() });
    return tenant;
  }

  /** Is this id a volunteer centre of the tenant? (owner query: centres are public facts) */
  async function isCenter(tenantId: number, id: number): Promise<boolean> {
    const key = `${tenantId}:${id}`;
    const hit = centers.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.ok;
    const [row] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(
        and(
          eq(organizations.tenantId, tenantId),
          eq(organizations.id, id),
          eq(organizations.type, "VolunteerCenter"),
        ),
      );
    centers.set(key, { ok: Boolean(row), at: Date.now() });
    return Boolean(row);
  }

  const clear = () => {
    cache.clear();
    centers.clear();
  };
  return { find, isCenter, clear };
}

/** Registers the X-Tenant hook on the calling scope (every /api/v1 and /auth route). */
export function registerTenantHook(scope: FastifyInstance) {
  const resolver = tenantResolver(scope.db);
  scope.addHook("onRequest", async (request) => {
    const slug = request.headers["x-tenant"];
    if (typeof slug !== "string" || slug === "") {
      throw badRequest("The X-Tenant header is required.", "X-Tenant");
    }
    const tenant = await resolver.find(slug.toLowerCase());
    if (!tenant) throw new AppError("not_found", `Unknown tenant '${slug}'.`);
    request.tenant = tenant;
    const header = request.headers["volunteer-center-id"];
    const asked = typeof header === "string" && /^\d+$/.test(header) ? Number(header) : null;
    request.volunteerCenterId =
      asked !== null && (await resolver.isCenter(tenant.id, asked))
        ? asked
        : tenant.defaultVolunteerCenterId;
  });
}
