import { getBffConfig } from "@/lib/bff/config";
import { handleTokenLanding } from "@/lib/bff/token-landing";

// The landing of a sign-in link that carries tokens (docs/auth-token.md): it signs the browser
// in itself and sends it on, so the tokens never stay in the address bar or the history.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export function GET(request: Request): Promise<Response> {
  return handleTokenLanding(request, getBffConfig());
}
