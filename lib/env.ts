import { z } from "zod";
import { ZMetricsToken } from "@/lib/contract/metrics";
import { ZRevalidateSecret } from "@/lib/contract/revalidate";
import { ZTenantSlug } from "@/lib/tenants/slugs";

// The web process's configuration, parsed once. Nothing else under app/, lib/ or components/
// reads process.env. No "server-only" here: proxy.ts and next.config import it too, so the
// one secret sits behind a lazy getter instead (a build needs no secret).

/** Host (lowercase, no port) → tenant slug, given as JSON: {"vrijwilligers.example.nl":"public"}. */
const ZTenantHosts = z
  .string()
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.issues.push({ code: "custom", message: "TENANT_HOSTS is not valid JSON", input: raw });
      return z.NEVER;
    }
  })
  .pipe(
    z.record(
      z.string().transform((h) => h.trim().toLowerCase()),
      ZTenantSlug,
    ),
  );

/** Tenant slug → the id of its site's volunteer centre, as JSON: {"demo":1,"cordaad":7}. */
const ZCenterIds = z
  .string()
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.issues.push({
        code: "custom",
        message: "VOLUNTEER_CENTER_IDS is not valid JSON",
        input: raw,
      });
      return z.NEVER;
    }
  })
  .pipe(z.partialRecord(ZTenantSlug, z.number().int().positive()));

const ZWebEnv = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  /** Where the BFF forwards /api/v1/* and /api/auth/*. */
  API_BASE_URL: z
    .url()
    .default("http://127.0.0.1:4000")
    .transform((u) => u.replace(/\/+$/, "")),
  SESSION_COOKIE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default("volunteerly_session"),
  /** spec §1: the tenant cookie name is configuration, default 'tenant'. */
  TENANT_COOKIE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default("tenant"),
  DEFAULT_TENANT: ZTenantSlug.default("demo"),
  TENANT_HOSTS: ZTenantHosts.optional(),
  /**
   * spec §3/§7: the site's volunteer centre per tenant (public runtime configuration). Sent
   * as Content-Organization-Id, and as Volunteer-Center-Id when the browser selected none.
   * Without it the api uses the tenant's default centre.
   */
  VOLUNTEER_CENTER_IDS: ZCenterIds.optional(),
  /** Upper bound for one upstream call from the web server (STYLE.md: fetches carry a timeout). */
  API_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /**
   * spec §2: when the site is served on this host (lowercase, no port), every path other
   * than /gelderse-handen redirects there. Unset: no such host.
   */
  GELDERSE_HANDEN_HOST: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+$/, "a host name without scheme or port")
    .optional(),
  /** ARCHITECTURE.md §12: error reporting is on when a DSN is set (web server and browser). */
  SENTRY_DSN: z.url().optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).optional(),
  /**
   * spec §2 "Developer and test pages" (/dev/*, /test/*). Default: on in development and
   * tests, off in production; the e2e run switches them on for the built app.
   */
  ENABLE_DEV_PAGES: z.stringbool().optional(),
  /**
   * ARCHITECTURE.md §11: the MapLibre style of the social map. Default: the bundled offline
   * style (public/map/style.json: no network). Production: the PDOK BRT-Achtergrondkaart
   * vector style, https://api.pdok.nl/kadaster/brt-achtergrondkaart/ogc/v1/styles/standaard__webmercatorquad?f=json
   * (docs/social-map.md). An absolute http(s) URL or a path on this site.
   */
  MAP_STYLE_URL: z
    .string()
    .trim()
    .refine(
      (value) => /^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/.test(value),
      "an http(s) URL or a path starting with /",
    )
    .default("/map/style.json"),
  /**
   * More origins the pages may fetch from and show images of, beyond this site, the map
   * style's origin and Sentry's (docs/web-hardening.md), space-separated:
   * "https://tiles.example.nl https://cdn.example.nl". Each must be a bare http(s) origin.
   */
  CSP_EXTRA_ORIGINS: z
    .string()
    .trim()
    .transform((raw) => raw.split(/\s+/).filter(Boolean))
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/i,
            "an origin such as https://tiles.example.nl (no path, no wildcard)",
          )
          .transform((origin) => new URL(origin).origin),
      ),
    )
    .optional(),
  /**
   * Proxies in front of the web whose X-Forwarded-For counts (scripts/web-server.ts): a
   * comma-separated list of addresses. From anyone else the header is replaced by the
   * connection's own address, so a client cannot pick the address the api's per-IP limits
   * count. As the api's TRUST_PROXY: this host by default.
   */
  WEB_TRUST_PROXY: z
    .string()
    .default("127.0.0.1,::1")
    .transform((raw) =>
      raw
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  /**
   * The page cache of scripts/web-server.ts (docs/page-cache.md): the most its pages may
   * hold, in megabytes; 0 turns it off.
   */
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
  /**
   * How long a cached page is served at most, in seconds (1 to 60): how late a change shows
   * when the api's revalidation call does not arrive (REVALIDATE_SECRET unset, web unreachable).
   */
  PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
  /**
   * How long past its TTL a cached page may still be served while pages fail to render (the
   * api or its database down), in seconds; 0 never (docs/page-cache.md).
   */
  PAGE_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3_600),
});

export type TWebEnv = z.infer<typeof ZWebEnv>;

export function parseWebEnv(source: Record<string, string | undefined>): TWebEnv {
  const result = ZWebEnv.safeParse(source);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid web environment: ${issues}`);
  }
  return result.data;
}

/** Non-secret settings. */
export const env: TWebEnv = parseWebEnv(process.env);

/** Whether the developer and test pages of spec §2 are served (see ENABLE_DEV_PAGES). */
export function devPagesEnabled(settings: TWebEnv = env): boolean {
  return settings.ENABLE_DEV_PAGES ?? settings.NODE_ENV !== "production";
}

// Development and tests share this one, so a sealed cookie survives a restart there. Never in production.
const DEV_SESSION_SECRET = "volunteerly-development-session-secret-not-for-production";

const ZSessionSecret = z.string().min(32, "SESSION_SECRET must be at least 32 characters");

/** Reads, validates and caches the session secret on first use (not at import, so `next build` needs none). */
export function readSessionSecret(
  source: Record<string, string | undefined>,
  nodeEnv: string,
): string {
  const raw = source.SESSION_SECRET;
  if (raw === undefined || raw === "") {
    if (nodeEnv === "production") {
      throw new Error("SESSION_SECRET is required in production (at least 32 characters)");
    }
    return DEV_SESSION_SECRET;
  }
  return ZSessionSecret.parse(raw);
}

let sessionSecret: string | undefined;
export function getSessionSecret(): string {
  sessionSecret ??= readSessionSecret(process.env, env.NODE_ENV);
  return sessionSecret;
}

/**
 * METRICS_TOKEN (docs/operations.md): GET /metrics from anywhere but this host needs it.
 * Optional; when set, at least 32 characters. A secret, so read lazily like the session's.
 */
export function readMetricsToken(source: Record<string, string | undefined>): string | undefined {
  const result = ZMetricsToken.safeParse(source.METRICS_TOKEN);
  if (!result.success) {
    const issues = result.error.issues.map((i) => i.message).join("; ");
    throw new Error(`Invalid web environment: METRICS_TOKEN: ${issues}`);
  }
  return result.data;
}

let metricsToken: { value: string | undefined } | undefined;
export function getMetricsToken(): string | undefined {
  metricsToken ??= { value: readMetricsToken(process.env) };
  return metricsToken.value;
}

/**
 * REVALIDATE_SECRET (docs/page-cache.md): the key the api signs its "a tenant's public
 * content changed" calls with. Optional; when set, at least 32 characters, and the same as
 * the api's. Unset, the page cache only ages pages out. A secret, so read lazily.
 */
export function readRevalidateSecret(
  source: Record<string, string | undefined>,
): string | undefined {
  const result = ZRevalidateSecret.safeParse(source.REVALIDATE_SECRET);
  if (!result.success) {
    const issues = result.error.issues.map((i) => i.message).join("; ");
    throw new Error(`Invalid web environment: REVALIDATE_SECRET: ${issues}`);
  }
  return result.data;
}

let revalidateSecret: { value: string | undefined } | undefined;
export function getRevalidateSecret(): string | undefined {
  revalidateSecret ??= { value: readRevalidateSecret(process.env) };
  return revalidateSecret.value;
}
