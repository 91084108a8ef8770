import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { createTenant } from "./support/factories";

// GET /metrics (docs/operations.md): Prometheus text, requests by route pattern, the job
// queue, the database connections; from loopback or with METRICS_TOKEN, else an unknown
// route's 404. app.inject comes from 127.0.0.1 unless remoteAddress says otherwise.

const TOKEN = "metrics-token-for-the-test-0123456789abcdef";
let t: TestApp;
let tenantSlug: string;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN }, { jobs: { drainBeforeReply: false } });
  const tenant = await createTenant(t.database.db);
  tenantSlug = tenant.slug;
  await t.database.db.insert(jobs).values([
    { tenantId: tenant.id, kind: "mail", payload: {}, state: "queued" },
    { tenantId: tenant.id, kind: "mail", payload: {}, state: "queued" },
    // A payload its kind cannot read: the run fails for good (a permanent error).
    { tenantId: tenant.id, kind: "notify", payload: { nonsense: true }, state: "queued" },
  ]);
});
afterAll(() => t.close());

const scrape = async () => {
  const res = await t.app.inject({ method: "GET", url: "/metrics" });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** One `name="value"` pair of a sample's labels; the value is group 2, escapes kept. */
const LABEL_PAIR = /([a-z_]+)="((?:[^"\\]|\\.)*)"/g;

/** The value of one series, or undefined when the scrape lacks it. */
function sample(body: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of body.split("\n")) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.lastIndexOf("}"));
    const found = Object.fromEntries([...inside.matchAll(LABEL_PAIR)].map((m) => [m[1], m[2]]));
    const same = Object.entries(labels).every(([k, v]) => found[k] === v);
    if (same && Object.keys(found).length === Object.keys(labels).length) {
      return Number(line.slice(line.lastIndexOf(" ") + 1));
    }
  }
  return undefined;
}

/**
 * Every label value of every sample. A request's id must never become one;
 * searching the whole scrape for it would also match the digits of a
 * duration sum.
 */
function labelValues(body: string): string[] {
  return [...body.matchAll(LABEL_PAIR)].map((m) => m[2]);
}

describe("GET /metrics", () => {
  it("answers Prometheus' text format: every sample line well formed, every metric typed", async () => {
    const res = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const lines = res.body.split("\n").filter(Boolean);
    const typed = new Set(
      lines.filter((l) => l.startsWith("# TYPE ")).map((l) => l.split(" ")[2] as string),
    );
    for (const line of lines.filter((l) => !l.startsWith("#"))) {
      // Values as Go's ParseFloat reads them, which Prometheus uses (prom-client writes "Nan").
      expect(line).toMatch(/^[a-zA-Z_:][a-zA-Z0-9_:]*(\{.*\})? -?(?:[0-9.e+-]+|[Nn]a[Nn]|\+Inf)$/);
      const name = line.split(/[{ ]/)[0] as string;
      const base = name.replace(/_(bucket|sum|count)$/, "");
      expect(typed.has(name) || typed.has(base), `${name} has a # TYPE`).toBe(true);
    }
    for (const name of [
      "volunteerly_http_requests_total",
      "volunteerly_http_request_duration_seconds",
      "volunteerly_job_queue_depth",
      "volunteerly_job_failures_total",
      "volunteerly_db_pool_connections",
      "process_cpu_user_seconds_total",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(typed.has(name), name).toBe(true);
    }
  });

  it("counts a request under its route pattern, never its URL", async () => {
    const labels = { method: "GET", route: "/healthz", status_class: "2xx" };
    const before = sample(await scrape(), "volunteerly_http_requests_total", labels) ?? 0;
    await t.app.inject({ method: "GET", url: "/healthz" });
    await t.app.inject({ method: "GET", url: "/healthz" });
    const after = await scrape();
    expect(sample(after, "volunteerly_http_requests_total", labels)).toBe(before + 2);
    expect(
      sample(after, "volunteerly_http_request_duration_seconds_count", labels),
    ).toBeGreaterThanOrEqual(before + 2);

    const res = await t.app.inject({
      method: "GET",
      url: "/api/v1/vacancies/987654",
      headers: { "x-tenant": tenantSlug },
    });
    const body = await scrape();
    expect(labelValues(body).filter((value) => value.includes("987654"))).toEqual([]);
    expect(
      sample(body, "volunteerly_http_requests_total", {
        method: "GET",
        route: "/api/v1/vacancies/:id",
        status_class: `${Math.floor(res.statusCode / 100)}xx`,
      }),
    ).toBe(1);
    await t.app.inject({ method: "GET", url: "/no/such/route/4711" });
    const unmatched = await scrape();
    expect(labelValues(unmatched).filter((value) => value.includes("4711"))).toEqual([]);
    expect(
      sample(unmatched, "volunteerly_http_requests_total", {
        method: "GET",
        route: "unmatched",
        status_class: "4xx",
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it("tells the BFF the route pattern in a header, but not for /metrics", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.headers["x-route-pattern"]).toBe("/healthz");
    const metrics = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(metrics.headers["x-route-pattern"]).toBeUndefined();
  });

  it("gives the job queue's depth by state and kind, and counts failed runs", async () => {
    const body = await scrape();
    expect(sample(body, "volunteerly_job_queue_depth", { state: "queued", kind: "mail" })).toBe(2);
    expect(sample(body, "volunteerly_job_queue_depth", { state: "failed", kind: "mail" })).toBe(0);
    expect(
      sample(body, "volunteerly_job_failures_total", { kind: "notify", outcome: "failed" }),
    ).toBeUndefined();

    await t.app.jobs.drain();
    const after = await scrape();
    expect(sample(after, "volunteerly_job_queue_depth", { state: "failed", kind: "notify" })).toBe(
      1,
    );
    expect(
      sample(after, "volunteerly_job_failures_total", { kind: "notify", outcome: "failed" }),
    ).toBe(1);
  });

  it("gives the database connections: PGlite as a pool of one", async () => {
    const body = await scrape();
    const driver = t.database.kind;
    expect(sample(body, "volunteerly_db_pool_max_connections", { driver })).toBe(
      driver === "pglite" ? 1 : 4,
    );
    expect(sample(body, "volunteerly_db_pool_waiting_requests", { driver })).toBe(0);
    expect(sample(body, "volunteerly_db_pool_connections", { driver })).toBeGreaterThanOrEqual(1);
  });

  it("answers another address the 404 of an unknown route, with no token or a wrong one", async () => {
    const unknown = await t.app.inject({
      method: "GET",
      url: "/no-such-route",
      remoteAddress: "203.0.113.9",
    });
    for (const headers of [
      {},
      { authorization: "Bearer wrong-token-of-the-same-length-0123456789ab" },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
    ]) {
      const res = await t.app.inject({
        method: "GET",
        url: "/metrics",
        remoteAddress: "203.0.113.9",
        headers,
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(unknown.body);
      expect(res.body).not.toContain("volunteerly_");
    }
  });

  it("refuses a loopback peer a proxy forwarded, whatever address the header names", async () => {
    for (const headers of [
      { "x-forwarded-for": "127.0.0.1" },
      { forwarded: "for=127.0.0.1" },
      { "x-real-ip": "::1" },
    ]) {
      const res = await t.app.inject({ method: "GET", url: "/metrics", headers });
      expect(res.statusCode).toBe(404);
    }
  });

  it("answers another address with the right token", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: "203.0.113.9",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("# TYPE volunteerly_http_requests_total counter");
  });
});
