/**
 * spec §2: "Navigating to an external URL without explicit permission is refused, as are
 * dangerous protocols." The one check for every navigation target that does not come from
 * our own code: return paths from the query, redirect rules from the api, links in content.
 */

export type TNavigationTarget =
  | { kind: "internal"; path: string }
  | { kind: "external"; url: string };

export type TNavigationOptions = {
  /** External http(s) targets are allowed (redirect rules configured by an administrator). */
  allowExternal?: boolean;
  /** Our own origin: an absolute URL on it counts as internal. */
  origin?: string;
};

/** Schemes an external target may use; everything else (javascript:, data:, vbscript:, file:, blob:…) is refused. */
const EXTERNAL_PROTOCOLS = new Set(["http:", "https:"]);
const PLACEHOLDER_ORIGIN = "http://volunteerly.invalid";

// Tabs and newlines are stripped by URL parsers, so "/\t/evil.example" would become "//evil.example"
// and "java\nscript:" would become "javascript:". Any control character refuses the target.
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function internalPath(url: URL): string {
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The target as an internal path or an allowed external URL, or null when it must be refused. */
export function resolveNavigationTarget(
  value: string | null | undefined,
  { allowExternal = false, origin }: TNavigationOptions = {},
): TNavigationTarget | null {
  if (typeof value !== "string") return null;
  const target = value.trim();
  if (target === "" || target.length > 2048) return null;
  // Backslashes are read as slashes by browsers ("/\evil.example" is protocol-relative).
  if (hasControlCharacter(target) || target.includes("\\")) return null;

  if (target.startsWith("/")) {
    if (target.startsWith("//")) return null; // protocol-relative: another host
    try {
      const url = new URL(target, PLACEHOLDER_ORIGIN);
      return url.origin === PLACEHOLDER_ORIGIN
        ? { kind: "internal", path: internalPath(url) }
        : null;
    } catch {
      return null;
    }
  }

  let url: URL;
  try {
    url = new URL(target); // only absolute URLs parse without a base
  } catch {
    return null; // relative 'dashboard', 'mailto' without colon… nothing we navigate to
  }
  if (!EXTERNAL_PROTOCOLS.has(url.protocol)) return null;
  if (url.username || url.password) return null; // 'https://ours@evil.example' deceives the reader
  if (origin && url.origin === new URL(origin).origin) {
    // 'https://ours//evil.example/' has the path '//evil.example/': protocol-relative as a target.
    const path = internalPath(url);
    return path.startsWith("//") ? null : { kind: "internal", path };
  }
  return allowExternal ? { kind: "external", url: url.href } : null;
}

/** An internal path or the fallback: for return paths, which may never leave the site. */
export function safeInternalPath(value: string | null | undefined, fallback: string): string {
  const target = resolveNavigationTarget(value);
  return target?.kind === "internal" ? target.path : fallback;
}
