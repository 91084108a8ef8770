import { getBffConfig } from "@/lib/bff/config";
import { handleSessionStatus } from "@/lib/bff/handlers";

// Whether this browser holds a session, and as someone else ({ signedIn, impersonating }), for
// the client; no api call, no tokens. Anyone may ask.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export function GET(request: Request): Promise<Response> {
  return handleSessionStatus(request, getBffConfig());
}
