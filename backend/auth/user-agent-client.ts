/**
 * The `client` of an activity event: "<browser> op <OS>" ("on" for an English account),
 * enough for someone to tell "that was me on my phone" from "that was not me". Only the
 * family names are kept, never versions or the raw User-Agent (data minimisation,
 * docs/api-activity.md): a full User-Agent is a large part of a browser fingerprint.
 *
 * A tiny mapping of the common families. Order matters, because User-Agents borrow each
 * other's names: Edge and Opera say "Chrome", Chrome says "Safari", iOS says "like Mac OS
 * X", Android says "Linux". What is not recognised is left out; with neither part known
 * the client is null.
 */

export const BROWSERS = ["Chrome", "Edge", "Firefox", "Safari", "Opera"] as const;
export const OPERATING_SYSTEMS = ["Windows", "macOS", "Linux", "Android", "iOS"] as const;
export type TBrowser = (typeof BROWSERS)[number];
export type TOperatingSystem = (typeof OPERATING_SYSTEMS)[number];

// Plenty for any real browser's User-Agent; the patterns never look further.
const USER_AGENT_READ_MAX = 512;

/** Chromium browsers that say "Chrome" but are not; shown as an unknown browser. */
const OTHER_CHROMIUM = /\b(SamsungBrowser|YaBrowser|UCBrowser|Vivaldi|Brave|Silk)\//;

const BROWSER_PATTERNS: [TBrowser, RegExp][] = [
  ["Edge", /\bEdg(e|A|iOS)?\//],
  ["Opera", /\b(OPR|OPiOS|OPT)\/|\bOpera\b/],
  ["Firefox", /\b(Firefox|FxiOS)\//],
  ["Chrome", /\b(Chrome|CriOS)\//],
  // Safari names its version in Version/; an in-app web view on iOS does not.
  ["Safari", /\bVersion\/[\d.]+.*\bSafari\//],
];

const OS_PATTERNS: [TOperatingSystem | null, RegExp][] = [
  // iPadOS 13+ asks for desktop pages as a Mac: it is reported as macOS.
  ["iOS", /\b(iPhone|iPad|iPod)\b/],
  ["Android", /\bAndroid\b/],
  ["Windows", /\bWindows\b/],
  ["macOS", /\b(Macintosh|Mac OS X)\b/],
  // ChromeOS says X11 and Linux; it is not Linux to the person holding it.
  [null, /\bCrOS\b/],
  ["Linux", /\b(Linux|X11)\b/],
];

function firstMatch<T>(patterns: [T, RegExp][], userAgent: string): T | null {
  for (const [name, pattern] of patterns) if (pattern.test(userAgent)) return name;
  return null;
}

export function browserOf(userAgent: string): TBrowser | null {
  const head = userAgent.slice(0, USER_AGENT_READ_MAX);
  if (OTHER_CHROMIUM.test(head)) return null;
  return firstMatch(BROWSER_PATTERNS, head);
}

export function operatingSystemOf(userAgent: string): TOperatingSystem | null {
  return firstMatch(OS_PATTERNS, userAgent.slice(0, USER_AGENT_READ_MAX));
}

/** "Firefox op Linux" (nl, the default) or "Firefox on Linux" (en); one part alone when
 *  the other is unknown; null when both are. */
export function describeClient(
  browser: TBrowser | null,
  os: TOperatingSystem | null,
  locale: string = "nl",
): string | null {
  if (browser && os) return `${browser} ${locale === "en" ? "on" : "op"} ${os}`;
  return browser ?? os ?? null;
}

/** The client of a request's User-Agent header, in the account's locale. */
export function clientFromUserAgent(
  userAgent: string | null | undefined,
  locale?: string,
): string | null {
  if (!userAgent) return null;
  return describeClient(browserOf(userAgent), operatingSystemOf(userAgent), locale);
}
