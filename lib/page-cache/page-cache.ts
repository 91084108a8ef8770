import type { OutgoingHttpHeaders } from "node:http";
import { LRUCache } from "lru-cache";
import { bumpTenantGeneration, tenantGeneration } from "@/lib/cache/tenant-generation";
import { nonceOfPolicy } from "@/lib/security/headers";
import { gzipBody, identityBody, splitAtNonce, type TNoncedBody } from "./nonced-body";

/**
 * The web's cache of whole public pages (docs/page-cache.md): rendered HTML and its headers
 * by key (lib/page-cache/request.ts), bounded by bytes, each entry for at most `ttlMs`, and
 * dropped per tenant when the api says the tenant's public content changed. Every answer
 * gets a nonce of its own, in the body and in the Content-Security-Policy alike.
 */

export const PAGE_CACHE_HEADER = "x-volunteerly-cache";
export type TPageCacheResult = "hit" | "stale" | "miss" | "bypass";

/** How long after a failed render (a 5xx) misses are answered from expired copies. */
export const FAILING_WINDOW_MS = 2_000;

/** A response as Next finished it. */
export type TCapturedPage = {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
};

/** What to send for a hit. */
export type TCachedAnswer = {
  status: number;
  headers: Record<string, string | string[]>;
  /** null for HEAD. */
  body: Buffer | null;
};

type TStoredPage = {
  status: number;
  headers: [string, string | string[]][];
  nonce: string;
  body: TNoncedBody;
  tenant: string;
  generation: number;
  bytes: number;
  /** The clock's time when it was kept. */
  storedAt: number;
};

export type TPageCacheOptions = {
  /** The most the entries may hold, both forms of the body and the headers counted. */
  maxBytes: number;
  ttlMs: number;
  /**
   * How long past its TTL a page may still answer while renders fail (the api or its
   * database down): 0 never. Only a copy nothing is known to have changed: an invalidated
   * tenant's pages are gone, not stale.
   */
  staleMs?: number;
  /** A new nonce (lib/security/headers.ts createNonce, as proxy.ts makes them). */
  createNonce: () => string;
  /** For tests: lru-cache's clock. */
  perf?: { now: () => number };
};

// Per answer, or no longer true of the copy: set anew (or left out) on every hit.
const DROPPED_HEADERS = new Set([
  "date",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "etag",
  "content-encoding",
  PAGE_CACHE_HEADER,
]);

function headerText(value: OutgoingHttpHeaders[string]): string {
  if (value === undefined) return "";
  return Array.isArray(value) ? value.join(", ") : String(value);
}

/**
 * The nonce a finished response was rendered with, or null when it may not be kept: only a
 * 200 HTML page, sent whole and uncompressed, without a cookie, whose policy has a nonce.
 */
export function storableNonce(page: TCapturedPage): string | null {
  if (page.status !== 200) return null;
  const { headers } = page;
  if (!/^text\/html\b/i.test(headerText(headers["content-type"]))) return null;
  if (headers["set-cookie"] !== undefined) return null;
  const encoding = headerText(headers["content-encoding"]).trim().toLowerCase();
  if (encoding !== "" && encoding !== "identity") return null;
  if (page.body.length === 0) return null;
  return nonceOfPolicy(headerText(headers["content-security-policy"])) ?? null;
}

/** Whether an Accept-Encoding header takes gzip (a q of 0 refuses it). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (!header) return false;
  const text = Array.isArray(header) ? header.join(",") : header;
  let star = false;
  for (const part of text.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const accepted = q === undefined || Number.parseFloat(q.slice(2)) > 0;
    if (name === "gzip" || name === "x-gzip") return accepted;
    if (name === "*") star = accepted;
  }
  return star;
}

export class PageCache {
  readonly #entries: LRUCache<string, TStoredPage>;
  /** Keys Next is rendering now for a GET, settled when that render has finished. */
  readonly #rendering = new Map<string, Promise<void>>();
  readonly #createNonce: () => string;
  readonly #maxBytes: number;
  readonly #ttlMs: number;
  readonly #staleMs: number;
  readonly #now: () => number;
  #failedAt = Number.NEGATIVE_INFINITY;

  constructor(options: TPageCacheOptions) {
    this.#createNonce = options.createNonce;
    this.#maxBytes = options.maxBytes;
    this.#ttlMs = options.ttlMs;
    this.#staleMs = options.staleMs ?? 0;
    const clock = options.perf ?? performance;
    this.#now = () => clock.now();
    this.#entries = new LRUCache<string, TStoredPage>({
      maxSize: options.maxBytes,
      // One page may take at most an eighth, so a giant one never empties the cache.
      maxEntrySize: Math.max(1, Math.floor(options.maxBytes / 8)),
      sizeCalculation: (entry) => entry.bytes,
      ttl: options.ttlMs,
      ttlResolution: 0,
      // An expired copy stays (until the LRU needs its room) for staleFallback().
      noDeleteOnStaleGet: this.#staleMs > 0,
      ...(options.perf ? { perf: options.perf } : {}),
    });
  }

  /** The tenant's generation now; a miss notes it before rendering and hands it to store(). */
  generation(tenant: string): number {
    return tenantGeneration(tenant);
  }

  /** The entry for `key`, if it is there, fresh and of the tenant's current generation. */
  lookup(key: string, tenant: string): TStoredPage | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.tenant !== tenant || entry.generation !== tenantGeneration(tenant)) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /**
   * Keeps a finished page, unless it may not be kept or the tenant changed while it was
   * rendered (it may show the old content). Returns whether it was kept.
   */
  store(key: string, tenant: string, generation: number, page: TCapturedPage): boolean {
    if (generation !== tenantGeneration(tenant)) return false;
    const nonce = storableNonce(page);
    if (!nonce) return false;
    const headers: [string, string | string[]][] = [];
    let headerBytes = 0;
    for (const [name, value] of Object.entries(page.headers)) {
      if (value === undefined || DROPPED_HEADERS.has(name.toLowerCase())) continue;
      const kept = Array.isArray(value) ? value.map(String) : String(value);
      headers.push([name.toLowerCase(), kept]);
      headerBytes += name.length + headerText(kept).length;
    }
    const vary = headers.find(([name]) => name === "vary");
    if (!vary) headers.push(["vary", "Accept-Encoding"]);
    else if (!/\baccept-encoding\b/i.test(headerText(vary[1]))) {
      vary[1] = `${headerText(vary[1])}, Accept-Encoding`;
    }
    const body = splitAtNonce(page.body, nonce);
    const bytes = body.bytes + headerBytes + key.length;
    if (bytes > this.#maxBytes / 8) return false;
    this.#entries.set(key, {
      status: page.status,
      headers,
      nonce,
      body,
      tenant,
      generation,
      bytes,
      storedAt: this.#now(),
    });
    return true;
  }

  /** A render of a cacheable page ended in a server error. */
  renderFailed(): void {
    this.#failedAt = this.#now();
  }

  /**
   * While renders fail (one did in the last FAILING_WINDOW_MS), the expired copy of `key`, if
   * it is at most `staleMs` past its TTL and its tenant has not changed since. After the
   * window a miss renders again, so a recovered api is noticed by the next visitor.
   */
  staleFallback(key: string, tenant: string): TStoredPage | undefined {
    const now = this.#now();
    if (this.#staleMs === 0 || now - this.#failedAt > FAILING_WINDOW_MS) return undefined;
    const entry = this.#entries.get(key, { allowStale: true });
    if (!entry || entry.tenant !== tenant || entry.generation !== tenantGeneration(tenant)) {
      return undefined;
    }
    return now - entry.storedAt <= this.#ttlMs + this.#staleMs ? entry : undefined;
  }

  /** The answer for a hit, with a nonce no other answer had. */
  answer(
    entry: TStoredPage,
    options: { head: boolean; gzip: boolean; stale?: boolean },
  ): TCachedAnswer {
    const nonce = this.#createNonce();
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of entry.headers) {
      headers[name] = Array.isArray(value)
        ? value.map((v) => v.replaceAll(entry.nonce, nonce))
        : value.replaceAll(entry.nonce, nonce);
    }
    const body = options.gzip ? gzipBody(entry.body, nonce) : identityBody(entry.body, nonce);
    if (options.gzip) headers["content-encoding"] = "gzip";
    headers["content-length"] = String(body.length);
    headers[PAGE_CACHE_HEADER] = options.stale ? "stale" : "hit";
    return { status: entry.status, headers, body: options.head ? null : body };
  }

  /**
   * A GET miss starts rendering `key`: the answer is called when it has finished (kept or
   * not), so requests for the same page that came meanwhile can wait for it instead of
   * rendering it again.
   */
  renderStarted(key: string): () => void {
    let settle: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      settle = resolve;
    });
    this.#rendering.set(key, done);
    return () => {
      if (this.#rendering.get(key) === done) this.#rendering.delete(key);
      settle();
    };
  }

  /** The render of `key` under way, if any. */
  renderUnderWay(key: string): Promise<void> | undefined {
    return this.#rendering.get(key);
  }

  /** The tenant's public content changed: its pages go, and renders under way are not kept. */
  invalidate(tenant: string): number {
    bumpTenantGeneration(tenant);
    const keys = [...this.#entries.entries()]
      .filter(([, entry]) => entry.tenant === tenant)
      .map(([key]) => key);
    for (const key of keys) this.#entries.delete(key);
    return keys.length;
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.#entries.calculatedSize;
  }

  get size(): number {
    return this.#entries.size;
  }
}
