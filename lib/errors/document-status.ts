import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import { UPSTREAM_RETRY_AFTER_SECONDS, upstreamFailedRecently } from "@/lib/api/upstream-health";

/**
 * The HTTP status of a page's HTML document, set by the page while it renders
 * (lib/errors/interrupt-screens.tsx) and applied by scripts/web-server.ts when Next writes
 * the head.
 *
 * Why: React renders no error boundary on the server. A notFound() (or forbidden(),
 * unauthorized()) that a page raises after awaiting the api fails the document's shell, and
 * Next then answers with its bare error document (`<html id="__next_error__">`, empty body):
 * the screen only appears once JavaScript has drawn it from the flight data. A page that
 * renders the screen itself has a real document, but Next would send it with status 200;
 * this is how the page says 404 (docs/errors.md).
 *
 * Shared through `globalThis`: the web server and the pages Next bundled are separate copies
 * of this module in one process.
 */

type TDocumentStatus = { status: number | undefined };

const STORAGE_KEY = Symbol.for("volunteerly.document-status");

function storage(): AsyncLocalStorage<TDocumentStatus> {
  const holder = globalThis as typeof globalThis & {
    [STORAGE_KEY]?: AsyncLocalStorage<TDocumentStatus>;
  };
  holder[STORAGE_KEY] ??= new AsyncLocalStorage<TDocumentStatus>();
  return holder[STORAGE_KEY];
}

/**
 * Whether a request asks for an HTML document: GET or HEAD without the headers of Next's
 * client navigations, prefetches and server actions (those read the flight data, where the
 * route group's boundary draws the screen in the browser as usual).
 */
export function isDocumentRequest(req: Pick<IncomingMessage, "method" | "headers">): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const h = req.headers;
  return !(h.rsc || h["next-router-prefetch"] || h["next-router-state-tree"] || h["next-action"]);
}

/**
 * Runs `handle` with a status a page may set; when Next writes the head with 200, the page's
 * status replaces it. A 500 while the api has just failed is the api's absence: 503 with
 * Retry-After (lib/api/upstream-health.ts). Only for document requests; other requests run
 * as they are.
 */
export function withDocumentStatus<T>(
  req: IncomingMessage,
  res: ServerResponse,
  handle: () => T,
): T {
  if (!isDocumentRequest(req)) return handle();
  const store: TDocumentStatus = { status: undefined };
  const writeHead = res.writeHead;
  // Node's implicit head (the first write, flushHeaders) goes through writeHead too.
  res.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    let status = statusCode === 200 && store.status ? store.status : statusCode;
    if (status === 500 && upstreamFailedRecently()) {
      status = 503;
      // Merged by Node with the headers Next passes to writeHead.
      this.setHeader("retry-after", String(UPSTREAM_RETRY_AFTER_SECONDS));
      if (typeof rest[0] === "string") rest[0] = "Service Unavailable";
    }
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as ServerResponse["writeHead"];
  return storage().run(store, handle);
}

/**
 * Sets the status of the document being rendered; false when there is none to set (a client
 * navigation, or a server without scripts/web-server.ts such as `next dev`), and the caller
 * should let Next handle it.
 */
export function setDocumentStatus(status: number): boolean {
  const store = storage().getStore();
  if (!store) return false;
  store.status = status;
  return true;
}
