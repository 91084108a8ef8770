import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TBffConfig } from "@/lib/bff/config";
import { bffErrorBody, bffErrorResponse } from "@/lib/bff/errors";
import {
  handleApiRequest,
  handleAuthRequest,
  handleSessionStatus,
  handleStopImpersonating,
} from "@/lib/bff/handlers";
import { chooseLocale } from "@/lib/bff/locale-choice";
import { env } from "@/lib/env";
import { localeChoicePath } from "@/lib/i18n/config";
import {
  baselineSecurityHeaders,
  cspOriginsFromEnv,
  resourceContentSecurityPolicy,
  scriptFileContentSecurityPolicy,
} from "@/lib/security/headers";
import { hasForbiddenCharacters } from "@/lib/security/request-target";

// The BFF on a plain Node request (scripts/web-server.ts): the same handlers as the
// app/api route handlers, reached without Next's router.

export type TBffHandler = (request: Request, config: TBffConfig) => Promise<Response>;

/** Which BFF handler serves this request target, or null when Next should. */
export function bffHandlerFor(target: string): TBffHandler | null {
  const query = target.indexOf("?");
  const pathname = query === -1 ? target : target.slice(0, query);
  if (pathname.startsWith("/api/v1/")) return handleApiRequest;
  if (pathname === "/api/auth" || pathname.startsWith("/api/auth/")) return handleAuthRequest;
  if (pathname === "/api/session") return handleSessionStatus;
  if (pathname === "/api/session/stop_impersonating") return handleStopImpersonating;
  if (pathname === localeChoicePath) return chooseLocale;
  return null;
}

async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (req.method === "GET" || req.method === "HEAD") return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length > 0 ? new Uint8Array(Buffer.concat(chunks)) : undefined;
}

/** The Node request as a Web Request on the origin the browser addressed. */
export async function toWebRequest(req: IncomingMessage): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const encrypted = "encrypted" in req.socket && req.socket.encrypted === true;
  const origin = `${encrypted ? "https" : "http"}://${req.headers.host ?? "localhost"}`;
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    body: await readBody(req),
  });
}

const scriptOrigins = cspOriginsFromEnv(env);

/** Whether the browser reached us over https (directly, or through a proxy that says so). */
export function isHttpsNodeRequest(req: IncomingMessage): boolean {
  const forwarded = req.headers["x-forwarded-proto"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  if (first) return first.toLowerCase() === "https";
  return "encrypted" in req.socket && req.socket.encrypted === true;
}

/**
 * docs/web-hardening.md: every answer carries the security headers. Those its producer set
 * (proxy.ts gives pages their nonced policy) stay; the rest are added just before the
 * head goes out, which every way of answering passes through (Node's implicit head calls
 * writeHead too). What is not a page gets the policy that lets nothing run.
 */
export function addSecurityHeaders(req: IncomingMessage, res: ServerResponse): void {
  const baseline = baselineSecurityHeaders({ https: isHttpsNodeRequest(req) });
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadSecured(this: ServerResponse, ...args: unknown[]) {
    const given = args.find(
      (arg): arg is Record<string, unknown> =>
        Boolean(arg) && typeof arg === "object" && !Array.isArray(arg),
    );
    const givenHeaders = new Map(
      Object.entries(given ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
    );
    const type = String(this.getHeader("content-type") ?? givenHeaders.get("content-type") ?? "");
    // A script file may become a worker, which runs under the policy it came with.
    const policy = /javascript/i.test(type)
      ? scriptFileContentSecurityPolicy(scriptOrigins)
      : resourceContentSecurityPolicy();
    for (const [name, value] of [...baseline, ["content-security-policy", policy]]) {
      if (!this.hasHeader(name) && !givenHeaders.has(name)) this.setHeader(name, value);
    }
    this.removeHeader("x-powered-by");
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
}

/** Writes a (buffered) Web Response, keeping every Set-Cookie header. */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  if (body) headers["content-length"] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body);
}

/** Serves one BFF request; the handlers never throw for api trouble, this covers the rest. */
export async function serveBff(
  req: IncomingMessage,
  res: ServerResponse,
  handler: TBffHandler,
  config: TBffConfig,
): Promise<void> {
  addSecurityHeaders(req, res);
  try {
    // A NUL or a lone surrogate in the path or query: refused before anything reads it.
    if (hasForbiddenCharacters(req.url ?? "/")) {
      await sendWebResponse(res, bffErrorResponse("invalid_characters"));
      return;
    }
    await sendWebResponse(res, await handler(await toWebRequest(req), config));
  } catch (error) {
    console.error("[bff] request failed", error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(500, { "content-type": "application/vnd.api+json" });
    res.end(JSON.stringify(bffErrorBody("internal")));
  }
}
