import { describe, expect, it } from "vitest";
import { parseWebEnv } from "@/lib/env";
import {
  baselineSecurityHeaders,
  createNonce,
  cspOriginsFromEnv,
  nonceOfPolicy,
  pageContentSecurityPolicy,
  resourceContentSecurityPolicy,
  scriptFileContentSecurityPolicy,
  type TCspOrigins,
} from "@/lib/security/headers";
import { hasForbiddenCharacters } from "@/lib/security/request-target";
import { themeStyleSheet } from "@/lib/theme/css-variables";

/** A policy as directive → sources, so a test names what it means instead of matching text. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

const noOrigins: TCspOrigins = { extra: [] };
const page = (options: Partial<Parameters<typeof pageContentSecurityPolicy>[0]> = {}) =>
  directives(
    pageContentSecurityPolicy({
      nonce: "abc123==",
      origins: noOrigins,
      development: false,
      https: false,
      ...options,
    }),
  );

describe("the page's Content-Security-Policy", () => {
  it("runs only scripts with this response's nonce, and what they load ('strict-dynamic')", () => {
    const script = page().get("script-src");
    expect(script).toContain("'nonce-abc123=='");
    expect(script).toContain("'strict-dynamic'");
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).not.toContain("'unsafe-eval'");
    expect(page().get("default-src")).toEqual(["'self'"]);
  });

  it("allows <style> elements only with the nonce in production, style attributes always", () => {
    expect(page().get("style-src")).toEqual(["'self'", "'nonce-abc123=='"]);
    expect(page().get("style-src-attr")).toEqual(["'unsafe-inline'"]);
  });

  it("locks down plugins, <base>, framing and form targets", () => {
    const policy = page();
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("frame-src")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
  });

  it("lets maplibre start its worker from this site or a blob: URL, and draw blob: tiles", () => {
    expect(page().get("worker-src")).toEqual(["'self'", "blob:"]);
    expect(page().get("img-src")).toEqual(expect.arrayContaining(["'self'", "data:", "blob:"]));
  });

  it("adds the map style's origin, Sentry's ingest origin and the extra origins", () => {
    const env = parseWebEnv({
      MAP_STYLE_URL:
        "https://api.pdok.nl/kadaster/brt-achtergrondkaart/ogc/v1/styles/standaard__webmercatorquad?f=json",
      SENTRY_DSN: "https://0123456789abcdef@o42.ingest.de.sentry.io/4507",
      CSP_EXTRA_ORIGINS: " https://tiles.example.nl  https://CDN.example.nl:8443 ",
    });
    const origins = cspOriginsFromEnv(env);
    expect(origins).toEqual({
      map: "https://api.pdok.nl",
      sentry: "https://o42.ingest.de.sentry.io",
      extra: ["https://tiles.example.nl", "https://cdn.example.nl:8443"],
    });
    const policy = page({ origins });
    expect(policy.get("connect-src")).toEqual([
      "'self'",
      "https://api.pdok.nl",
      "https://tiles.example.nl",
      "https://cdn.example.nl:8443",
      "https://o42.ingest.de.sentry.io",
    ]);
    expect(policy.get("img-src")).toEqual(
      expect.arrayContaining(["https://api.pdok.nl", "https://tiles.example.nl"]),
    );
    // Sentry only receives reports: it may not serve scripts or images.
    expect(policy.get("img-src")).not.toContain("https://o42.ingest.de.sentry.io");
    expect(policy.get("script-src")?.join(" ")).not.toContain("sentry");
  });

  it("needs no origin for the bundled map style or without a DSN", () => {
    const origins = cspOriginsFromEnv(parseWebEnv({}));
    expect(origins).toEqual({ map: undefined, sentry: undefined, extra: [] });
    expect(page({ origins }).get("connect-src")).toEqual(["'self'"]);
  });

  it("refuses an extra origin with a path, a wildcard or another scheme", () => {
    for (const value of ["https://cdn.example.nl/x", "https://*.example.nl", "ftp://x.nl", "*"]) {
      expect(() => parseWebEnv({ CSP_EXTRA_ORIGINS: value }), value).toThrow(/CSP_EXTRA_ORIGINS/);
    }
  });

  it("upgrades insecure requests over https only", () => {
    expect(page({ https: true }).has("upgrade-insecure-requests")).toBe(true);
    expect(page({ https: false }).has("upgrade-insecure-requests")).toBe(false);
  });

  it("in development allows eval for React's dev build, the dev server's websocket and inline styles", () => {
    const policy = page({ development: true });
    expect(policy.get("script-src")).toContain("'unsafe-eval'");
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(policy.get("connect-src")).toEqual(["'self'", "ws:", "wss:"]);
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("gives Next the nonce back the way it reads it", () => {
    const nonce = createNonce();
    const policy = pageContentSecurityPolicy({
      nonce,
      origins: noOrigins,
      development: false,
      https: true,
    });
    expect(nonceOfPolicy(policy)).toBe(nonce);
    expect(nonceOfPolicy(resourceContentSecurityPolicy())).toBeUndefined();
  });

  it("makes a new 128-bit nonce every time", () => {
    const nonces = new Set(Array.from({ length: 200 }, createNonce));
    expect(nonces.size).toBe(200);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
  });
});

describe("the policy of answers that are not pages", () => {
  it("lets nothing load, run, frame it or be posted", () => {
    const policy = directives(resourceContentSecurityPolicy());
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'none'"]);
  });
});

describe("the policy of a script file (a worker runs under it)", () => {
  it("lets maplibre's worker import its modules and fetch from the map's origins, nothing else", () => {
    const policy = directives(
      scriptFileContentSecurityPolicy({
        map: "https://api.pdok.nl",
        sentry: "https://o1.ingest.sentry.io",
        extra: ["https://tiles.example.nl"],
      }),
    );
    expect(policy.get("script-src")).toEqual(["'self'", "blob:"]);
    expect(policy.get("connect-src")).toEqual([
      "'self'",
      "https://api.pdok.nl",
      "https://tiles.example.nl",
      "https://o1.ingest.sentry.io",
    ]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("script-src")).not.toContain("'unsafe-eval'");
  });
});

describe("the baseline headers", () => {
  it("sends nosniff, the referrer policy, a permissions policy and no framing", () => {
    const headers = new Map(baselineSecurityHeaders({ https: false }));
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("x-frame-options")).toBe("DENY");
    const permissions = headers.get("permissions-policy") ?? "";
    for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=()"]) {
      expect(permissions.split(", ")).toContain(feature);
    }
  });

  it("sends Strict-Transport-Security over https only", () => {
    expect(new Map(baselineSecurityHeaders({ https: true })).get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(
      new Map(baselineSecurityHeaders({ https: false })).has("strict-transport-security"),
    ).toBe(false);
  });
});

describe("request targets with a NUL or a lone surrogate", () => {
  it.each([
    "?q=%00x",
    "/%00",
    "/nieuws/a%00b",
    "?q=%ED%A0%80", // U+D800, a lone high surrogate, as UTF-8 bytes
    "?q=%ed%bf%bf", // U+DFFF, lower-case escapes
    "/x?a=1&b=%F0%9F%98%80%ED%B0%80", // an emoji, then a lone low surrogate
    "?q=\u0000",
    "/\uD800",
    "?q=a\uDC00",
  ])("refuses %j", (target) => {
    expect(hasForbiddenCharacters(target)).toBe(true);
  });

  it.each([
    "/",
    "?q=tuin",
    "?q=caf%C3%A9",
    "?q=%F0%9F%98%80", // an emoji: a surrogate pair in UTF-16, valid UTF-8
    "?q=\uD83D\uDE00",
    "?q=%ED%9F%BF", // U+D7FF, just below the surrogates
    "?q=%ED&r=%A0", // not next to each other: no one character
    "?q=100%",
    "?q=%zz",
    "/%E0%A4%A",
  ])("lets %j through", (target) => {
    expect(hasForbiddenCharacters(target)).toBe(false);
  });
});

describe("the theme's stylesheet", () => {
  it("puts the custom properties on :root and leaves out a value that could end the rule", () => {
    expect(
      themeStyleSheet({
        "--site-primary-700": "#15803d",
        "--site-font": "'inter', system-ui",
        "--site-radius": "1rem}</style><script>",
      }),
    ).toBe(":root{--site-primary-700:#15803d;--site-font:'inter', system-ui}");
  });
});
