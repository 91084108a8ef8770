/**
 * Icons outside the bundled set (components/ui/icon.tsx) come from /icons/<name>.svg on
 * this site. The SVG is fetched, not put in an <img>, so a slow file can be given up on
 * (spec §9) and one request serves every use of the name. It is shown as a CSS mask
 * (data: URL), never inserted as markup: an SVG used as an image runs no script.
 */

/** spec §9: icon fetch time-out 1500 ms. */
export const ICON_FETCH_TIMEOUT_MS = 1500;

/** Lowercase letters, digits and dashes: the name can only ever name a file in /icons/. */
const ICON_NAME = /^[a-z0-9-]+$/;

export function isIconName(name: string): boolean {
  return ICON_NAME.test(name);
}

/** Settled and pending loads by name. A transient failure is dropped, so a later use retries. */
const cache = new Map<string, Promise<string | null>>();

/** Thrown for failures that may pass (time-out, network, 5xx); they are not cached. */
class TransientIconError extends Error {}

async function fetchIcon(name: string): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(`/icons/${name}.svg`, {
      // spec §9: AbortSignal.timeout; it covers reading the body too.
      signal: AbortSignal.timeout(ICON_FETCH_TIMEOUT_MS),
      // Same origin only, also after a redirect: an icon is never another site's file.
      mode: "same-origin",
      credentials: "same-origin",
    });
  } catch {
    throw new TransientIconError(name);
  }
  if (response.status >= 500) throw new TransientIconError(name);
  const type = response.headers.get("content-type") ?? "";
  if (!response.ok || !type.includes("image/svg+xml")) return null;
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new TransientIconError(name);
  }
  if (!/<svg[\s>]/i.test(text)) return null;
  // encodeURIComponent escapes quotes, so the URL is safe inside url("…").
  return `data:image/svg+xml,${encodeURIComponent(text)}`;
}

/**
 * A data: URL of /icons/<name>.svg, or null when the name is not valid, the file is
 * missing or not an SVG, or it did not arrive within 1500 ms. Never rejects.
 */
export function loadIcon(name: string): Promise<string | null> {
  if (!isIconName(name)) return Promise.resolve(null);
  const cached = cache.get(name);
  if (cached) return cached;
  const load = fetchIcon(name).catch((error: unknown) => {
    if (error instanceof TransientIconError) cache.delete(name);
    return null;
  });
  cache.set(name, load);
  return load;
}

/** For tests: forget every loaded icon. */
export function clearIconCache(): void {
  cache.clear();
}
