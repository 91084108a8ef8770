import { z } from "zod";
import { ZMetricsToken } from "../lib/contract/metrics";
import { ZRevalidateSecret } from "../lib/contract/revalidate";

// The api's whole configuration, parsed once. Nothing else in backend/ reads process.env.
const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  API_HOST: z.string().default("127.0.0.1"),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** PostgreSQL connection string; without it the embedded PGlite in PGLITE_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  PGLITE_DIR: z.string().default(".data/pglite"),
  /** Api worker processes (node:cluster) with DATABASE_URL; unset, one per core
   *  (os.availableParallelism()). PGlite is in-process: always one (docs/operations.md). */
  API_WORKERS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(1).max(64).optional(),
  ),
  /** smtp://user:pass@host:port; without it mail lands in the mail_outbox table. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Volunteerly <no-reply@volunteerly.test>"),
  /** Hosts a redirect_url may point at (devise_token_auth redirect whitelist). */
  REDIRECT_HOSTS: z
    .string()
    .default("localhost,*.localhost,127.0.0.1")
    .transform((s) =>
      s
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** devise_token_auth change_headers_on_each_request. */
  TOKEN_ROTATION: bool.default(true),
  TOKEN_LIFESPAN_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(14 * 24 * 3600),
  REDIS_URL: z.string().optional(),
  /** Failed sign-ins per client IP per 15 minutes (all clients behind one NAT share it). */
  AUTH_SIGN_IN_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  /** Mail-sending auth requests (reset, confirmation, unlock) per client IP per 15 minutes. */
  AUTH_MAIL_LIMIT_PER_IP: z.coerce.number().int().positive().default(10),
  /** Proxies whose X-Forwarded-For is trusted (the web process). */
  TRUST_PROXY: z.string().default("127.0.0.1,::1"),
  /** Place and postcode lookup for the vacancy search (docs/vacancies-search.md): the bundled
   *  table (default, no network) or PDOK Locatieserver. */
  GEOCODER: z.enum(["offline", "pdok"]).default("offline"),
  PDOK_URL: z.string().url().default("https://api.pdok.nl/bzk/locatieserver/search/v3_1"),
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
  /** How long the count and facets of one vacancy search are reused (0 = never). */
  SEARCH_SUMMARY_CACHE_MS: z.coerce.number().int().min(0).default(30_000),
  /** Whether this api process runs the job worker (docs/jobs.md); any number may. */
  JOBS_WORKER: bool.default(true),
  /** How often an idle worker looks for due jobs; a request that enqueues one nudges it. */
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  /** A running job whose worker has not finished it after this long is run again. */
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /** Jobs one worker runs at the same time. */
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  /** Finished jobs are deleted this many days after they finished (the nightly cleanup);
   *  at least 2, so a schedule's occurrence is never deleted while it can be enqueued. */
  JOBS_RETENTION_DAYS: z.coerce.number().int().min(2).max(3650).default(14),
  /**
   * Each site's public origin by tenant slug, as JSON (`{"demo":"https://demo.example.nl"}`):
   * the links of mail sent without a request to take the host from (the periodic mail, the
   * reply-time reminders). A
   * site not listed is `http://<slug>.localhost:3000`, the development address.
   */
  SITE_ORIGINS: z
    .string()
    .default("{}")
    .transform((raw, ctx) => {
      try {
        const parsed = z.record(z.string(), z.url()).parse(JSON.parse(raw));
        return Object.fromEntries(
          Object.entries(parsed).map(([slug, url]) => [slug.toLowerCase(), new URL(url).origin]),
        );
      } catch {
        ctx.addIssue({ code: "custom", message: "SITE_ORIGINS is not a JSON object of URLs" });
        return z.NEVER;
      }
    }),
  /** Where uploaded images are kept (docs/content-writes.md): files under STORAGE_DIR, or
   *  an S3-compatible bucket (then S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY). */
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  STORAGE_DIR: z.string().min(1).default(".data/storage"),
  /** The S3 endpoint, path style (`https://s3.eu-central-1.amazonaws.com`, a MinIO's URL). */
  S3_ENDPOINT: z.string().url().default("https://s3.amazonaws.com"),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** GET /metrics from anywhere but this host needs `Authorization: Bearer <METRICS_TOKEN>`
   *  (docs/operations.md); unset, only a scraper on this host reads it. */
  METRICS_TOKEN: ZMetricsToken,
  /**
   * The web's own address as this process reaches it (`http://127.0.0.1:3000`): after a write
   * that changes a tenant's public content the api tells the web to drop that tenant's cached
   * pages (docs/page-cache.md). With REVALIDATE_SECRET, the key both sides share (at least 32
   * characters). Without either the web's cache only ages pages out.
   */
  WEB_INTERNAL_URL: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .url()
      .optional()
      .transform((u) => u?.replace(/\/+$/, "")),
  ),
  REVALIDATE_SECRET: ZRevalidateSecret,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

const ZCheckedEnv = ZEnv.superRefine((value, ctx) => {
  if (value.STORAGE_DRIVER !== "s3") return;
  for (const key of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
    if (!value[key]) {
      ctx.addIssue({ code: "custom", path: [key], message: "is required with STORAGE_DRIVER=s3" });
    }
  }
});

export type TEnv = z.infer<typeof ZEnv>;

export function parseEnv(source: Record<string, string | undefined> = process.env): TEnv {
  const result = ZCheckedEnv.safeParse(source);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid api environment: ${issues}`);
  }
  return result.data;
}

let cached: TEnv | undefined;
export function env(): TEnv {
  cached ??= parseEnv();
  return cached;
}
