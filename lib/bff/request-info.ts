// What the web server can tell about the browser's request. Next.js fills X-Forwarded-Host/
// Proto/For when no proxy in front did, so these are the public view of the request.

function firstValue(value: string | null): string | undefined {
  const first = value?.split(",")[0]?.trim();
  return first ? first : undefined;
}

/** "https" or "http", as the browser used it. */
export function requestProto(headers: Headers, url?: string): "http" | "https" {
  const forwarded = firstValue(headers.get("x-forwarded-proto"))?.toLowerCase();
  if (forwarded === "https" || forwarded === "http") return forwarded;
  if (url) return new URL(url).protocol === "https:" ? "https" : "http";
  return "http";
}

/** The host (with port, if any) the browser addressed. */
export function requestHost(headers: Headers, url?: string): string | undefined {
  return (
    firstValue(headers.get("x-forwarded-host")) ??
    firstValue(headers.get("host")) ??
    (url ? new URL(url).host : undefined)
  );
}

/** The web's own origin as the browser sees it, e.g. "https://oldebroek.example.nl". */
export function requestOrigin(request: Request): string | undefined {
  const host = requestHost(request.headers, request.url);
  if (!host) return undefined;
  try {
    return new URL(`${requestProto(request.headers, request.url)}://${host}`).origin;
  } catch {
    return undefined;
  }
}

export function isHttpsRequest(request: Request): boolean {
  return requestProto(request.headers, request.url) === "https";
}

/**
 * The client's address: the right-most X-Forwarded-For entry, i.e. the one added by the
 * hop nearest to us (a reverse proxy, or Next.js itself from the socket).
 */
export function clientIp(headers: Headers): string | undefined {
  const parts = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.at(-1);
}

/** One cookie's value from a Cookie header (the first one when a name repeats). */
export function readCookie(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw.replace(/^"(.*)"$/, "$1"));
    } catch {
      return raw;
    }
  }
  return undefined;
}
