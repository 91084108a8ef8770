import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { handleApiRequest } = await import("@/lib/bff/handlers");
const { serveBff } = await import("@/lib/bff/node-adapter");
const { getDispatcher } = await import("@/lib/bff/dispatcher");
type TBffConfig = import("@/lib/bff/config").TBffConfig;

// docs/operations.md, "Failures": what the BFF answers when the api is down, dies in the
// middle of an answer, or does not answer; and that it serves again as soon as the api is
// back. Against real sockets and the process's own pooled dispatcher (lib/bff/dispatcher.ts),
// whose kept-alive connections are what could go stale when the api restarts.

const WEB = "http://roermond.localhost:3000";
const JSON_API = "application/vnd.api+json";

type TReply = (req: IncomingMessage, res: ServerResponse) => void;

const emptyList: TReply = (_req, res) => {
  res.writeHead(200, { "content-type": JSON_API });
  res.end('{"data":[]}');
};

/** An api stand-in that can be killed and started again on the same port. */
class FakeApi {
  reply: TReply = emptyList;
  port = 0;
  #server: Server | null = null;

  async start(): Promise<void> {
    const server = createServer((req, res) => {
      req.resume();
      req.on("end", () => this.reply(req, res));
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  /** As a killed process: every connection closes at once, new ones are refused. */
  async kill(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (!server) return;
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeAllConnections();
    await closed;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }
}

const api = new FakeApi();

function bffConfig(overrides: Partial<TBffConfig> = {}): TBffConfig {
  return {
    apiBaseUrl: api.url,
    session: {
      cookieName: "volunteerly_session",
      secret: "a-test-secret-that-is-at-least-32-characters-long",
    },
    tenantCookieName: "tenant",
    defaultTenant: "demo",
    hostMap: {},
    centerIds: {},
    timeoutMs: 2_000,
    dispatcher: getDispatcher(),
    ...overrides,
  };
}

const get = (config: TBffConfig, path = "/api/v1/vacancies") =>
  handleApiRequest(new Request(`${WEB}${path}`), config);

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toBe(JSON_API);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const body = (await response.json()) as { errors: { status: string; code: string }[] };
  expect(body.errors).toHaveLength(1);
  expect(body.errors[0]).toMatchObject({ status: String(status), code });
}

beforeEach(async () => {
  api.reply = emptyList;
  await api.start();
  // Each failed upstream call is logged; keep the output clean.
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(async () => {
  await api.kill();
  api.port = 0;
  vi.restoreAllMocks();
});
afterAll(async () => {
  await getDispatcher().close();
  // A closed dispatcher must not be what a later file in this worker gets.
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("volunteerly.bff.dispatcher")];
});

describe("the BFF when the api fails", () => {
  it("answers 502 when the api refuses the connection (it is down)", async () => {
    await api.kill();
    await expectError(await get(bffConfig()), 502, "upstream_unavailable");
  });

  it("answers 502 when the api's host does not resolve", async () => {
    const response = await get(bffConfig({ apiBaseUrl: "http://api.invalid:4000" }));
    await expectError(response, 502, "upstream_unavailable");
  });

  it("answers 502 when the api closes the connection before answering", async () => {
    api.reply = (req) => req.socket.destroy();
    await expectError(await get(bffConfig()), 502, "upstream_unavailable");
  });

  it("answers 502 when the connection is reset in the middle of the answer", async () => {
    api.reply = (req, res) => {
      res.writeHead(200, { "content-type": JSON_API, "content-length": "1000" });
      res.write('{"data":[{"id":"1",');
      setTimeout(() => req.socket.resetAndDestroy(), 20);
    };
    await expectError(await get(bffConfig()), 502, "upstream_unavailable");
  });

  it("answers 502 at once when the api dies while a request waits for it", async () => {
    let arrived: () => void = () => {};
    const waiting = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    api.reply = () => arrived(); // never answers
    // A timeout far past the test's own: the answer must come from the dying connection.
    const pending = get(bffConfig({ timeoutMs: 60_000 }));
    await waiting;
    await api.kill();
    await expectError(await pending, 502, "upstream_unavailable");
  });

  it("answers 503 when the api sends no answer within the timeout", async () => {
    api.reply = () => {}; // never answers
    await expectError(await get(bffConfig({ timeoutMs: 150 })), 503, "upstream_timeout");
  });

  it("answers 503 when the api stalls in the middle of its answer", async () => {
    api.reply = (_req, res) => {
      res.writeHead(200, { "content-type": JSON_API, "content-length": "1000" });
      res.write('{"data":['); // and nothing more
    };
    await expectError(await get(bffConfig({ timeoutMs: 150 })), 503, "upstream_timeout");
  });

  it("passes the api's own 503 (its database is away) through with its Retry-After", async () => {
    const body = {
      errors: [
        {
          status: "503",
          source: null,
          title: "Service Unavailable",
          detail: "The service is unavailable, please try again later.",
          code: "database_unavailable",
        },
      ],
    };
    api.reply = (_req, res) => {
      res.writeHead(503, { "content-type": JSON_API, "retry-after": "2" });
      res.end(JSON.stringify(body));
    };
    const response = await get(bffConfig());
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toBe(JSON_API);
    expect(response.headers.get("retry-after")).toBe("2");
    expect(await response.json()).toEqual(body);
  });
});

describe("the BFF after the api is back", () => {
  it("answers the first request after a restart on the same port: no dead kept-alive socket is used", async () => {
    const config = bffConfig();
    // Several connections kept alive in the pool, all of which the restart ends.
    let hold: (() => void)[] = [];
    api.reply = (_req, res) => {
      hold.push(() => {
        res.writeHead(200, { "content-type": JSON_API });
        res.end('{"data":[]}');
      });
      if (hold.length === 3) for (const send of hold) send();
    };
    const warm = await Promise.all([get(config), get(config), get(config)]);
    expect(warm.map((r) => r.status)).toEqual([200, 200, 200]);
    hold = [];

    await api.kill();
    await expectError(await get(config), 502, "upstream_unavailable");
    api.reply = emptyList;
    await api.start();
    const after = await Promise.all([get(config), get(config), get(config), get(config)]);
    expect(after.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });

  it("answers again after a timeout: the connection that timed out is not reused", async () => {
    api.reply = () => {}; // never answers
    const config = bffConfig({ timeoutMs: 150 });
    await expectError(await get(config), 503, "upstream_timeout");
    api.reply = emptyList;
    expect((await get(config)).status).toBe(200);
  });
});

describe("the BFF on the plain Node server when the api fails", () => {
  it("answers a JSON:API 502 over HTTP and goes on serving", async () => {
    await api.kill();
    const config = bffConfig();
    const web = createServer((req, res) => void serveBff(req, res, handleApiRequest, config));
    await new Promise<void>((resolve) => web.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
    try {
      const down = await fetch(`${url}/api/v1/vacancies`);
      expect(down.status).toBe(502);
      expect(down.headers.get("content-type")).toBe(JSON_API);
      expect(((await down.json()) as { errors: { code: string }[] }).errors[0].code).toBe(
        "upstream_unavailable",
      );
      await api.start();
      const up = await fetch(`${url}/api/v1/vacancies`);
      expect(up.status).toBe(200);
      expect(await up.json()).toEqual({ data: [] });
    } finally {
      web.closeAllConnections();
      await new Promise((resolve) => web.close(resolve));
    }
  });
});
