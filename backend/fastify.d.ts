import "fastify";
import type { AppDb } from "./db/client";
import type { TEnv } from "./env";
import type { Mailer } from "./mail/mailer";

declare module "fastify" {
  interface FastifyInstance {
    db: AppDb;
    config: TEnv;
    mailer: Mailer;
  }
  interface FastifyRequest {
    /** Set by the tenant hook on every /api and /auth request (from X-Tenant). */
    tenant: { id: number; slug: string; name: string; defaultVolunteerCenterId: number | null };
    /** The site's centre: Volunteer-Center-Id when it names one of the tenant's, else the default. */
    volunteerCenterId: number | null;
  }
}
