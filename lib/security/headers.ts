/**
 * The security headers of every web answer (docs/web-hardening.md): pages get a
 * Content-Security-Policy with a fresh nonce per request (proxy.ts), BFF answers and
 * everything else Next serves a locked-down policy (scripts/web-server.ts). Pure functions,
 * so the policy is unit-tested directive by directive (tests/unit/security-headers.test.ts).
 *
 * No "server-only": proxy.ts imports it, and it holds no secret.
 */

/** What the policy allows besides the site itself, derived from the validated env. */
export type TCspOrigins = {
  /** The origin of an absolute MAP_STYLE_URL: the style, its tiles, sprites and glyphs. */
  map?: string;
  /** The ingest origin of SENTRY_DSN: where the browser sends error reports. */
  sentry?: string;
  /** CSP_EXTRA_ORIGINS: more origins the browser may fetch from and show images of. */
  extra: readonly string[];
};

export type TPagePolicyOptions = {
  nonce: string;
  origins: TCspOrigins;
  /** `next dev`: React's dev build evaluates code and the dev server talks over a websocket. */
  development: boolean;
  /** Over https: plain-http subresources are upgraded instead of loaded in the clear. */
  https: boolean;
};

/** The origin of an absolute http(s) URL, or undefined for a path on this site or a bad URL. */
export function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The allowed origins for this configuration (MAP_STYLE_URL, SENTRY_DSN, CSP_EXTRA_ORIGINS). */
export function cspOriginsFromEnv(settings: {
  MAP_STYLE_URL: string;
  SENTRY_DSN?: string;
  CSP_EXTRA_ORIGINS?: readonly string[];
}): TCspOrigins {
  return {
    map: originOf(settings.MAP_STYLE_URL),
    // A DSN is https://<public key>@<ingest host>/<project>: the browser posts to that host.
    sentry: originOf(settings.SENTRY_DSN),
    extra: settings.CSP_EXTRA_ORIGINS ?? [],
  };
}

/** 128 random bits, base64: what CSP3 asks of a nonce; new for every response. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

const unique = (values: readonly (string | undefined | false)[]) => [
  ...new Set(values.filter((v): v is string => Boolean(v))),
];

function serialize(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => (sources.length > 0 ? `${name} ${sources.join(" ")}` : name))
    .join("; ");
}

/** The policy of an HTML page. */
export function pageContentSecurityPolicy({
  nonce,
  origins,
  development,
  https,
}: TPagePolicyOptions): string {
  const nonceSource = `'nonce-${nonce}'`;
  const fetchOrigins = unique([origins.map, ...origins.extra]);
  const directives: Record<string, readonly string[]> = {
    "default-src": ["'self'"],
    // Only scripts carrying this response's nonce run; what they load is trusted in turn
    // ('strict-dynamic': Next's chunks, the maplibre and Sentry chunks). 'self' only serves
    // browsers that predate 'strict-dynamic', which ignore the rest.
    "script-src": unique([
      "'self'",
      nonceSource,
      "'strict-dynamic'",
      development && "'unsafe-eval'",
    ]),
    // <style> elements need the nonce (the theme, the fallback font faces); `next dev`
    // injects its CSS without one, so there inline styles are allowed instead.
    "style-src": development ? ["'self'", "'unsafe-inline'"] : ["'self'", nonceSource],
    // style="" attributes (popover anchors, the map's canvas, toasts' progress) cannot
    // carry a nonce; they can only style, never run code or load anything.
    "style-src-attr": ["'unsafe-inline'"],
    // Images come from the api's content (rich text allows any https image), map tiles
    // drawn from blobs, and data: URLs for the masked icons.
    "img-src": unique(["'self'", "data:", "blob:", "https:", ...fetchOrigins]),
    // next/font serves the fonts from this site.
    "font-src": ["'self'"],
    "connect-src": unique([
      "'self'",
      ...fetchOrigins,
      origins.sentry,
      development && "ws:",
      development && "wss:",
    ]),
    // maplibre's worker: a module file on this site, or a blob: URL in other builds.
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
    "media-src": ["'self'"],
    "frame-src": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  if (https) directives["upgrade-insecure-requests"] = [];
  return serialize(directives);
}

/** The policy of every answer that is not a page: JSON, feeds, files. Nothing may run or load. */
export function resourceContentSecurityPolicy(): string {
  return serialize({
    "default-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
    "frame-ancestors": ["'none'"],
  });
}

/**
 * The policy of a script file. A dedicated worker (maplibre's, from /map/…mjs) runs under
 * the policy its script came with, not the page's: it must reach the map's origins and
 * import its modules, and nothing more.
 */
export function scriptFileContentSecurityPolicy(origins: TCspOrigins): string {
  return serialize({
    "default-src": ["'self'"],
    "script-src": ["'self'", "blob:"],
    "connect-src": unique(["'self'", origins.map, ...origins.extra, origins.sentry]),
    "img-src": unique(["'self'", "data:", "blob:", "https:", origins.map, ...origins.extra]),
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
    "frame-ancestors": ["'none'"],
  });
}

/** One year, subdomains included (every tenant host is its own subdomain). */
export const HSTS_VALUE = "max-age=31536000; includeSubDomains";

/** Powerful features no page of ours uses, switched off for this site and anything it embeds. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "fullscreen=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "picture-in-picture=()",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/** The headers every answer carries besides its Content-Security-Policy. */
export function baselineSecurityHeaders({ https }: { https: boolean }): [string, string][] {
  const headers: [string, string][] = [
    ["x-content-type-options", "nosniff"],
    ["referrer-policy", "strict-origin-when-cross-origin"],
    ["permissions-policy", PERMISSIONS_POLICY],
    // Older browsers without frame-ancestors.
    ["x-frame-options", "DENY"],
  ];
  // Browsers ignore it over http; sent there it would only mislead.
  if (https) headers.push(["strict-transport-security", HSTS_VALUE]);
  return headers;
}

/** The nonce a policy names (the first one), as Next reads it for its own scripts. */
export function nonceOfPolicy(policy: string): string | undefined {
  return /'nonce-([A-Za-z0-9+/_-]+={0,2})'/.exec(policy)?.[1];
}
