import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
const { addSecurityHeaders, bffHandlerFor, serveBff } = await import("@/lib/bff/node-adapter");
const { handleApiRequest, handleAuthRequest, handleSessionStatus, handleStopImpersonating } =
  await import("@/lib/bff/handlers");
const { chooseLocale } = await import("@/lib/bff/locale-choice");
type TBffConfig = import("@/lib/bff/config").TBffConfig;

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** A real Node server whose requests go through serveBff to `handler`. */
async function serve(
  handler: (request: Request, config: TBffConfig) => Promise<Response>,
): Promise<string> {
  server = createServer((req, res) => void serveBff(req, res, handler, {} as TBffConfig));
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the BFF on a plain Node server", () => {
  it("routes /api/v1, /api/auth and /api/session to the BFF and everything else to Next", () => {
    expect(bffHandlerFor("/api/v1/current_user?include=roles")).toBe(handleApiRequest);
    expect(bffHandlerFor("/api/auth/sign_in")).toBe(handleAuthRequest);
    expect(bffHandlerFor("/api/session")).toBe(handleSessionStatus);
    expect(bffHandlerFor("/api/session/stop_impersonating")).toBe(handleStopImpersonating);
    expect(bffHandlerFor("/api/locale")).toBe(chooseLocale);
    expect(bffHandlerFor("/api/v1")).toBeNull();
    expect(bffHandlerFor("/api/sessions")).toBeNull();
    expect(bffHandlerFor("/dashboard")).toBeNull();
    expect(bffHandlerFor("/_next/static/chunk.js")).toBeNull();
  });

  it("hands the handler the method, URL on the addressed host, headers and body", async () => {
    let seen: { method: string; url: string; origin: string | null; body: string } | undefined;
    const url = await serve(async (request) => {
      seen = {
        method: request.method,
        url: request.url,
        origin: request.headers.get("origin"),
        body: await request.text(),
      };
      return new Response(null, { status: 204 });
    });
    const res = await fetch(`${url}/api/v1/things?x=1`, {
      method: "POST",
      headers: { origin: "http://demo.localhost:3000", "content-type": "application/json" },
      body: '{"a":1}',
    });
    expect(res.status).toBe(204);
    expect(seen).toEqual({
      method: "POST",
      url: `${url}/api/v1/things?x=1`,
      origin: "http://demo.localhost:3000",
      body: '{"a":1}',
    });
  });

  it("writes status, body with its length and every Set-Cookie of the handler's answer", async () => {
    const url = await serve(async () => {
      const headers = new Headers({ "content-type": "application/vnd.api+json" });
      headers.append("set-cookie", "a=1; Path=/; HttpOnly");
      headers.append("set-cookie", "b=2; Path=/");
      return new Response('{"data":[]}', { status: 201, headers });
    });
    const res = await fetch(`${url}/api/v1/things`);
    expect(res.status).toBe(201);
    expect(res.headers.get("content-length")).toBe("11");
    expect(res.headers.getSetCookie()).toEqual(["a=1; Path=/; HttpOnly", "b=2; Path=/"]);
    expect(await res.text()).toBe('{"data":[]}');
  });

  it("answers a JSON:API 500 when a handler throws, and keeps serving", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const url = await serve(async () => {
      throw new Error("boom");
    });
    const res = await fetch(`${url}/api/v1/things`);
    expect(res.status).toBe(500);
    expect((await res.json()).errors[0]).toMatchObject({ status: "500", code: "internal" });
    expect((await fetch(`${url}/api/v1/things`)).status).toBe(500);
    spy.mockRestore();
  });

  it("gives every answer the security headers and a policy that lets nothing run", async () => {
    const url = await serve(async () => Response.json({ data: [] }));
    const res = await fetch(`${url}/api/session`);
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(res.headers.get("x-powered-by")).toBeNull();
    // Behind a TLS proxy that says the browser came over https.
    const secure = await fetch(`${url}/api/session`, { headers: { "x-forwarded-proto": "https" } });
    expect(secure.headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });

  it("refuses a NUL or a lone surrogate in the path or query with a JSON:API 400, before the handler", async () => {
    const handler = vi.fn(async () => new Response(null, { status: 204 }));
    const url = await serve(handler);
    for (const target of [
      "/api/v1/vacancies?filter[q]=%00x",
      "/api/v1/vacancies?q=%ED%A0%80",
      "/api/v1/vacancies/1%00",
      "/api/locale?x=%ed%bf%bf",
    ]) {
      const res = await fetch(`${url}${target}`, { method: "POST" });
      expect(res.status, target).toBe(400);
      expect(res.headers.get("content-type")).toBe("application/vnd.api+json");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect((await res.json()).errors[0]).toMatchObject({
        status: "400",
        code: "invalid_characters",
        title: "Bad Request",
      });
    }
    expect(handler).not.toHaveBeenCalled();
    expect((await fetch(`${url}/api/v1/vacancies?q=caf%C3%A9`)).status).toBe(204);
  });

  it("keeps the headers a response set itself, and adds the rest (Next's pages)", async () => {
    server = createServer((req, res) => {
      addSecurityHeaders(req, res);
      res.setHeader("content-security-policy", "default-src 'self'");
      res.statusCode = 200;
      res.end("<p>page</p>"); // the implicit head, as Next's streaming answers send it
    });
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.text()).toBe("<p>page</p>");
  });

  it("gives a script file the policy a worker started from it may run under", async () => {
    server = createServer((req, res) => {
      addSecurityHeaders(req, res);
      res.setHeader("content-type", "text/javascript; charset=utf-8");
      res.end("export {};");
    });
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/w.mjs`);
    const policy = res.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/^default-src 'self'; script-src 'self' blob:; connect-src 'self'/);
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
