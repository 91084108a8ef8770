import { createHash, timingSafeEqual } from "node:crypto";

// Who may read GET /metrics, on the api and the web alike (docs/operations.md). Server only.

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (a dual-stack socket's form). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().replace(/^::ffff:/, "");
  return address === "::1" || /^127(?:\.\d{1,3}){3}$/.test(v4);
}

/** Headers a proxy adds: a request carrying one came through a proxy, from somewhere else. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

type THeaderValue = string | string[] | undefined | null;

/** Equal tokens, in a time that does not depend on where they differ (both hashed first,
 *  so their lengths do not show either). */
function sameToken(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Whether a request may read /metrics: from a loopback peer that no proxy forwarded (a
 * scraper on the same host), or with `Authorization: Bearer <METRICS_TOKEN>`. The peer is
 * the socket's address, never a header: a header can be sent by anyone. A proxy on the same
 * host makes every visitor a loopback peer, but it adds X-Forwarded-For (or Forwarded,
 * X-Real-IP), and such a request needs the token; sending one of those headers only ever
 * takes access away, so it cannot be spoofed into access.
 */
export function metricsAccessAllowed(input: {
  /** The socket's remote address; undefined where it cannot be known (Next's handlers). */
  peerAddress: string | undefined;
  header: (name: string) => THeaderValue;
  token: string | undefined;
}): boolean {
  const authorization = input.header("authorization");
  const value = Array.isArray(authorization) ? authorization[0] : authorization;
  const bearer = value ? /^Bearer\s+(\S+)\s*$/i.exec(value)?.[1] : undefined;
  if (input.token && bearer && sameToken(bearer, input.token)) return true;
  if (!isLoopbackAddress(input.peerAddress)) return false;
  return FORWARDING_HEADERS.every((name) => {
    const forwarded = input.header(name);
    return forwarded === undefined || forwarded === null;
  });
}
