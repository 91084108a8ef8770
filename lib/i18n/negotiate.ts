import { type AppLocale, defaultLocale, isLocale, locales } from "./config";

type LanguageRange = { tag: string; q: number; order: number };

function parseAcceptLanguage(header: string): LanguageRange[] {
  const ranges: LanguageRange[] = [];
  header.split(",").forEach((part, order) => {
    const [rawTag, ...params] = part.trim().split(";");
    const tag = rawTag?.trim().toLowerCase();
    if (!tag) return;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.trim().split("=");
      if (name?.trim().toLowerCase() === "q") {
        const parsed = Number.parseFloat(value ?? "");
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    if (q > 0) ranges.push({ tag, q, order });
  });
  // Highest quality first; equal quality keeps the browser's order.
  return ranges.sort((a, b) => b.q - a.q || a.order - b.order);
}

/** Best supported locale for an Accept-Language header, or undefined when none fits. */
export function matchAcceptLanguage(header: string | null | undefined): AppLocale | undefined {
  if (!header) return undefined;
  for (const { tag } of parseAcceptLanguage(header)) {
    // "*" says "anything"; let the fallback decide rather than picking the first locale.
    if (tag === "*") continue;
    const primary = tag.split("-")[0];
    const match = locales.find((locale) => locale === tag || locale === primary);
    if (match) return match;
  }
  return undefined;
}

/**
 * spec §1: the stored cookie first, then the browser language, then the fallback.
 * Before all three, a language the URL asks for (`?lang=en`, docs/seo.md): the address a
 * search engine lists for the English page must show it in English, whatever the cookie.
 * Pure, so the proxy, the request config and tests share one rule.
 */
export function negotiateLocale(input: {
  fromUrl?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): AppLocale {
  if (isLocale(input.fromUrl)) return input.fromUrl;
  if (isLocale(input.cookie)) return input.cookie;
  return matchAcceptLanguage(input.acceptLanguage) ?? defaultLocale;
}
