import { notFound } from "next/navigation";
import { metricsResponse } from "@/lib/metrics/web-metrics";

// GET /metrics (docs/operations.md). scripts/web-server.ts answers it before Next, where the
// socket's address tells a scraper on this host; this handler serves `next start` and
// `next dev`, where no handler can know that address (X-Forwarded-For is whatever the client
// sent), so only METRICS_TOKEN admits here. Anyone else: a 404, as for no route at all.
// proxy.ts's matcher leaves /metrics alone: no tenant, no page policy, no redirect rule.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request): Promise<Response> {
  const response = await metricsResponse(request, undefined);
  if (!response) notFound();
  return response;
}
