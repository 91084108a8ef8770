// The JavaScript a page ships (ARCHITECTURE.md decision 13: at most 12 KiB brotli of our own
// above the empty Next page of bench/empty-next.ts): every script the HTML loads or
// preloads, fetched once, measured raw, gzip (level 6, what a default nginx or CDN sends)
// and brotli.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { request } from "undici";

export type TPageWeight = {
  path: string;
  status: number;
  scripts: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  /** Bytes of inline <script> (the RSC payload, JSON-LD), gzip. */
  inlineGzipBytes: number;
  /** The page's HTML, raw. */
  htmlBytes: number;
  /** The RSC (flight) payload the HTML carries for hydration, decoded, raw. */
  flightBytes: number;
  largest: { src: string; gzipBytes: number }[];
};

const SCRIPT_TAG = /<script\b[^>]*>/g;
const SRC = /\bsrc="([^"]+)"/;
const PRELOAD = /<link\b[^>]*\brel="(?:modulepreload|preload)"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;
const FLIGHT_CHUNK = /(?:\/_next\/)?(static\/chunks\/[\w./-]+?\.js)/g;
const INLINE = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;
// Next streams the payload as `self.__next_f.push([1,"<JSON string>"])` scripts.
const FLIGHT_PUSH = /self\.__next_f\.push\(\[1,("(?:[^"\\]|\\.)*")\]\)/g;

/** The flight payload's size: every pushed string, decoded (what React reads). */
export function flightBytes(html: string): number {
  let total = 0;
  for (const [, literal] of html.matchAll(FLIGHT_PUSH)) {
    total += Buffer.byteLength(JSON.parse(literal) as string);
  }
  return total;
}

/** The scripts a page loads: its tags and preloads, and the chunks its RSC payload names. */
export function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  const legacy = new Set<string>();
  for (const [tag] of html.matchAll(SCRIPT_TAG)) {
    const src = SRC.exec(tag)?.[1];
    // A nomodule script (Next's legacy polyfills) is never fetched by a browser with modules.
    if (src && /\bnomodule\b/i.test(tag)) legacy.add(src);
    if (!src || legacy.has(src)) continue;
    urls.add(src.replace(/&amp;/g, "&"));
  }
  for (const match of html.matchAll(PRELOAD)) {
    const tag = match[0];
    if (!/\bas="script"/.test(tag) && !/modulepreload/.test(tag)) continue;
    const href = HREF.exec(tag)?.[1];
    if (href) urls.add(href.replace(/&amp;/g, "&"));
  }
  // Client components' chunks the RSC payload names (loaded by the runtime, not by a tag).
  for (const match of html.matchAll(FLIGHT_CHUNK)) {
    const src = `/_next/${match[1]}`;
    if (!legacy.has(src)) urls.add(src);
  }
  return [...urls];
}

async function get(url: string, host: string): Promise<{ status: number; body: Buffer }> {
  const response = await request(url, { headers: { host, "accept-encoding": "identity" } });
  const body = Buffer.from(await response.body.arrayBuffer());
  return { status: response.statusCode, body };
}

const gzip = (data: Buffer) => gzipSync(data, { level: 6 }).length;
const brotli = (data: Buffer) =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Weighs `path` on the web at `baseUrl` as the tenant of `host` (e.g. "public.localhost"). */
export async function weighPage(baseUrl: string, path: string, host: string): Promise<TPageWeight> {
  const page = await get(new URL(path, baseUrl).toString(), host);
  const html = page.body.toString("utf8");
  const weights = await Promise.all(
    scriptUrls(html).map(async (src) => {
      const { body } = await get(new URL(src, baseUrl).toString(), host);
      return { src, raw: body.length, gzip: gzip(body), brotli: brotli(body) };
    }),
  );
  const inline = [...html.matchAll(INLINE)].map((m) => m[1]).join("");
  return {
    path,
    status: page.status,
    scripts: weights.length,
    rawBytes: weights.reduce((sum, w) => sum + w.raw, 0),
    gzipBytes: weights.reduce((sum, w) => sum + w.gzip, 0),
    brotliBytes: weights.reduce((sum, w) => sum + w.brotli, 0),
    inlineGzipBytes: gzip(Buffer.from(inline)),
    htmlBytes: page.body.length,
    flightBytes: flightBytes(html),
    largest: weights
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 5)
      .map((w) => ({ src: w.src, gzipBytes: w.gzip })),
  };
}
