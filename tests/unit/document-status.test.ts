import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  noteUpstreamFailure,
  resetUpstreamHealth,
  UPSTREAM_FAILURE_WINDOW_MS,
} from "@/lib/api/upstream-health";
import {
  isDocumentRequest,
  setDocumentStatus,
  withDocumentStatus,
} from "@/lib/errors/document-status";

// lib/errors/document-status.ts: a page that renders its own error screen sets the status of
// the HTML document, and the web server's writeHead sends it instead of Next's 200.

let server: Server | undefined;

async function closeServer(): Promise<void> {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
}

afterEach(async () => {
  resetUpstreamHealth();
  await closeServer();
});

/**
 * A server shaped like scripts/web-server.ts: the "page" sets `pageStatus` after an await,
 * as a page does once the api answered, then the response is written with 200 the way Next
 * writes it (statusCode and an implicit head on the first write).
 */
async function serve(pageStatus: number | null, renderedStatus = 200): Promise<string> {
  await closeServer();
  server = createServer((req, res) =>
    withDocumentStatus(req, res, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const set = pageStatus === null ? null : setDocumentStatus(pageStatus);
      res.statusCode = renderedStatus;
      res.setHeader("x-set", String(set));
      res.write("<!DOCTYPE html>");
      res.end("<html></html>");
    }),
  );
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function get(
  url: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<{
  status: number;
  set: string | undefined;
  body: string;
  retryAfter?: string;
  statusMessage?: string;
}> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? "GET", headers: init.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          set: res.headers["x-set"] as string,
          body,
          ...(res.headers["retry-after"] ? { retryAfter: res.headers["retry-after"] } : {}),
          ...(res.statusCode !== 200 ? { statusMessage: res.statusMessage } : {}),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("document status", () => {
  it("answers a document with the status the page set after an await", async () => {
    const url = await serve(404);
    const res = await get(`${url}/vacancies/999999`);
    expect(res).toMatchObject({ status: 404, set: "true", body: "<!DOCTYPE html><html></html>" });
  });

  it("keeps 200 when the page sets nothing", async () => {
    const url = await serve(null);
    expect((await get(`${url}/vacancies/55`)).status).toBe(200);
  });

  it("sets nothing for Next's client navigations and server actions", async () => {
    const url = await serve(404);
    const navigations: Record<string, string>[] = [
      { rsc: "1" },
      { "next-router-prefetch": "1" },
      { "next-action": "x" },
    ];
    for (const headers of navigations) {
      expect(await get(`${url}/vacancies/999999`, { headers })).toMatchObject({
        status: 200,
        set: "false",
      });
    }
    expect(await get(`${url}/vacancies/999999`, { method: "POST" })).toMatchObject({
      status: 200,
      set: "false",
    });
  });

  it("answers HEAD with the page's status too", async () => {
    const url = await serve(403);
    expect((await get(`${url}/x`, { method: "HEAD" })).status).toBe(403);
  });

  it("answers a page that failed just after a failed api call 503 with Retry-After", async () => {
    const url = await serve(null, 500);
    expect(await get(`${url}/vacancies/search?q=x`)).toMatchObject({
      status: 500,
      statusMessage: "Internal Server Error",
    });
    noteUpstreamFailure();
    const res = await get(`${url}/vacancies/search?q=x`);
    expect(res).toMatchObject({
      status: 503,
      retryAfter: "5",
      statusMessage: "Service Unavailable",
    });
    expect(res.body).toBe("<!DOCTYPE html><html></html>");
  });

  it("keeps a page's own status, and a 500 long after the api's last failure", async () => {
    noteUpstreamFailure();
    expect((await get(`${await serve(null)}/`)).status).toBe(200);
    expect((await get(`${await serve(404)}/vacancies/1`)).status).toBe(404);
    noteUpstreamFailure(Date.now() - UPSTREAM_FAILURE_WINDOW_MS - 1);
    expect(await get(`${await serve(null, 500)}/`)).not.toHaveProperty("retryAfter");
  });

  it("has no status to set outside a request", () => {
    expect(setDocumentStatus(404)).toBe(false);
  });

  it("tells documents from Next's other requests", () => {
    expect(isDocumentRequest({ method: "GET", headers: {} })).toBe(true);
    expect(isDocumentRequest({ method: "HEAD", headers: {} })).toBe(true);
    expect(isDocumentRequest({ method: "GET", headers: { rsc: "1" } })).toBe(false);
    expect(isDocumentRequest({ method: "GET", headers: { "next-router-state-tree": "x" } })).toBe(
      false,
    );
    expect(isDocumentRequest({ method: "POST", headers: {} })).toBe(false);
  });
});
