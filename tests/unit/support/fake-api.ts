import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent } from "undici";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import type { TBffConfig } from "@/lib/bff/config";

/**
 * A real api stand-in on a random loopback port for the BFF's tests: it records what
 * arrived (`seen`, emptied before each test) and answers as `upstream.reply` says (an empty
 * JSON:API list unless a test says otherwise). `config` is a BFF configuration pointing at
 * it; `downUrl` is a port nobody listens on any more (the api is down). Call `startFakeApi()`
 * at the top of a test file to start it before the file's tests and stop it after.
 */

export type TSeen = {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
};
export type TReply = (req: TSeen, res: ServerResponse) => void;

export const secret = "a-test-secret-that-is-at-least-32-characters-long";
export const WEB = "http://roermond.localhost:3000";

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

const emptyList: TReply = (_req, res) => json(res, 200, { data: [] });

export const upstream: { reply: TReply } = { reply: emptyList };
export let seen: TSeen[] = [];
export let config: TBffConfig;
export let downUrl: string;

async function listen(s: Server): Promise<string> {
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

export function startFakeApi(): void {
  let server: Server;
  let dispatcher: Agent;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const entry = {
          method: req.method ?? "",
          url: req.url ?? "",
          headers: req.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        };
        seen.push(entry);
        upstream.reply(entry, res);
      });
    });
    const apiBaseUrl = await listen(server);
    const closed = createServer();
    downUrl = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    dispatcher = new Agent({ connections: 4 });
    config = {
      apiBaseUrl,
      session: { cookieName: "volunteerly_session", secret },
      tenantCookieName: "tenant",
      defaultTenant: "demo",
      hostMap: {},
      centerIds: {},
      timeoutMs: 2_000,
      dispatcher,
    };
  });

  afterAll(async () => {
    await dispatcher.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    seen = [];
    upstream.reply = emptyList;
    // The BFF logs each failed upstream call; keep the test output clean.
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });
}
