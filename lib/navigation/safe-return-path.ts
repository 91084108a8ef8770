const fallbackPath = "/dashboard";

// Tabs and newlines are stripped by URL parsers, so "/\t/evil.example" would become "//evil.example".
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * A return path from the query (`?redirect=`) that is safe to navigate to: a path on this
 * site. Anything else (absolute URLs, protocol-relative `//host`, backslashes that
 * browsers read as slashes) gives the fallback, so a link cannot send a user off-site
 * after they sign in (spec §2: no external navigation without permission).
 */
export function safeReturnPath(value: string | null | undefined, fallback = fallbackPath): string {
  if (typeof value !== "string") return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  if (value.includes("\\") || hasControlCharacter(value)) return fallback;
  // Belt and braces: whatever the string, it must resolve on our own origin.
  const base = "http://volunteerly.invalid";
  try {
    if (new URL(value, base).origin !== base) return fallback;
  } catch {
    return fallback;
  }
  return value;
}
