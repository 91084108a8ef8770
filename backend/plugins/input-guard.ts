import type { FastifyInstance } from "fastify";
import { AppError } from "../errors";

/**
 * Text the database cannot store, refused before any route sees it (docs/api-hardening.md):
 * PostgreSQL text holds no NUL character, and a lone UTF-16 surrogate (or bytes that are no
 * UTF-8 at all) cannot be encoded. Left alone they surface as a driver error, a 500, in
 * whichever query meets them first. Checked in one place for the URL (path and query), the
 * header values and the JSON bodies, so no route can forget: a 400 JSON:API error that
 * names where the text was, and nothing is read or written.
 */

/** A NUL, or a surrogate without its partner. */
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (value: string) => !UNSTORABLE.test(value);

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The text a percent-encoded URL part decodes to, or null when its bytes are no UTF-8
 * (`%ED%A0%80` is a surrogate's encoding, which UTF-8 forbids). A malformed escape such as
 * `%zz` stays as it is, as Fastify's parsers leave it.
 */
export function decodeUrlPart(part: string): string | null {
  if (!part.includes("%")) return part;
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < part.length; i += 1) {
    const hex = part[i] === "%" ? part.slice(i + 1, i + 3) : "";
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
      continue;
    }
    const code = part.codePointAt(i) ?? 0;
    const char = String.fromCodePoint(code);
    if (char.length === 2) i += 1;
    bytes.push(...encoder.encode(char));
  }
  try {
    return utf8.decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
}

export function unstorableError(where: { parameter?: string; pointer?: string }) {
  const detail = "contains a NUL character or text that is not valid UTF-8";
  const name = where.pointer ?? where.parameter ?? "request";
  return new AppError("bad_request", `${name} ${detail}.`, {
    items: [{ detail: `${name} ${detail}.`, code: "invalid_text", source: where }],
  });
}

/** The first place in the URL with unstorable text, as a JSON:API source parameter. */
export function badUrlPart(url: string): string | null {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const decodedPath = decodeUrlPart(path);
  if (decodedPath === null || !isStorableText(decodedPath)) return "path";
  if (queryAt === -1) return null;
  for (const pair of url.slice(queryAt + 1).split("&")) {
    const [key, value = ""] = pair.split("=", 2).map((p) => p.replace(/\+/g, " "));
    const name = decodeUrlPart(key);
    if (name === null || !isStorableText(name)) return "query";
    const text = decodeUrlPart(value);
    if (text === null || !isStorableText(text)) return name;
  }
  return null;
}

/** JSON pointer of the first unstorable string (key or value) in a parsed body, or null. */
export function badJsonPointer(value: unknown, pointer = ""): string | null {
  if (typeof value === "string") return isStorableText(value) ? null : pointer;
  if (value === null || typeof value !== "object") return null;
  const entries = Array.isArray(value)
    ? value.map((item, i) => [String(i), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    const here = `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    if (!isStorableText(key)) return here;
    const found = badJsonPointer(item, here);
    if (found !== null) return found;
  }
  return null;
}

export function registerInputGuard(app: FastifyInstance) {
  app.addHook("onRequest", async (request) => {
    const part = badUrlPart(request.url);
    if (part !== null) throw unstorableError({ parameter: part });
    for (const [name, value] of Object.entries(request.headers)) {
      const values = Array.isArray(value) ? value : [value ?? ""];
      if (!values.every(isStorableText)) throw unstorableError({ parameter: name });
    }
  });

  // JSON and JSON:API bodies: Fastify's safe parser (no __proto__ or constructor keys),
  // then the text check, so a body with a NUL is refused before the handler runs.
  const parseJson = app.getDefaultJsonParser("error", "ignore");
  const guarded = (
    request: Parameters<typeof parseJson>[0],
    body: string | Buffer,
    done: (error: Error | null, value?: unknown) => void,
  ) => {
    parseJson(request, body.toString(), (error: Error | null, value?: unknown) => {
      if (error) return done(error);
      const pointer = badJsonPointer(value);
      if (pointer !== null) return done(unstorableError({ pointer }));
      done(null, value);
    });
  };
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser("application/json", { parseAs: "string" }, guarded);
  app.addContentTypeParser("application/vnd.api+json", { parseAs: "string" }, guarded);
  // Fastify's default text/plain parser hands the text to the route as it came.
  app.addContentTypeParser("text/plain", { parseAs: "string" }, (_request, body, done) => {
    const text = body.toString();
    done(isStorableText(text) ? null : unstorableError({ pointer: "" }), text);
  });
}
