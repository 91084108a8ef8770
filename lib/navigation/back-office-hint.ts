import { STAFF_REACH, type TStaffReach } from "@/lib/routes";

/**
 * The back office's navigation is rendered on the server, so it is there on the first paint
 * and its narrow-screen menu works before hydration and without JavaScript. The server knows
 * who is signed in (the sealed session's uid) but not their roles: server components never
 * call authenticated api endpoints (docs/decisions.md, Auth). So the browser, once it has
 * loaded the user's roles, leaves the levels they reach in this cookie for the next page
 * the server renders (docs/back-office-pages.md, "The frame").
 *
 * It is a hint, not a permission: it decides which links are shown, never what a page or
 * the api allows. It is bound to the signed-in uid, so another account signing in on the
 * same browser never sees the previous one's sections; a value that does not parse reads as
 * "no sections".
 */
export const BACK_OFFICE_HINT_COOKIE = "volunteerly_backoffice";

/** As long as the session cookie lives (lib/auth/session.ts SESSION_MAX_AGE_S: 14 days). */
const MAX_AGE_S = 14 * 24 * 60 * 60;

/** FNV-1a (32 bit) of the uid: binds the hint to the account without putting the address in it. */
export function uidTag(uid: string): string {
  let hash = 0x811c9dc5;
  for (const char of uid) {
    const code = char.codePointAt(0) ?? 0;
    hash ^= code;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/** `<tag>.<level>-<level>…`, the levels in STAFF_REACH order. */
export function encodeBackOfficeHint(uid: string, reach: ReadonlySet<TStaffReach>): string {
  const levels = STAFF_REACH.filter((level) => reach.has(level));
  return `${uidTag(uid)}.${levels.join("-")}`;
}

/** The levels the hint names for this uid; nothing for another uid, no hint or a bad one. */
export function decodeBackOfficeHint(
  value: string | undefined,
  uid: string | undefined,
): ReadonlySet<TStaffReach> {
  const reach = new Set<TStaffReach>();
  if (!value || !uid || value.length > 200) return reach;
  const [tag, levels = "", ...rest] = value.split(".");
  if (rest.length > 0 || tag !== uidTag(uid)) return reach;
  for (const level of levels.split("-")) {
    const known = STAFF_REACH.find((candidate) => candidate === level);
    if (known) reach.add(known);
  }
  return reach;
}

/** The Set-Cookie / document.cookie string; an empty reach clears the hint. */
export function backOfficeHintCookie(value: string | null, secure: boolean): string {
  const flags = secure ? "; Secure" : "";
  return value === null
    ? `${BACK_OFFICE_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${flags}`
    : `${BACK_OFFICE_HINT_COOKIE}=${value}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax${flags}`;
}

/** The hint's value in a Cookie header or document.cookie, if any. */
export function readBackOfficeHint(cookieHeader: string): string | undefined {
  for (const part of cookieHeader.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === BACK_OFFICE_HINT_COOKIE) return value.join("=");
  }
  return undefined;
}
