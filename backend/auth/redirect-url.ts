/**
 * devise_token_auth's redirect whitelist (`redirect_whitelist`, Url.whitelisted?) over the
 * hosts of config.REDIRECT_HOSTS: an exact host name, `host:port`, `*.example.nl` (any
 * subdomain, not the bare domain) or `*` (any host). Only http(s) URLs pass.
 */
export function isAllowedRedirect(url: string, hosts: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return false;
  const hostname = parsed.hostname.toLowerCase();
  const host = parsed.host.toLowerCase();
  return hosts.some((pattern) => {
    if (pattern === "*") return true;
    if (pattern.startsWith("*.")) return hostname.endsWith(pattern.slice(1));
    return pattern.includes(":") ? host === pattern : hostname === pattern;
  });
}

/**
 * devise_token_auth `Url.generate`: the URL with its own query kept and `params` appended
 * in key order (Rails `to_query`), the fragment kept.
 */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  const added = new URLSearchParams(
    Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  ).toString();
  const existing = target.search.replace(/^\?/, "");
  target.search = [existing, added].filter(Boolean).join("&");
  return target.toString();
}

/** The origin of the site the request came through (the BFF sends X-Forwarded-Host/Proto). */
export function siteOrigin(
  request: { protocol: string; host: string },
  hosts: readonly string[],
): string | null {
  const origin = `${request.protocol}://${request.host}`;
  // A forged Host must not end up as a link in a mail: only whitelisted hosts count.
  return isAllowedRedirect(origin, hosts) ? new URL(origin).origin : null;
}
