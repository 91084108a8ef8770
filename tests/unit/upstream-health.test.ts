import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  noteUpstreamFailure,
  resetUpstreamHealth,
  UPSTREAM_FAILURE_WINDOW_MS,
  upstreamFailedRecently,
  watchUpstream,
} from "@/lib/api/upstream-health";

// lib/api/upstream-health.ts: which of the server's api calls count as the api's absence.

let server: Server | undefined;

afterEach(async () => {
  resetUpstreamHealth();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** An "api" answering every request with `status`, after `delayMs`. */
async function api(status: number, delayMs = 0): Promise<string> {
  server = createServer((_req, res) => {
    setTimeout(
      () => res.writeHead(status, { "content-type": "application/json" }).end("{}"),
      delayMs,
    );
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/vacancies`;
}

const watched = watchUpstream((input, init) => globalThis.fetch(input, init));

describe("upstream health", () => {
  it("notes a 502, 503 or 504 from the api and passes the answer on", async () => {
    for (const status of [502, 503, 504]) {
      resetUpstreamHealth();
      const response = await watched(await api(status));
      expect(response.status).toBe(status);
      expect(upstreamFailedRecently()).toBe(true);
    }
  });

  it("does not note answers of the api itself, errors included", async () => {
    for (const status of [200, 401, 404, 422, 500]) {
      expect((await watched(await api(status))).status).toBe(status);
      expect(upstreamFailedRecently()).toBe(false);
    }
  });

  it("notes an api that refuses the connection, and rethrows", async () => {
    const url = await api(200);
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
    await expect(watched(url)).rejects.toThrow();
    expect(upstreamFailedRecently()).toBe(true);
  });

  it("notes a call that timed out, but not one its caller gave up", async () => {
    const url = await api(200, 300);
    await expect(watched(url, { signal: AbortSignal.timeout(20) })).rejects.toThrow();
    expect(upstreamFailedRecently()).toBe(true);
    resetUpstreamHealth();
    const caller = new AbortController();
    setTimeout(() => caller.abort(), 20);
    await expect(watched(url, { signal: caller.signal })).rejects.toThrow();
    expect(upstreamFailedRecently()).toBe(false);
  });

  it("counts a failure for a few seconds only", () => {
    const now = 1_000_000;
    noteUpstreamFailure(now);
    expect(upstreamFailedRecently(now)).toBe(true);
    expect(upstreamFailedRecently(now + UPSTREAM_FAILURE_WINDOW_MS - 1)).toBe(true);
    expect(upstreamFailedRecently(now + UPSTREAM_FAILURE_WINDOW_MS)).toBe(false);
  });
});
