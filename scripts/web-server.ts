// The web process: Next's standalone server with the BFF in front of it.
//
//   node --import tsx scripts/web-server.ts [standalone dir]   (default .next/standalone; "." in the image)
//
// /api/v1/*, /api/auth/*, /api/session, /api/session/stop_impersonating and /api/locale are
// answered by the BFF handlers (lib/bff, picked by bffHandlerFor in lib/bff/node-adapter.ts)
// on the plain Node request, before Next's router: the same handlers the app/api route
// handlers call, without Next's per-request route machinery, which cost more than the
// budget for the whole BFF (bench/bff.ts; docs/decisions.md). Signed-out visitors' public
// pages come from the page cache when it has them (lib/page-cache, docs/page-cache.md), and
// POST /_volunteerly/revalidate is the api's call that drops a tenant's. Everything else goes
// to Next.
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createRequire, register } from "node:module";
import path from "node:path";

register("./server-only-hook.mjs", import.meta.url);

type TNextServer = {
  prepare(): Promise<void>;
  getRequestHandler(): (
    req: import("node:http").IncomingMessage,
    res: import("node:http").ServerResponse,
  ) => Promise<void>;
};

const dir = path.resolve(process.argv[2] ?? ".next/standalone");
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME ?? "0.0.0.0";
// As the standalone server.js does: this process only ever serves a production build.
(process.env as Record<string, string>).NODE_ENV = "production";

// The build's own config, as the standalone server.js passes it: no next.config.ts at run time.
const { config } = JSON.parse(
  readFileSync(path.join(dir, ".next/required-server-files.json"), "utf8"),
) as { config: Record<string, unknown> };
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);

// Imported after the hook is registered, so their `server-only` resolves to the empty module.
const { getBffConfig } = await import("@/lib/bff/config");
const { addSecurityHeaders, bffHandlerFor, serveBff } = await import("@/lib/bff/node-adapter");
const { getMetricsToken } = await import("@/lib/env");
const { isMetricsRequest, serveMetrics } = await import("@/lib/metrics/serve-metrics");
const { hasForbiddenCharacters } = await import("@/lib/security/request-target");
const { normalizeForwardedFor } = await import("@/lib/security/forwarded-for");
const { env } = await import("@/lib/env");
const { NOT_FOUND_REWRITE_PATH } = await import("@/lib/navigation/request-route");
const { getRevalidateSecret } = await import("@/lib/env");
const { REVALIDATE_PATH } = await import("@/lib/contract/revalidate");
const { PageCache, PAGE_CACHE_HEADER } = await import("@/lib/page-cache/page-cache");
const { pageCacheDecision } = await import("@/lib/page-cache/request");
const { serveCachedPage, serveRevalidation } = await import("@/lib/page-cache/serve");
const { observePageCache, reportPageCacheBytes } = await import("@/lib/metrics/web-metrics");
const { createNonce } = await import("@/lib/security/headers");
const { tenantHostMap } = await import("@/lib/tenants/tenants");
const { withDocumentStatus } = await import("@/lib/errors/document-status");

const next = createRequire(path.join(dir, "server.js"))("next") as (options: object) => TNextServer;
const app = next({ dev: false, dir, hostname, port, conf: config, customServer: true });
await app.prepare();
const handleWithNext = app.getRequestHandler();
const bffConfig = getBffConfig();
// A bad METRICS_TOKEN stops the start, not the first scrape.
getMetricsToken();
const revalidateSecret = getRevalidateSecret();

// Next's own reading of a user agent (bots get their metadata in the <head>), as the build
// configured it: part of the page cache's key.
const { getBotType } = createRequire(path.join(dir, "server.js"))(
  "next/dist/shared/lib/router/utils/is-bot",
) as { getBotType: (userAgent: string) => string | undefined };
const htmlLimitedBots =
  typeof config.htmlLimitedBots === "string" ? new RegExp(config.htmlLimitedBots, "i") : null;
const pageCacheBytes = env.PAGE_CACHE_MB * 1024 * 1024;
const pageCache =
  pageCacheBytes > 0
    ? new PageCache({
        maxBytes: pageCacheBytes,
        ttlMs: env.PAGE_CACHE_TTL_SECONDS * 1000,
        staleMs: env.PAGE_CACHE_STALE_SECONDS * 1000,
        createNonce,
      })
    : null;
if (pageCache) reportPageCacheBytes(() => pageCache.bytes);
const pageCacheSettings = {
  sessionCookieName: env.SESSION_COOKIE_NAME,
  tenantCookieName: env.TENANT_COOKIE_NAME,
  hostMap: tenantHostMap(env.TENANT_HOSTS),
  defaultSlug: env.DEFAULT_TENANT,
  botType: (userAgent: string) =>
    getBotType(userAgent) ?? (htmlLimitedBots?.test(userAgent) ? "html" : undefined),
};
const passToNext = (req: IncomingMessage, res: ServerResponse) =>
  handleWithNext(req, res).catch((error: unknown) => {
    console.error("[web] request failed", error);
    if (res.headersSent) res.destroy();
    else
      res
        .writeHead(500, { "content-type": "text/plain; charset=utf-8" })
        .end("Internal Server Error");
  });

// A page that renders its own error screen sets the document's status through this
// (lib/errors/document-status.ts, docs/errors.md).
const server = createServer((req, res) => withDocumentStatus(req, res, () => handle(req, res)));

function handle(req: IncomingMessage, res: ServerResponse): void {
  // GET /metrics (docs/operations.md) before Next, where the socket's address is known; a
  // refused caller gets the 404 screen, under the address it asked for.
  if (isMetricsRequest(req)) {
    const notFound = (request: typeof req, response: typeof res) => {
      request.url = NOT_FOUND_REWRITE_PATH;
      return handleWithNext(request, response);
    };
    serveMetrics(req, res, notFound).catch((error: unknown) => {
      console.error("[web] /metrics failed", error);
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end();
    });
    return;
  }
  // Who connected, as the BFF and the api's per-IP limits will read it (lib/security). After
  // /metrics, which judges the raw request: a forwarding header there means "not local".
  normalizeForwardedFor(req.headers, req.socket.remoteAddress, env.WEB_TRUST_PROXY);
  const handler = bffHandlerFor(req.url ?? "/");
  if (handler) {
    void serveBff(req, res, handler, bffConfig);
    return;
  }
  if ((req.url ?? "/").split("?")[0] === REVALIDATE_PATH) {
    serveRevalidation(req, res, {
      secret: revalidateSecret,
      invalidate: (tenant) => pageCache?.invalidate(tenant) ?? 0,
    }).catch((error: unknown) => {
      console.error("[web] revalidation failed", error);
      if (!res.headersSent) res.writeHead(500).end();
    });
    return;
  }
  // Pages get their nonced policy from proxy.ts; Next's files, feeds and errors the rest.
  addSecurityHeaders(req, res);
  // A NUL or a lone surrogate (docs/web-hardening.md): Next would turn an encoded surrogate
  // into U+FFFD before proxy.ts sees it, so the raw target is judged here. The 404 screen
  // answers, under the address the browser asked for.
  if (hasForbiddenCharacters(req.url ?? "/")) req.url = NOT_FOUND_REWRITE_PATH;
  if (pageCache) {
    const decision = pageCacheDecision(req, pageCacheSettings);
    if (decision.cacheable) {
      serveCachedPage(req, res, {
        cache: pageCache,
        key: decision.key,
        tenant: decision.tenant,
        next: passToNext,
        maxEntryBytes: pageCacheBytes / 8,
      }).then(observePageCache, (error: unknown) => {
        console.error("[web] page cache failed", error);
        if (res.headersSent) res.destroy();
        else res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end();
      });
      return;
    }
    // Counted where the visitor's request, not the address, keeps a public page out.
    if (decision.reason !== "route" && decision.reason !== "method" && decision.reason !== "target")
      observePageCache("bypass");
  }
  res.setHeader(PAGE_CACHE_HEADER, "bypass");
  // Next renders its own error pages; passToNext only catches a failure of Next itself, so
  // one bad request never takes the process down.
  void passToNext(req, res);
}
// Above the keep-alive of proxies in front (60 s is common), as Next's own server does.
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  console.log(`[web] listening on http://${hostname}:${port}`);
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
