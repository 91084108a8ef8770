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

/**
 * One call to the api through the pooled dispatcher. Resolves to null when the api cannot be
 * reached or does not answer in time: the caller turns that into a 502, never a crash.
 */
export async function callUpstream(call: TUpstreamCall): Promise<TUpstreamResponse | null> {
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
    return null;
  }
}
