import "server-only";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import {
  DURATION_METRIC,
  LATENCY_BUCKETS,
  methodLabel,
  REQUEST_LABELS,
  REQUESTS_METRIC,
  statusClass,
} from "@/lib/contract/metrics";
import { metricsAccessAllowed } from "@/lib/contract/metrics-access";
import { getMetricsToken } from "@/lib/env";
import type { TPageCacheResult } from "@/lib/page-cache/page-cache";

// The web process's metrics (docs/operations.md): the BFF's requests and the process. One
// set per process, kept on globalThis: scripts/web-server.ts and Next's bundles each load
// their own copy of this module, and all of them must count into the same series.

type TWebMetrics = {
  registry: Registry;
  requests: Counter<(typeof REQUEST_LABELS)[number]>;
  durations: Histogram<(typeof REQUEST_LABELS)[number]>;
  pageCache: Counter<"result">;
  pageCacheBytes: Gauge;
  /** What the page cache holds now, set by scripts/web-server.ts. */
  pageCacheSize: { bytes: () => number };
};

const KEY = Symbol.for("volunteerly.web-metrics");

function webMetrics(): TWebMetrics {
  const store = globalThis as { [KEY]?: TWebMetrics };
  if (!store[KEY]) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    store[KEY] = {
      registry,
      requests: new Counter({
        name: REQUESTS_METRIC,
        help: "BFF requests answered, by method, the api's route pattern and status class.",
        labelNames: REQUEST_LABELS,
        registers: [registry],
      }),
      durations: new Histogram({
        name: DURATION_METRIC,
        help: "Time the BFF took to answer, api call included, in seconds.",
        labelNames: REQUEST_LABELS,
        buckets: LATENCY_BUCKETS,
        registers: [registry],
      }),
      pageCache: new Counter({
        name: "volunteerly_page_cache_requests_total",
        help: "Public page requests by the page cache's answer: hit, stale (an expired copy while pages fail to render), miss, or bypass (a public page the visitor's request keeps out of the cache: signed in, a client navigation).",
        labelNames: ["result"],
        registers: [registry],
      }),
      pageCacheBytes: new Gauge({
        name: "volunteerly_page_cache_bytes",
        help: "Bytes the page cache holds.",
        registers: [registry],
        collect() {
          this.set(webMetrics().pageCacheSize.bytes());
        },
      }),
      pageCacheSize: { bytes: () => 0 },
    };
  }
  return store[KEY];
}

/** One BFF request, answered: `route` is the BFF path pattern (lib/bff/forward.ts). */
export function observeBffRequest(input: {
  method: string;
  route: string;
  status: number;
  seconds: number;
}): void {
  const { requests, durations } = webMetrics();
  const labels = {
    method: methodLabel(input.method),
    route: input.route,
    status_class: statusClass(input.status),
  };
  requests.inc(labels);
  durations.observe(labels, input.seconds);
}

/** One public page request, as the page cache answered it (docs/page-cache.md). */
export function observePageCache(result: TPageCacheResult): void {
  webMetrics().pageCache.inc({ result });
}

/** Where the page cache's size gauge reads from. */
export function reportPageCacheBytes(bytes: () => number): void {
  webMetrics().pageCacheSize.bytes = bytes;
}

/**
 * GET /metrics, or null when this caller may not read it (the caller answers as for an
 * unknown page). `peerAddress`: the socket's remote address, undefined where it cannot be
 * known (a Next route handler), and then only the token admits.
 */
export async function metricsResponse(
  request: Request,
  peerAddress: string | undefined,
): Promise<Response | null> {
  const allowed = metricsAccessAllowed({
    peerAddress,
    header: (name) => request.headers.get(name),
    token: getMetricsToken(),
  });
  if (!allowed) return null;
  const { registry } = webMetrics();
  const body = request.method === "HEAD" ? null : await registry.metrics();
  return new Response(body, {
    status: 200,
    headers: { "content-type": registry.contentType, "cache-control": "no-store" },
  });
}
