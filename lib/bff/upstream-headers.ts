import "server-only";
import { isSignedIn, type TAuthValues } from "@/lib/auth/auth-headers";
import { clientIp, readCookie, requestHost, requestProto } from "@/lib/bff/request-info";
import { isLocale, localeCookieName } from "@/lib/i18n/config";
import type { TTenantConfig } from "@/lib/tenants/tenants";

// spec §7: every product call carries X-Tenant, App-Context, Volunteer-Center-Id,
// Current-Organization-Id (when selected), Content-Organization-Id and the three auth values.
// Only what is listed here reaches the api: a browser cannot smuggle its own X-Tenant or
// access-token through the BFF.

const POSITIVE_INT = /^[1-9][0-9]{0,9}$/;
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Headers the browser chooses that the api may read unchanged. */
// user-agent: the api keeps only the browser and system family of a sign-in (docs/api-activity.md).
const PASSED_THROUGH = ["accept", "accept-language", "user-agent"] as const;
/** Ids the browser picks (a selected centre or organization); dropped unless a positive integer. */
const ID_HEADERS = ["volunteer-center-id", "current-organization-id"] as const;

/** The browser's X-Request-Id when it is a sane token, else a fresh one (ARCHITECTURE.md 12). */
export function requestIdOf(request: Request): string {
  const incoming = request.headers.get("x-request-id");
  return incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}

export type TUpstreamHeaderInput = {
  request: Request;
  tenant: TTenantConfig;
  /** The auth values to send; nothing is sent unless all three are present. */
  auth: TAuthValues;
  requestId: string;
  /** Whether a body goes along (then its Content-Type does too). */
  hasBody: boolean;
  /**
   * Whether the browser's selected centre and organization go along. Not on /auth: the api
   * refuses a user of another centre at sign-in (spec §8), and a browser that could name the
   * centre itself would choose the one that lets it in.
   */
  passSelection: boolean;
  /** The site's volunteer centre (VOLUNTEER_CENTER_IDS), when configured. */
  siteCenterId?: number;
};

export function buildUpstreamHeaders({
  request,
  tenant,
  auth,
  requestId,
  hasBody,
  passSelection,
  siteCenterId,
}: TUpstreamHeaderInput): Record<string, string> {
  const incoming = request.headers;
  const headers: Record<string, string> = {
    "x-tenant": tenant.slug,
    "app-context": tenant.appContext,
    "x-request-id": requestId,
  };
  for (const name of PASSED_THROUGH) {
    const value = incoming.get(name);
    if (value) headers[name] = value;
  }
  headers.accept ??= "application/vnd.api+json, application/json";
  // spec §1: messages follow the active locale, and the stored locale cookie outranks the
  // browser's languages; tell the api the same.
  const locale = readCookie(incoming.get("cookie"), localeCookieName);
  if (isLocale(locale)) headers["accept-language"] = locale;
  for (const name of passSelection ? ID_HEADERS : []) {
    const value = incoming.get(name)?.trim();
    if (value && POSITIVE_INT.test(value)) headers[name] = value;
  }
  // spec §7: Content-Organization-Id is the site's default centre; it is also the centre
  // when the browser selected none (and always at sign-in, see passSelection).
  if (siteCenterId !== undefined) {
    headers["content-organization-id"] = String(siteCenterId);
    headers["volunteer-center-id"] ??= String(siteCenterId);
  }
  if (isSignedIn(auth)) {
    headers["access-token"] = auth.accessToken;
    headers.client = auth.client;
    headers.uid = auth.uid;
  }
  const contentType = incoming.get("content-type");
  if (hasBody && contentType) headers["content-type"] = contentType;

  const ip = clientIp(incoming);
  if (ip) headers["x-forwarded-for"] = ip;
  // The site's public origin, so the api can build links in mail (password reset, confirmation).
  const host = requestHost(incoming, request.url);
  if (host) headers["x-forwarded-host"] = host;
  headers["x-forwarded-proto"] = requestProto(incoming, request.url);
  return headers;
}
