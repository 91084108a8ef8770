import { getBffConfig } from "@/lib/bff/config";
import { chooseLocale } from "@/lib/bff/locale-choice";

// The language panel's form (components/layout/language-panel.tsx): sets the locale cookie
// and sends the browser back to the page it came from. Same-origin POST only.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export function POST(request: Request): Promise<Response> {
  return chooseLocale(request, getBffConfig());
}
