// Apart from sentry-filter.ts, so instrumentation-client.ts can check the visitor without
// shipping the filter to every page.

/**
 * Crawlers of search engines and of the link previews they feed (spec §4: "errors for
 * search-engine bots only go to the app error hook"). Named tokens, not a bare /bot/:
 * that would also match phones such as the Cubot and a browser's own name.
 */
const BOT_TOKENS = [
  "googlebot",
  "google-inspectiontool",
  "googleother",
  "adsbot-google",
  "mediapartners-google",
  "storebot-google",
  "bingbot",
  "bingpreview",
  "msnbot",
  "adidxbot",
  "duckduckbot",
  "baiduspider",
  "yandexbot",
  "yandexmobilebot",
  "yandeximages",
  "applebot",
  "slurp", // Yahoo! Slurp
  "facebookexternalhit",
  "facebookcatalog",
  "twitterbot",
  "linkedinbot",
  "petalbot",
  "seznambot",
  "qwantbot",
  "qwantify",
  "sogou web spider",
  "exabot",
  "naverbot",
  "yeti/",
  "ia_archiver",
  "ahrefsbot",
  "semrushbot",
  "mj12bot",
];
const BOT_PATTERN = new RegExp(
  BOT_TOKENS.map((token) => token.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"),
  "i",
);

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return Boolean(userAgent) && BOT_PATTERN.test(userAgent as string);
}
