import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { tenantGeneration } from "@/lib/cache/tenant-generation";
import { REVALIDATE_MAX_AGE_MS } from "@/lib/contract/revalidate";
import {
  revalidateSignature,
  signRevalidation,
  verifyRevalidation,
} from "@/lib/contract/revalidate-signature";
import { gzipBody, identityBody, splitAtNonce } from "@/lib/page-cache/nonced-body";
import {
  acceptsGzip,
  FAILING_WINDOW_MS,
  PageCache,
  storableNonce,
  type TCapturedPage,
} from "@/lib/page-cache/page-cache";
import {
  pageCacheDecision,
  type TPageCacheSettings,
  type TPageRequest,
} from "@/lib/page-cache/request";
import { createNonce, nonceOfPolicy } from "@/lib/security/headers";

const settings: TPageCacheSettings = {
  sessionCookieName: "volunteerly_session",
  tenantCookieName: "volunteerly_tenant",
  hostMap: { "www.oldebroek.example": "oldebroek" },
  defaultSlug: "demo",
  botType: (ua) => (/Googlebot/.test(ua) ? "dom" : /bingbot/.test(ua) ? "html" : undefined),
};

function decide(url: string, headers: TPageRequest["headers"] = {}, method = "GET") {
  return pageCacheDecision(
    { method, url, headers: { host: "oldebroek.localhost:3000", ...headers } },
    settings,
  );
}

function keyOf(url: string, headers: TPageRequest["headers"] = {}, method = "GET") {
  const decision = decide(url, headers, method);
  if (!decision.cacheable) throw new Error(`not cacheable: ${decision.reason}`);
  return decision.key;
}

describe("page cache: which requests", () => {
  it("takes a signed-out GET or HEAD of a public reading page", () => {
    for (const url of [
      "/vacancies/search",
      "/vacancies/55",
      "/vacancies/search?q=tuin&page=2",
      "/sociale-kaart",
      "/activiteiten",
      "/nieuws",
      "/over-ons",
      "/",
    ]) {
      expect(decide(url), url).toMatchObject({ cacheable: true, tenant: "oldebroek" });
    }
    expect(decide("/vacancies/55", {}, "HEAD").cacheable).toBe(true);
  });

  it("passes other methods, back-office and form pages, and odd spellings by", () => {
    expect(decide("/vacancies/55", {}, "POST")).toEqual({ cacheable: false, reason: "method" });
    for (const url of [
      "/dashboard",
      "/vacancies",
      "/vacancies/55/edit",
      "/auth/login-1",
      "/signup",
      "/forms/abcdefgh12",
      "/_next/static/chunks/app.js",
      "/api/v1/vacancies",
      "/Vacancies/search",
      "/vacancies/search/",
    ]) {
      expect(decide(url), url).toEqual({ cacheable: false, reason: "route" });
    }
    for (const url of ["/vacancies/../dashboard", "//vacancies/search", "/vacancies%2f55", "x"]) {
      expect(decide(url), url).toEqual({ cacheable: false, reason: "target" });
    }
  });

  it("passes a signed-in visitor by, under either cookie name", () => {
    expect(decide("/vacancies/55", { cookie: "volunteerly_session=abc" }).cacheable).toBe(false);
    expect(
      decide("/vacancies/55", { cookie: "a=1; __Host-volunteerly_session=abc" }).cacheable,
    ).toBe(false);
    expect(decide("/vacancies/55", { cookie: "volunteerly_sessions=abc" }).cacheable).toBe(true);
  });

  it("passes Next's client navigations, prefetches and actions by", () => {
    for (const header of [
      "rsc",
      "next-router-prefetch",
      "next-router-state-tree",
      "next-router-segment-prefetch",
      "next-action",
      "next-url",
    ]) {
      expect(decide("/vacancies/55", { [header]: "1" }), header).toEqual({
        cacheable: false,
        reason: "client navigation",
      });
    }
    expect(decide("/vacancies/55?_rsc=abc").cacheable).toBe(false);
    expect(decide("/vacancies/55", { authorization: "Bearer x" }).cacheable).toBe(false);
  });

  it("passes a cookie sent twice by, where the render and the key could read different ones", () => {
    expect(decide("/vacancies/55", { cookie: "i18n_redirected=en; i18n_redirected=nl" })).toEqual({
      cacheable: false,
      reason: "repeated cookie",
    });
    expect(
      decide("/vacancies/55", { cookie: "volunteerly_tenant=demo; volunteerly_tenant=public" })
        .cacheable,
    ).toBe(false);
  });
});

describe("page cache: the key", () => {
  it("is the same for GET and HEAD, and for the same visitor twice", () => {
    expect(keyOf("/vacancies/55", {}, "HEAD")).toBe(keyOf("/vacancies/55"));
  });

  it("tells tenants apart by host, host map and tenant cookie", () => {
    const keys = new Set([
      keyOf("/vacancies/55", { host: "oldebroek.localhost:3000" }),
      keyOf("/vacancies/55", { host: "roermond.localhost:3000" }),
      keyOf("/vacancies/55", { host: "localhost:3000" }),
      keyOf("/vacancies/55", { host: "localhost:3000", cookie: "volunteerly_tenant=public" }),
    ]);
    expect(keys.size).toBe(4);
    expect(decide("/vacancies/55", { host: "www.oldebroek.example" })).toMatchObject({
      tenant: "oldebroek",
    });
    expect(decide("/x", { host: "localhost", cookie: "volunteerly_tenant=public" })).toMatchObject({
      tenant: "public",
    });
  });

  it("tells origins of one tenant apart (the page's links carry the host)", () => {
    const plain = keyOf("/vacancies/55", { host: "localhost:3000" });
    expect(keyOf("/vacancies/55", { host: "127.0.0.1:3000" })).not.toBe(plain);
    expect(
      keyOf("/vacancies/55", { host: "localhost:3000", "x-forwarded-host": "evil.test" }),
    ).not.toBe(plain);
    expect(
      keyOf("/vacancies/55", { host: "localhost:3000", "x-forwarded-proto": "https" }),
    ).not.toBe(plain);
  });

  it("tells languages apart as lib/i18n negotiates them: ?lang=, cookie, Accept-Language", () => {
    const dutch = keyOf("/vacancies/55");
    expect(keyOf("/vacancies/55", { "accept-language": "nl-NL,nl;q=0.9" })).toBe(dutch);
    const english = keyOf("/vacancies/55", { "accept-language": "en-GB,en;q=0.9" });
    expect(english).not.toBe(dutch);
    expect(keyOf("/vacancies/55", { cookie: "i18n_redirected=en" })).toBe(english);
    // The cookie wins over the browser's language.
    expect(keyOf("/vacancies/55", { cookie: "i18n_redirected=nl", "accept-language": "en" })).toBe(
      dutch,
    );
    // public switches language: ?lang=en wins over the browser's language.
    const byUrl = keyOf("/vacancies/55?lang=en", {
      host: "public.localhost:3000",
      cookie: "i18n_redirected=en",
      "accept-language": "nl",
    });
    expect(byUrl.split("\n")[2]).toBe("en");
    // Where it differs from the cookie, proxy.ts stores it as the choice: Next answers.
    expect(
      decide("/vacancies/55?lang=en", {
        host: "public.localhost:3000",
        cookie: "i18n_redirected=nl",
      }),
    ).toEqual({ cacheable: false, reason: "language choice" });
    expect(decide("/vacancies/55?lang=en", { host: "public.localhost:3000" }).cacheable).toBe(
      false,
    );
  });

  it("ignores ?lang= where the tenant does not switch language, as proxy.ts does", () => {
    const key = keyOf("/vacancies/55?lang=en", {
      host: "roermond.localhost:3000",
      cookie: "i18n_redirected=nl",
    });
    expect(key.split("\n")[2]).toBe("nl");
  });

  it("keeps the path and query as asked, and Next's bot class", () => {
    expect(keyOf("/vacancies/search?q=a")).not.toBe(keyOf("/vacancies/search?q=b"));
    expect(keyOf("/vacancies/search")).not.toBe(keyOf("/vacancies/search?"));
    const browser = keyOf("/vacancies/55", { "user-agent": "Mozilla/5.0 Firefox" });
    expect(keyOf("/vacancies/55", { "user-agent": "Mozilla/5.0 Safari" })).toBe(browser);
    expect(keyOf("/vacancies/55", { "user-agent": "bingbot/2.0" })).not.toBe(browser);
    expect(keyOf("/vacancies/55", { "user-agent": "Googlebot/2.1" })).not.toBe(browser);
  });
});

const NONCE = "AAAAAAAAAAAAAAAAAAAAAA==";
const policy = (nonce: string) => `default-src 'self'; script-src 'self' 'nonce-${nonce}'`;

function page(overrides: Partial<TCapturedPage> = {}, nonce = NONCE): TCapturedPage {
  const html = `<!DOCTYPE html><html lang="nl"><head><style nonce="${nonce}">a{}</style></head><body><script nonce="${nonce}">self.__next_f.push([1,"${"x".repeat(2000)}"])</script><script nonce="${nonce}" src="/a.js"></script></body></html>`;
  return {
    status: 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": policy(nonce),
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      date: "Thu, 26 Nov 2026 10:00:00 GMT",
      "x-frame-options": "DENY",
    },
    body: Buffer.from(html),
    ...overrides,
  };
}

function newCache(maxBytes = 1_000_000, clock = { now: () => 1 }) {
  return new PageCache({ maxBytes, ttlMs: 60_000, createNonce, perf: clock });
}

let tenantCounter = 0;
/** A tenant name of its own per test: generations are per process. */
const freshTenant = () => `t${++tenantCounter}-${Date.now()}`;

describe("page cache: nonces", () => {
  it("gives every hit a nonce of its own, the same in the policy and the body", () => {
    const cache = newCache();
    const tenant = freshTenant();
    expect(cache.store("k", tenant, cache.generation(tenant), page())).toBe(true);
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const entry = cache.lookup("k", tenant);
      if (!entry) throw new Error("no entry");
      const answer = cache.answer(entry, { head: false, gzip: i % 2 === 1 });
      const html =
        i % 2 === 1
          ? gunzipSync(answer.body as Buffer).toString()
          : (answer.body as Buffer).toString();
      const nonce = nonceOfPolicy(String(answer.headers["content-security-policy"]));
      expect(nonce).toBeDefined();
      expect(nonce).not.toBe(NONCE);
      expect(html).not.toContain(NONCE);
      expect(html.match(/nonce="([^"]+)"/g)).toEqual([
        `nonce="${nonce}"`,
        `nonce="${nonce}"`,
        `nonce="${nonce}"`,
      ]);
      expect(html).toBe(page({}, nonce as string).body.toString());
      seen.add(nonce as string);
      expect(answer.headers["x-volunteerly-cache"]).toBe("hit");
      expect(answer.headers["content-length"]).toBe(String((answer.body as Buffer).length));
      expect(answer.headers.date).toBeUndefined();
      expect(answer.headers.vary).toBe("Accept-Encoding");
    }
    expect(seen.size).toBe(20);
  });

  it("puts a valid gzip member together around the nonce, whatever the bytes", () => {
    const body = Buffer.concat([
      Buffer.from("héllo "),
      Buffer.from(NONCE),
      Buffer.alloc(70_000, 0x41),
      Buffer.from(NONCE),
      Buffer.from(NONCE),
      Buffer.from([0, 255, 10]),
    ]);
    const split = splitAtNonce(body, NONCE);
    expect(split.pieces).toHaveLength(4);
    const fresh = createNonce();
    const expected = Buffer.from(body.toString("latin1").replaceAll(NONCE, fresh), "latin1");
    expect(identityBody(split, fresh).equals(expected)).toBe(true);
    const zipped = gzipBody(split, fresh);
    expect(gunzipSync(zipped).equals(expected)).toBe(true);
    // Compressed: the 70 kB run shrinks.
    expect(zipped.length).toBeLessThan(2_000);
  });

  it("answers HEAD with the headers only", () => {
    const cache = newCache();
    const tenant = freshTenant();
    cache.store("k", tenant, cache.generation(tenant), page());
    const answer = cache.answer(cache.lookup("k", tenant) as never, { head: true, gzip: false });
    expect(answer.body).toBeNull();
    expect(Number(answer.headers["content-length"])).toBe(page().body.length);
  });
});

describe("page cache: what is kept", () => {
  it("keeps only a whole 200 HTML page without a cookie, whose policy has a nonce", () => {
    expect(storableNonce(page())).toBe(NONCE);
    expect(storableNonce(page({ status: 404 }))).toBeNull();
    expect(storableNonce(page({ status: 500 }))).toBeNull();
    const headers = page().headers;
    expect(storableNonce(page({ headers: { ...headers, "set-cookie": ["a=b"] } }))).toBeNull();
    expect(
      storableNonce(page({ headers: { ...headers, "content-type": "text/x-component" } })),
    ).toBeNull();
    expect(storableNonce(page({ headers: { ...headers, "content-encoding": "gzip" } }))).toBeNull();
    expect(
      storableNonce(
        page({ headers: { ...headers, "content-security-policy": "default-src 'self'" } }),
      ),
    ).toBeNull();
    expect(storableNonce(page({ body: Buffer.alloc(0) }))).toBeNull();
  });

  it("reads Accept-Encoding as HTTP means it", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1, gzip;q=0.5")).toBe(true);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe("page cache: bounds and invalidation", () => {
  it("holds at most maxBytes, dropping the least recently used page", () => {
    const cache = newCache(50_000);
    const tenant = freshTenant();
    const generation = cache.generation(tenant);
    for (let i = 0; i < 50; i++) cache.store(`k${i}`, tenant, generation, page());
    expect(cache.bytes).toBeLessThanOrEqual(50_000);
    expect(cache.size).toBeGreaterThan(5);
    expect(cache.size).toBeLessThan(50);
    expect(cache.lookup("k0", tenant)).toBeUndefined();
    expect(cache.lookup("k49", tenant)).toBeDefined();
  });

  it("refuses a page larger than an eighth of the cache", () => {
    const cache = newCache(40_000);
    const tenant = freshTenant();
    const big = page({ body: Buffer.from(`<html>${"y".repeat(10_000)}</html>`) });
    expect(cache.store("big", tenant, cache.generation(tenant), big)).toBe(false);
    expect(cache.size).toBe(0);
  });

  it("forgets a page after the TTL", () => {
    let now = 1;
    const cache = newCache(1_000_000, { now: () => now });
    const tenant = freshTenant();
    cache.store("k", tenant, cache.generation(tenant), page());
    now = 59_001;
    expect(cache.lookup("k", tenant)).toBeDefined();
    now = 60_002;
    expect(cache.lookup("k", tenant)).toBeUndefined();
  });

  it("drops one tenant's pages and keeps a render under way from storing the old one", () => {
    const cache = newCache();
    const a = freshTenant();
    const b = freshTenant();
    cache.store("a1", a, cache.generation(a), page());
    cache.store("b1", b, cache.generation(b), page());
    const during = cache.generation(a);
    const before = tenantGeneration(a);
    expect(cache.invalidate(a)).toBe(1);
    expect(tenantGeneration(a)).toBe(before + 1);
    expect(cache.lookup("a1", a)).toBeUndefined();
    expect(cache.lookup("b1", b)).toBeDefined();
    // Rendered from data read before the change: not kept.
    expect(cache.store("a2", a, during, page())).toBe(false);
    expect(cache.store("a2", a, cache.generation(a), page())).toBe(true);
  });

  it("answers an expired copy only while renders fail, within staleMs, and never after a change", () => {
    let now = 1;
    const cache = new PageCache({
      maxBytes: 1_000_000,
      ttlMs: 60_000,
      staleMs: 600_000,
      createNonce,
      perf: { now: () => now },
    });
    const tenant = freshTenant();
    cache.store("k", tenant, cache.generation(tenant), page());
    now = 61_000;
    expect(cache.lookup("k", tenant)).toBeUndefined();
    // Renders are fine: an expired copy is no answer.
    expect(cache.staleFallback("k", tenant)).toBeUndefined();
    cache.renderFailed();
    const stale = cache.staleFallback("k", tenant);
    expect(stale).toBeDefined();
    const answer = cache.answer(stale as never, { head: false, gzip: false, stale: true });
    expect(answer.headers["x-volunteerly-cache"]).toBe("stale");
    expect(cache.staleFallback("k", freshTenant())).toBeUndefined();
    // The failure is forgotten after its window, so the next miss renders again.
    now += FAILING_WINDOW_MS + 1;
    expect(cache.staleFallback("k", tenant)).toBeUndefined();
    // Not past the TTL plus staleMs.
    now = 60_000 + 600_000 + 2;
    cache.renderFailed();
    expect(cache.staleFallback("k", tenant)).toBeUndefined();
    // A tenant whose content changed has no stale pages.
    now = 700_000;
    cache.store("k2", tenant, cache.generation(tenant), page());
    now = 770_000;
    cache.renderFailed();
    expect(cache.staleFallback("k2", tenant)).toBeDefined();
    cache.invalidate(tenant);
    expect(cache.staleFallback("k2", tenant)).toBeUndefined();
  });

  it("has no stale answers when staleMs is not set", () => {
    let now = 1;
    const cache = newCache(1_000_000, { now: () => now });
    const tenant = freshTenant();
    cache.store("k", tenant, cache.generation(tenant), page());
    now = 61_000;
    cache.renderFailed();
    expect(cache.staleFallback("k", tenant)).toBeUndefined();
  });

  it("never answers a key for another tenant", () => {
    const cache = newCache();
    const a = freshTenant();
    cache.store("k", a, cache.generation(a), page());
    expect(cache.lookup("k", freshTenant())).toBeUndefined();
  });
});

describe("page cache: the signed revalidation call", () => {
  const secret = "s".repeat(40);

  it("accepts the api's signed call, fresh, and names the tenant", () => {
    const { body, signature } = signRevalidation("oldebroek", secret, 1_000_000);
    expect(verifyRevalidation(Buffer.from(body), signature, secret, 1_000_500)).toEqual({
      tenant: "oldebroek",
      at: 1_000_000,
    });
  });

  it("refuses a missing or wrong signature, another secret, a changed body, a stale call", () => {
    const now = 5_000_000;
    const { body, signature } = signRevalidation("oldebroek", secret, now);
    const raw = Buffer.from(body);
    expect(verifyRevalidation(raw, undefined, secret, now)).toBeNull();
    expect(verifyRevalidation(raw, "sha256=00", secret, now)).toBeNull();
    expect(verifyRevalidation(raw, signature, "t".repeat(40), now)).toBeNull();
    const changed = Buffer.from(body.replace("oldebroek", "roermond"));
    expect(verifyRevalidation(changed, signature, secret, now)).toBeNull();
    expect(verifyRevalidation(raw, signature, secret, now + REVALIDATE_MAX_AGE_MS + 1)).toBeNull();
    const notJson = Buffer.from("nope");
    expect(
      verifyRevalidation(notJson, revalidateSignature(notJson, secret), secret, now),
    ).toBeNull();
  });
});
