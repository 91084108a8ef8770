import type { IncomingMessage, ServerResponse } from "node:http";
import { REVALIDATE_MAX_BODY_BYTES, REVALIDATE_SIGNATURE_HEADER } from "@/lib/contract/revalidate";
import { verifyRevalidation } from "@/lib/contract/revalidate-signature";
import {
  acceptsGzip,
  PAGE_CACHE_HEADER,
  type PageCache,
  type TCapturedPage,
  type TPageCacheResult,
} from "./page-cache";

/**
 * The page cache on the Node request of scripts/web-server.ts (docs/page-cache.md): answer a
 * hit, or let Next render and keep a copy of what it sent; and the api's revalidation call.
 */

type THandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * Copies what is written to `res` and hands it over once the response has finished, unless
 * it grew past `limit` bytes (then nothing is kept).
 */
export function captureResponse(
  res: ServerResponse,
  limit: number,
  done: (page: TCapturedPage) => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let overflow = false;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (overflow || chunk == null || typeof chunk === "function") return;
    let buffer: Buffer;
    if (typeof chunk === "string") {
      buffer = Buffer.from(
        chunk,
        typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8",
      );
    } else if (ArrayBuffer.isView(chunk)) {
      // A copy: the writer may reuse its buffer once the socket has it.
      buffer = Buffer.from(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    } else {
      overflow = true;
      return;
    }
    size += buffer.length;
    if (size > limit) {
      overflow = true;
      chunks.length = 0;
      return;
    }
    chunks.push(buffer);
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse["write"];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as ServerResponse["end"];
  res.once("finish", () => {
    if (overflow) return;
    done({ status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks) });
  });
}

/** How long a request waits for the same page's render under way before rendering it too. */
export const RENDER_WAIT_MS = 3_000;

/**
 * A request the page cache may answer (lib/page-cache/request.ts said so): from the cache,
 * or rendered by Next and kept. When the same page is being rendered already (a burst on a
 * page just dropped), it waits for that render rather than making Next render it again.
 * While renders fail, a miss is answered from the page's expired copy when there is one.
 * Resolves to what it was, for the metrics.
 */
export async function serveCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  input: {
    cache: PageCache;
    key: string;
    tenant: string;
    next: THandler;
    maxEntryBytes: number;
    waitMs?: number;
  },
): Promise<TPageCacheResult> {
  const { cache, key, tenant } = input;
  let entry = cache.lookup(key, tenant);
  const underWay = entry ? undefined : cache.renderUnderWay(key);
  if (underWay) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      underWay,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, input.waitMs ?? RENDER_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    // The visitor may have gone meanwhile.
    if (res.destroyed) return "miss";
    entry = cache.lookup(key, tenant);
  }
  // While renders fail, a copy past its TTL is better than an error screen.
  const stale = entry ? undefined : cache.staleFallback(key, tenant);
  const kept = entry ?? stale;
  if (kept) {
    const answer = cache.answer(kept, {
      head: req.method === "HEAD",
      gzip: acceptsGzip(req.headers["accept-encoding"]),
      stale: Boolean(stale),
    });
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body ?? undefined);
    return stale ? "stale" : "hit";
  }
  // Set before Next writes anything: with a header already set, Node keeps the headers Next
  // hands to writeHead() too, so res.getHeaders() has them all when the copy is taken.
  res.setHeader(PAGE_CACHE_HEADER, "miss");
  // Noted before the render: a change announced while it runs means it may show old data.
  const generation = cache.generation(tenant);
  // Uncompressed from Next, so the copy's nonce can be found; hits are compressed here.
  delete req.headers["accept-encoding"];
  res.once("finish", () => {
    if (res.statusCode >= 500) cache.renderFailed();
  });
  // A HEAD has no body to keep.
  if (req.method === "GET") {
    const finished = cache.renderStarted(key);
    // A visitor who leaves early ends the response without "finish": waiters go on.
    res.once("close", finished);
    captureResponse(res, input.maxEntryBytes, (page) => {
      cache.store(key, tenant, generation, page);
      finished();
    });
  }
  await input.next(req, res);
  return "miss";
}

/** Reads a request body up to `limit` bytes; null when it is longer. */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function notFound(res: ServerResponse): void {
  res
    .writeHead(404, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" })
    .end("Not Found");
}

/**
 * POST REVALIDATE_PATH: the api says a tenant's public content changed (docs/page-cache.md).
 * Only a call signed with the shared secret counts; anything else, and every call when no
 * secret is set, is answered as an unknown address. The body is read whole first, so the
 * connection stays usable.
 */
export async function serveRevalidation(
  req: IncomingMessage,
  res: ServerResponse,
  input: { secret: string | undefined; invalidate: (tenant: string) => number; now?: number },
): Promise<void> {
  if (req.method !== "POST" || !input.secret) {
    req.resume();
    return notFound(res);
  }
  const body = await readBody(req, REVALIDATE_MAX_BODY_BYTES);
  const signature = req.headers[REVALIDATE_SIGNATURE_HEADER];
  const call = body
    ? verifyRevalidation(
        body,
        typeof signature === "string" ? signature : undefined,
        input.secret,
        input.now,
      )
    : null;
  if (!call) return notFound(res);
  const dropped = input.invalidate(call.tenant);
  res
    .writeHead(200, { "content-type": "application/json", "cache-control": "no-store" })
    .end(JSON.stringify({ tenant: call.tenant, dropped }));
}
