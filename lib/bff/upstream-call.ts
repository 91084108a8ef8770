import "server-only";
import type { IncomingHttpHeaders } from "node:http";
import { type Dispatcher, request as undiciRequest } from "undici";

export type TUpstreamResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  body: Uint8Array<ArrayBuffer>;
};

export type TUpstreamCall = {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
  dispatcher: Dispatcher;
  /** Bounds the wait for the answer's headers and any pause within its body. */
  timeoutMs: number;
  requestId: string;
};

/** Why the api gave no answer: it did not answer in time, or could not be reached at all
 *  (refused, reset, closed mid-answer, an unknown host). */
export type TUpstreamFailure = { failed: "upstream_timeout" | "upstream_unavailable" };

export function isUpstreamFailure(
  result: TUpstreamResponse | TUpstreamFailure,
): result is TUpstreamFailure {
  return "failed" in result;
}

/** undici's own timeouts: no headers in time, a pause in the body, no connection in time. */
const TIMEOUT_CODES = new Set([
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/**
 * One call to the api through the pooled dispatcher. Never throws: when the api cannot be
 * reached or does not answer in time it resolves to a failure, which the caller turns into
 * a 502 or 503, never a crash. A socket that failed is destroyed by undici and leaves the
 * pool, so the first call after the api is back opens a fresh connection.
 */
export async function callUpstream(
  call: TUpstreamCall,
): Promise<TUpstreamResponse | TUpstreamFailure> {
  try {
    const response = await undiciRequest(call.url, {
      method: call.method as Dispatcher.HttpMethod,
      headers: call.headers,
      body: call.body,
      dispatcher: call.dispatcher,
      // undici's own coarse timers: no per-request AbortSignal timer on the hot path. The call
      // is not tied to the browser's connection: once the api may have rotated the token,
      // finishing is better than dropping its answer.
      headersTimeout: call.timeoutMs,
      bodyTimeout: call.timeoutMs,
    });
    // Buffered: api bodies are small JSON, and the timeout then covers the whole answer.
    const body = new Uint8Array(await response.body.arrayBuffer());
    return { status: response.statusCode, headers: response.headers, body };
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    console.error(
      `[bff] upstream ${call.method} ${call.url.pathname} failed (request ${call.requestId}): ${reason}`,
    );
    const code = (error as { code?: unknown } | null)?.code;
    return {
      failed:
        typeof code === "string" && TIMEOUT_CODES.has(code)
          ? "upstream_timeout"
          : "upstream_unavailable",
    };
  }
}
