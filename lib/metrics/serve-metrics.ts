import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { addSecurityHeaders, sendWebResponse, toWebRequest } from "@/lib/bff/node-adapter";
import { metricsResponse } from "@/lib/metrics/web-metrics";

// GET /metrics on the plain Node server (scripts/web-server.ts), before Next: only here is
// the socket's own address known, which tells a scraper on this host (docs/operations.md).

/** GET or HEAD of exactly /metrics (any query); anything else is Next's to answer. */
export function isMetricsRequest(req: IncomingMessage): boolean {
  const path = (req.url ?? "/").split("?")[0];
  return path === "/metrics" && (req.method === "GET" || req.method === "HEAD");
}

/** Answers the metrics, or, for a caller the rule refuses, whatever `notFound` answers (the
 *  server's 404 screen, as for any unknown page). */
export async function serveMetrics(
  req: IncomingMessage,
  res: ServerResponse,
  notFound: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<void> {
  addSecurityHeaders(req, res);
  const response = await metricsResponse(await toWebRequest(req), req.socket.remoteAddress);
  if (response) return sendWebResponse(res, response);
  return notFound(req, res);
}
