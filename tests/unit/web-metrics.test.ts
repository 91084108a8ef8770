import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { isLoopbackAddress, metricsAccessAllowed } from "@/lib/contract/metrics-access";
import { config, json, startFakeApi, upstream, WEB } from "./support/fake-api";

vi.mock("server-only", () => ({}));

// The web's GET /metrics (docs/operations.md): who may read it, and the BFF's request
// metrics under the api's route pattern, never the URL.

const TOKEN = "web-metrics-token-for-the-test-0123456789";
process.env.METRICS_TOKEN = TOKEN;

const { metricsResponse } = await import("@/lib/metrics/web-metrics");
const { handleApiRequest, handleAuthRequest } = await import("@/lib/bff/handlers");
const { GET } = await import("@/app/metrics/route");
const { isMetricsRequest, serveMetrics } = await import("@/lib/metrics/serve-metrics");

startFakeApi();

const scrapeRequest = (headers: Record<string, string> = {}) =>
  new Request(`${WEB}/metrics`, { headers });

/** The scrape as the loopback scraper gets it. */
async function scrape(): Promise<string> {
  const response = await metricsResponse(scrapeRequest(), "127.0.0.1");
  expect(response?.status).toBe(200);
  return (await response?.text()) ?? "";
}

const header = (headers: Record<string, string>) => (name: string) => headers[name];

describe("the metrics access rule", () => {
  it("knows loopback addresses, IPv4, IPv6 and IPv4-mapped", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of ["10.0.0.1", "::ffff:10.0.0.1", "203.0.113.9", "", undefined, "::"]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });

  it("admits a loopback peer no proxy forwarded, without a token", () => {
    expect(
      metricsAccessAllowed({ peerAddress: "127.0.0.1", header: header({}), token: undefined }),
    ).toBe(true);
    expect(metricsAccessAllowed({ peerAddress: "::1", header: header({}), token: TOKEN })).toBe(
      true,
    );
  });

  it("refuses a loopback peer that forwards someone (a proxy on this host), whatever it names", () => {
    const proxied: Record<string, string>[] = [
      { "x-forwarded-for": "127.0.0.1" },
      { forwarded: "for=127.0.0.1" },
      { "x-real-ip": "127.0.0.1" },
    ];
    for (const forwarded of proxied) {
      expect(
        metricsAccessAllowed({ peerAddress: "127.0.0.1", header: header(forwarded), token: TOKEN }),
      ).toBe(false);
    }
  });

  it("refuses another peer, and a header claiming loopback changes nothing", () => {
    expect(
      metricsAccessAllowed({
        peerAddress: "203.0.113.9",
        header: header({ "x-forwarded-for": "127.0.0.1" }),
        token: TOKEN,
      }),
    ).toBe(false);
    expect(metricsAccessAllowed({ peerAddress: undefined, header: header({}), token: TOKEN })).toBe(
      false,
    );
  });

  it("admits anyone with the right bearer token, and no one with a wrong or missing one", () => {
    const allowed = (authorization: string, token: string | undefined) =>
      metricsAccessAllowed({
        peerAddress: "203.0.113.9",
        header: header({ authorization, "x-forwarded-for": "198.51.100.7" }),
        token,
      });
    expect(allowed(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(allowed(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(allowed(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(allowed(`Bearer ${TOKEN}0`, TOKEN)).toBe(false);
    expect(allowed(TOKEN, TOKEN)).toBe(false);
    expect(allowed(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    // No token configured: no bearer admits, not even an empty one.
    expect(allowed("Bearer ", undefined)).toBe(false);
    expect(allowed(`Bearer ${TOKEN}`, undefined)).toBe(false);
  });
});

describe("the web's GET /metrics", () => {
  it("answers a refused caller null (the server then answers its 404 screen)", async () => {
    expect(await metricsResponse(scrapeRequest(), "203.0.113.9")).toBeNull();
    expect(await metricsResponse(scrapeRequest(), undefined)).toBeNull();
  });

  it("answers the token's holder from anywhere, in Prometheus' text format", async () => {
    const response = await metricsResponse(
      scrapeRequest({ authorization: `Bearer ${TOKEN}` }),
      "203.0.113.9",
    );
    expect(response?.status).toBe(200);
    expect(response?.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = (await response?.text()) ?? "";
    expect(body).toContain("# TYPE volunteerly_http_requests_total counter");
    expect(body).toContain("# TYPE volunteerly_http_request_duration_seconds histogram");
    expect(body).toContain("# TYPE process_cpu_user_seconds_total counter");
  });

  it("is, as Next's route handler, for the token only: it cannot know the peer", async () => {
    await expect(GET(scrapeRequest())).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404/);
    const response = await GET(scrapeRequest({ authorization: `Bearer ${TOKEN}` }));
    expect(response.status).toBe(200);
  });

  it("counts the BFF's requests under the api's route pattern, never the URL", async () => {
    upstream.reply = (_req, res) =>
      json(res, 404, { errors: [] }, { "x-route-pattern": "/api/v1/users/:id" });
    await handleApiRequest(new Request(`${WEB}/api/v1/users/424242`), config);
    await handleApiRequest(new Request(`${WEB}/api/v1/users/434343`), config);
    upstream.reply = (_req, res) =>
      json(res, 401, { errors: [] }, { "x-route-pattern": "/auth/validate_token" });
    await handleAuthRequest(new Request(`${WEB}/api/auth/validate_token`), config);
    upstream.reply = (_req, res) => json(res, 404, { errors: [] });
    await handleApiRequest(new Request(`${WEB}/api/v1/nothing/515151`), config);

    const body = await scrape();
    expect(body).toContain(
      'volunteerly_http_requests_total{method="GET",route="/api/v1/users/:id",status_class="4xx"} 2',
    );
    expect(body).toContain(
      'volunteerly_http_requests_total{method="GET",route="/api/auth/validate_token",status_class="4xx"} 1',
    );
    expect(body).toContain(
      'volunteerly_http_requests_total{method="GET",route="unmatched",status_class="4xx"} 1',
    );
    for (const id of ["424242", "434343", "515151"]) expect(body).not.toContain(id);
  });
});

describe("the web server's /metrics, on real sockets", () => {
  // An address of this machine that is not loopback: a connection to it has that peer.
  const outside = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === "IPv4")?.address;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (!isMetricsRequest(req)) return res.writeHead(418).end();
      void serveMetrics(req, res, async (_req, response) => {
        response.writeHead(404, { "content-type": "text/html" }).end("the 404 screen");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (host: string, headers: Record<string, string> = {}, path = "/metrics") =>
    fetch(`http://${host}:${port}${path}`, { headers });

  it("serves a scraper on this host, with the resource policy, and nothing else of the path", async () => {
    const response = await get("127.0.0.1");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("# TYPE volunteerly_http_requests_total counter");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect((await get("127.0.0.1", {}, "/metrics/x")).status).toBe(418);
    expect((await get("127.0.0.1", {}, "/metricsx")).status).toBe(418);
  });

  it("gives a forwarded loopback request the 404 screen", async () => {
    const response = await get("127.0.0.1", { "x-forwarded-for": "127.0.0.1" });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("the 404 screen");
  });

  it.skipIf(!outside)(
    "gives another peer the 404 screen, and its token holder the metrics",
    async () => {
      const refused = await get(outside as string, { "x-forwarded-for": "127.0.0.1" });
      expect(refused.status).toBe(404);
      expect(await refused.text()).toBe("the 404 screen");
      const admitted = await get(outside as string, { authorization: `Bearer ${TOKEN}` });
      expect(admitted.status).toBe(200);
    },
  );
});

describe("the page cache's metrics (docs/page-cache.md)", () => {
  it("counts hits, misses and bypasses, and reports the cache's size", async () => {
    const { observePageCache, reportPageCacheBytes } = await import("@/lib/metrics/web-metrics");
    const count = (text: string, result: string) =>
      Number(
        new RegExp(
          `^volunteerly_page_cache_requests_total\\{result="${result}"\\} (\\d+)$`,
          "m",
        ).exec(text)?.[1] ?? 0,
      );
    const before = await scrape();
    observePageCache("hit");
    observePageCache("hit");
    observePageCache("miss");
    reportPageCacheBytes(() => 12_345);
    const after = await scrape();
    expect(count(after, "hit") - count(before, "hit")).toBe(2);
    expect(count(after, "miss") - count(before, "miss")).toBe(1);
    expect(count(after, "bypass") - count(before, "bypass")).toBe(0);
    expect(after).toMatch(/^volunteerly_page_cache_bytes 12345$/m);
  });
});
