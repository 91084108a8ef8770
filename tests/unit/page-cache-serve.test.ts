import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVALIDATE_PATH, REVALIDATE_SIGNATURE_HEADER } from "@/lib/contract/revalidate";
import { signRevalidation } from "@/lib/contract/revalidate-signature";
import { FAILING_WINDOW_MS, PageCache } from "@/lib/page-cache/page-cache";
import { pageCacheDecision } from "@/lib/page-cache/request";
import { serveCachedPage, serveRevalidation } from "@/lib/page-cache/serve";
import { createNonce, nonceOfPolicy } from "@/lib/security/headers";

// The page cache on real sockets, with a stand-in for Next that renders a nonced page in
// chunks and counts its renders.

const secret = "r".repeat(40);
let renders = 0;
let title = "Eerste";
let server: Server;
let base: string;
// The cache's clock runs `skew` ms ahead of the real one, so a test can let pages expire.
let skew = 0;
const cache = new PageCache({
  maxBytes: 4_000_000,
  ttlMs: 60_000,
  staleMs: 600_000,
  createNonce,
  perf: { now: () => performance.now() + skew },
});
/** Next failing as it does when the api is down: a 500 error page. */
let failing = false;

async function fakeNext(req: IncomingMessage, res: ServerResponse) {
  renders++;
  if (failing) {
    res.statusCode = 500;
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end("<html><title>Er ging iets mis</title></html>");
    return;
  }
  const nonce = createNonce();
  const compressed = /gzip/.test(String(req.headers["accept-encoding"] ?? ""));
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.setHeader("content-security-policy", `script-src 'self' 'nonce-${nonce}'`);
  if (compressed) res.setHeader("content-encoding", "gzip");
  if (req.url?.includes("cookie")) res.setHeader("set-cookie", "a=b");
  res.write(`<html lang="nl"><head><title>${title}</title>`);
  await new Promise((resolve) => setTimeout(resolve, 5));
  res.end(`<script nonce="${nonce}">1</script></head></html>`);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === REVALIDATE_PATH) {
      void serveRevalidation(req, res, { secret, invalidate: (t) => cache.invalidate(t) });
      return;
    }
    const decision = pageCacheDecision(req, {
      sessionCookieName: "volunteerly_session",
      tenantCookieName: "tenant",
      hostMap: {},
      defaultSlug: "demo",
      botType: () => undefined,
    });
    if (!decision.cacheable) {
      void fakeNext(req, res);
      return;
    }
    void serveCachedPage(req, res, {
      cache,
      key: decision.key,
      tenant: decision.tenant,
      next: fakeNext,
      maxEntryBytes: 500_000,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type TAnswer = { status: number; headers: { get(name: string): string | null }; text(): string };

/** A request with its own Host header (fetch would not send one), body read and unzipped. */
function send(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<TAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      {
        method: options.method ?? "GET",
        headers: { host: "cordaad.localhost", ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const body =
            res.headers["content-encoding"] === "gzip"
              ? gunzipSync(raw).toString()
              : raw.toString();
          resolve({
            status: res.statusCode ?? 0,
            headers: { get: (name) => (res.headers[name] as string | undefined) ?? null },
            text: () => body,
          });
        });
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

const get = (path: string, headers: Record<string, string> = {}) => send(path, { headers });

function checkNonces(html: string, policy: string | null) {
  const nonce = nonceOfPolicy(policy ?? "");
  expect(nonce).toBeDefined();
  expect(html).toContain(`nonce="${nonce}"`);
  return nonce as string;
}

describe("page cache on the Node request", () => {
  it("renders once, then answers from the cache with a fresh nonce each time, gzip or not", async () => {
    const before = renders;
    const first = await get("/vacancies/7", { "accept-encoding": "gzip" });
    expect(first.headers.get("x-volunteerly-cache")).toBe("miss");
    // The miss went to Next without Accept-Encoding, so its copy can be kept.
    expect(first.headers.get("content-encoding")).toBeNull();
    const nonces = new Set([
      checkNonces(first.text(), first.headers.get("content-security-policy")),
    ]);
    for (const encoding of ["gzip", "identity", "gzip, br"]) {
      const hit = await get("/vacancies/7", { "accept-encoding": encoding });
      expect(hit.headers.get("x-volunteerly-cache")).toBe("hit");
      expect(hit.headers.get("content-encoding")).toBe(encoding.includes("gzip") ? "gzip" : null);
      const html = hit.text();
      expect(html).toContain("<title>Eerste</title>");
      nonces.add(checkNonces(html, hit.headers.get("content-security-policy")));
    }
    expect(nonces.size).toBe(4);
    expect(renders).toBe(before + 1);
  });

  it("renders a page once for a burst of requests, the others wait and get it from the cache", async () => {
    const before = renders;
    const answers = await Promise.all(Array.from({ length: 6 }, () => get("/vacancies/11")));
    expect(renders).toBe(before + 1);
    expect(answers.map((a) => a.headers.get("x-volunteerly-cache")).sort()).toEqual([
      "hit",
      "hit",
      "hit",
      "hit",
      "hit",
      "miss",
    ]);
    for (const answer of answers) expect(answer.text()).toContain("<title>");
  });

  it("answers HEAD from a page a GET rendered, and does not keep a HEAD's", async () => {
    await get("/vacancies/8");
    const head = await send("/vacancies/8", { method: "HEAD" });
    expect(head.headers.get("x-volunteerly-cache")).toBe("hit");
    const headFirst = await send("/vacancies/9", { method: "HEAD" });
    expect(headFirst.headers.get("x-volunteerly-cache")).toBe("miss");
    expect((await get("/vacancies/9")).headers.get("x-volunteerly-cache")).toBe("miss");
  });

  it("answers an expired copy while pages fail to render, and renders again after the window", async () => {
    const first = await get("/vacancies/20");
    expect(first.headers.get("x-volunteerly-cache")).toBe("miss");
    skew += 61_000;
    failing = true;
    try {
      const failed = await get("/vacancies/20");
      expect(failed.status).toBe(500);
      const stale = await get("/vacancies/20", { "accept-encoding": "gzip" });
      expect(stale.status).toBe(200);
      expect(stale.headers.get("x-volunteerly-cache")).toBe("stale");
      expect(stale.text()).toContain("<title>");
      const nonce = checkNonces(stale.text(), stale.headers.get("content-security-policy"));
      expect(nonce).not.toBe(
        checkNonces(first.text(), first.headers.get("content-security-policy")),
      );
      // A page never kept has nothing to fall back on.
      expect((await get("/vacancies/21")).status).toBe(500);
    } finally {
      failing = false;
    }
    skew += FAILING_WINDOW_MS + 1;
    const before = renders;
    const fresh = await get("/vacancies/20");
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("x-volunteerly-cache")).toBe("miss");
    expect(renders).toBe(before + 1);
    expect((await get("/vacancies/20")).headers.get("x-volunteerly-cache")).toBe("hit");
  });

  it("never keeps a page that sets a cookie", async () => {
    await get("/vacancies/search?cookie=1");
    expect((await get("/vacancies/search?cookie=1")).headers.get("x-volunteerly-cache")).toBe(
      "miss",
    );
  });

  it("drops the tenant's pages on the signed call only", async () => {
    await get("/vacancies/10");
    expect((await get("/vacancies/10")).headers.get("x-volunteerly-cache")).toBe("hit");
    title = "Tweede";
    const post = (body: string, signature?: string) =>
      send(REVALIDATE_PATH, {
        method: "POST",
        body,
        headers: signature ? { [REVALIDATE_SIGNATURE_HEADER]: signature } : {},
      });
    const forged = signRevalidation("cordaad", "x".repeat(40));
    expect((await post(forged.body, forged.signature)).status).toBe(404);
    expect((await post(forged.body)).status).toBe(404);
    expect((await get("/vacancies/10")).headers.get("x-volunteerly-cache")).toBe("hit");
    const other = signRevalidation("demo", secret);
    expect((await post(other.body, other.signature)).status).toBe(200);
    expect((await get("/vacancies/10")).headers.get("x-volunteerly-cache")).toBe("hit");
    const signed = signRevalidation("cordaad", secret);
    const answer = await post(signed.body, signed.signature);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text())).toMatchObject({ tenant: "cordaad" });
    const fresh = await get("/vacancies/10");
    expect(fresh.headers.get("x-volunteerly-cache")).toBe("miss");
    expect(fresh.text()).toContain("<title>Tweede</title>");
    expect((await get(REVALIDATE_PATH)).status).toBe(404);
  });

  it("answers a 404 to every call when no secret is set", async () => {
    const local = createServer((req, res) => {
      void serveRevalidation(req, res, { secret: undefined, invalidate: () => 0 });
    });
    await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(local.address() as AddressInfo).port}${REVALIDATE_PATH}`;
    const signed = signRevalidation("cordaad", secret);
    const status = await fetch(url, {
      method: "POST",
      body: signed.body,
      headers: { [REVALIDATE_SIGNATURE_HEADER]: signed.signature },
    }).then((r) => r.status);
    await new Promise<void>((resolve) => local.close(() => resolve()));
    expect(status).toBe(404);
  });
});
