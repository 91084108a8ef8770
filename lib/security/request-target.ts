/**
 * Request targets no page or api call can mean: a NUL character or a lone UTF-16 surrogate
 * in the path or the query, sent as is or percent-encoded (a surrogate percent-encoded is
 * the UTF-8 of U+D800–U+DFFF, ED A0–BF xx, which no valid UTF-8 text contains). Such a
 * request is refused before anything reads it: a 404 page from proxy.ts, a JSON:API 400
 * from the BFF (docs/web-hardening.md). Everything else, malformed escapes included, goes
 * on as before: route matching already refuses those.
 */

const HEX = /^[0-9a-f]{2}$/i;
// A high surrogate without a low one after it, or a low one without a high one before it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The bytes percent-escapes stand for, in order; -1 where anything else comes between. */
function escapedBytes(target: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < target.length; i++) {
    const hex = target.slice(i + 1, i + 3);
    if (target[i] === "%" && HEX.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else if (bytes.at(-1) !== -1) {
      bytes.push(-1);
    }
  }
  return bytes;
}

/** Whether a path, query or whole request target ("/a?b=c") holds a NUL or a lone surrogate. */
export function hasForbiddenCharacters(target: string): boolean {
  if (target.includes("\u0000") || LONE_SURROGATE.test(target)) return true;
  if (!target.includes("%")) return false;
  const bytes = escapedBytes(target);
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x00) return true;
    // ED A0–BF: the start of a UTF-8-encoded surrogate (escapes next to each other only).
    const next = bytes[i + 1] ?? -1;
    if (bytes[i] === 0xed && next >= 0xa0 && next <= 0xbf) return true;
  }
  return false;
}
