import "fastify";
import type { TAuthSettings } from "./auth/settings";
import type { AppDb } from "./db/client";
import type { users } from "./db/schema";
import type { TEnv } from "./env";
import type { TPageRevalidator } from "./http/page-revalidation";
import type { JobWorker } from "./jobs/worker";
import type { Mailer } from "./mail/mailer";
import type { SearchSummaryCache } from "./queries/search-summary-cache";
import type { Storage } from "./storage";

declare module "fastify" {
  interface FastifyInstance {
    db: AppDb;
    config: TEnv;
    mailer: Mailer;
    /** Uploaded files (images): local files or S3 (backend/storage). */
    storage: Storage;
    /** The job queue's worker (backend/jobs/worker.ts); started by server.ts. */
    jobs: JobWorker;
    /** Auth clock, lifetimes and rate limits (backend/auth/settings.ts). */
    authSettings: TAuthSettings;
    /** Tells the web a tenant's public content changed (backend/http/page-revalidation.ts). */
    revalidatePublicPages: TPageRevalidator;
    /** The public search's counts and facets, null when SEARCH_SUMMARY_CACHE_MS is 0. */
    searchSummaries: SearchSummaryCache | null;
  }
  interface FastifyRequest {
    /** Set by the tenant hook on every /api and /auth request (from X-Tenant). */
    tenant: {
      id: number;
      slug: string;
      name: string;
      defaultVolunteerCenterId: number | null;
      /** spec §1: the tenant lets inactive users sign in (settings.allowInactiveUsers). */
      allowInactiveUsers: boolean;
      /** spec §1: the tenant's centres share their public content (settings.centreSharing). */
      centreSharing: boolean;
      /** spec §1: activities are off in the meedoen variant (settings.activities false). */
      activities: boolean;
      /** spec §1: volunteer profiles are off in the meedoen variant (settings.volunteerProfiles false). */
      volunteerProfiles: boolean;
      /** spec §1: peer-to-peer help, on for public and oldebroek (settings.peerHelp). */
      peerHelp: boolean;
    };
    /** The site's centre: Volunteer-Center-Id when it names one of the tenant's, else the default. */
    volunteerCenterId: number | null;
    /** The signed-in user (the users row); set by auth/authenticate.ts, else null. */
    user: (typeof users)["$inferSelect"] | null;
  }
}
