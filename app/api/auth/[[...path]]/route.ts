import { getBffConfig } from "@/lib/bff/config";
import { handleAuthRequest } from "@/lib/bff/handlers";

// BFF: devise_token_auth endpoints (/api/auth[/*] → /auth[/*]; an optional catch-all, so
// sign-up's POST /api/auth reaches it under `next dev` too). Sign-in stores the tokens in the
// sealed cookie, sign-out clears it whatever the api says. Anyone may call it.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

function handle(request: Request): Promise<Response> {
  return handleAuthRequest(request, getBffConfig());
}

export { handle as DELETE, handle as GET, handle as PATCH, handle as POST, handle as PUT };
