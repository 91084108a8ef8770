import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";

// serverApi, the pages' api client, reports the api's absence to lib/api/upstream-health.ts,
// which turns a page that then fails into a 503 (lib/errors/document-status.ts).

vi.mock("server-only", () => ({}));

let server: Server | undefined;

afterEach(async () => {
  vi.unstubAllEnvs();
  vi.resetModules();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function apiAnswering(status: number): Promise<string> {
  server = createServer((_req, res) =>
    res
      .writeHead(status, { "content-type": "application/vnd.api+json" })
      .end(JSON.stringify({ errors: [{ status: String(status), title: "x" }] })),
  );
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** serverApi and the health state, loaded afresh against `apiBaseUrl`. */
async function load(apiBaseUrl: string) {
  vi.stubEnv("API_BASE_URL", apiBaseUrl);
  vi.resetModules();
  const health = await import("@/lib/api/upstream-health");
  health.resetUpstreamHealth();
  const { serverApi } = await import("@/lib/api/server");
  return { serverApi, health };
}

describe("serverApi and the api's absence", () => {
  it("notes a 503 from the api, and still throws it as an ApiError", async () => {
    const { serverApi, health } = await load(await apiAnswering(503));
    await expect(serverApi.get("/api/v1/site_setting")).rejects.toMatchObject({ statusCode: 503 });
    expect(health.upstreamFailedRecently()).toBe(true);
  });

  it("notes an api that refuses the connection", async () => {
    const url = await apiAnswering(200);
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
    const { serverApi, health } = await load(url);
    await expect(serverApi.get("/api/v1/site_setting")).rejects.toMatchObject({ statusCode: 0 });
    expect(health.upstreamFailedRecently()).toBe(true);
  });

  it("does not note the api's own refusals", async () => {
    const { serverApi, health } = await load(await apiAnswering(404));
    await expect(serverApi.get("/api/v1/vacancies/1")).rejects.toMatchObject({ statusCode: 404 });
    expect(health.upstreamFailedRecently()).toBe(false);
  });
});
