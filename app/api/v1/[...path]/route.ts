import { getBffConfig } from "@/lib/bff/config";
import { handleApiRequest } from "@/lib/bff/handlers";

// BFF: any browser call to /api/v1/* goes to the api with the session's auth headers and the
// tenant headers of spec §7. Anyone may call it; the api decides what they may do.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

function handle(request: Request): Promise<Response> {
  return handleApiRequest(request, getBffConfig());
}

export { handle as DELETE, handle as GET, handle as PATCH, handle as POST, handle as PUT };
