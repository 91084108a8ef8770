import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import * as Sentry from "@sentry/nextjs";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/errors";
import {
  onAppError,
  reportError,
  setErrorMonitor,
  type TAppErrorRecord,
} from "@/lib/errors/report";

// The real Sentry server SDK (@sentry/nextjs's Node entry, as instrumentation.ts loads it)
// sending to a local envelope sink: proves which errors leave the process, not just what the
// filter function answers.

vi.mock("server-only", () => ({}));

const GOOGLEBOT =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/126.0.6478.126 Safari/537.36";
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

type TEvent = {
  environment?: string;
  tags?: Record<string, string>;
  exception?: { values?: Array<{ type?: string; value?: string }> };
  request?: { headers?: Record<string, string>; cookies?: unknown };
};

let sink: Server;
let envelopes: { path: string; body: string }[] = [];
let instrumentation: typeof import("@/instrumentation");

function startSink(): Promise<number> {
  sink = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const body = req.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
      envelopes.push({ path: req.url ?? "", body: body.toString("utf8") });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  return new Promise((resolve) =>
    sink.listen(0, "127.0.0.1", () => resolve((sink.address() as AddressInfo).port)),
  );
}

/** The error events of every envelope: header line, then item header and payload lines. */
function receivedEvents(): TEvent[] {
  return envelopes.flatMap(({ body }) => {
    const lines = body.split("\n").filter((line) => line.trim() !== "");
    const events: TEvent[] = [];
    for (let i = 1; i + 1 < lines.length; i += 2) {
      const item = JSON.parse(lines[i]) as { type?: string };
      if (item.type === "event") events.push(JSON.parse(lines[i + 1]) as TEvent);
    }
    return events;
  });
}

const messages = (events: TEvent[]) => events.map((e) => e.exception?.values?.[0]?.value).sort();
const withStatus = (message: string, fields: Record<string, unknown>) =>
  Object.assign(new Error(message), fields);
const request = (userAgent: string, extra: Record<string, string> = {}) => ({
  path: "/vacancies",
  method: "GET",
  headers: { "user-agent": userAgent, ...extra },
});
const renderContext = {
  routerKind: "App Router",
  routePath: "/vacancies",
  routeType: "render",
  revalidateReason: undefined,
} as const;

beforeAll(async () => {
  const port = await startSink();
  // instrumentation.ts reads lib/env.ts, which parses process.env when first imported.
  process.env.SENTRY_DSN = `http://publickey@127.0.0.1:${port}/1`;
  process.env.SENTRY_ENVIRONMENT = "envelope-test";
  process.env.NEXT_RUNTIME = "nodejs";
  instrumentation = await import("@/instrumentation");
  await instrumentation.register();
});

afterAll(async () => {
  setErrorMonitor(undefined);
  await Sentry.close(2000);
  await new Promise((resolve) => sink.close(resolve));
  delete process.env.SENTRY_DSN;
  delete process.env.SENTRY_ENVIRONMENT;
  delete process.env.NEXT_RUNTIME;
});

beforeEach(() => {
  envelopes = [];
  vi.spyOn(console, "error").mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

describe("Sentry with the filter as beforeSend, sending to a local sink", () => {
  it("sends only the 500 and the error without a status; 3xx/4xx and a bot's error stay home", async () => {
    Sentry.captureException(withStatus("not found 404", { statusCode: 404 }));
    Sentry.captureException(withStatus("redirect 302", { status: 302 }));
    Sentry.captureException(new ApiError({ statusCode: 403, message: "api 403" }));
    Sentry.captureException(new ApiError({ statusCode: 500, message: "api 500" }));
    Sentry.captureException(new Error("plain error"));
    Sentry.captureRequestError(
      new ApiError({ statusCode: 500, message: "googlebot 500" }),
      request(GOOGLEBOT),
      renderContext,
    );
    expect(await Sentry.flush(5000)).toBe(true);

    expect(envelopes.length).toBeGreaterThan(0);
    expect(envelopes.every((e) => /^\/api\/1\/envelope\/?(\?|$)/.test(e.path))).toBe(true);
    const events = receivedEvents();
    expect(messages(events)).toEqual(["api 500", "plain error"]);
    expect(events.every((e) => e.environment === "envelope-test")).toBe(true);
  });

  it("reportError and onRequestError: every error reaches the app error hook, only unexpected ones of people reach Sentry", async () => {
    const hook: TAppErrorRecord[] = [];
    const stop = onAppError((record) => hook.push(record));
    try {
      reportError(withStatus("not found 404", { statusCode: 404 }), { source: "test" });
      reportError(withStatus("redirect 302", { status: 302 }), { source: "test" });
      reportError(new ApiError({ statusCode: 403, message: "api 403" }), { source: "test" });
      const serverErrorId = reportError(new ApiError({ statusCode: 500, message: "api 500" }), {
        source: "test",
        tenant: "demo",
      });
      reportError(new Error("plain error"), { source: "test" });
      await instrumentation.onRequestError(
        new Error("googlebot 500"),
        request(GOOGLEBOT),
        renderContext,
      );
      await instrumentation.onRequestError(
        new Error("person 500"),
        request(CHROME, { cookie: "volunteerly_session=sealed", "accept-language": "nl" }),
        renderContext,
      );
      expect(await Sentry.flush(5000)).toBe(true);

      const events = receivedEvents();
      expect(messages(events)).toEqual(["api 500", "person 500", "plain error"]);
      const apiEvent = events.find((e) => e.exception?.values?.[0]?.value === "api 500");
      expect(apiEvent?.tags).toMatchObject({ error_id: serverErrorId, error_source: "test" });

      const personEvent = events.find((e) => e.exception?.values?.[0]?.value === "person 500");
      expect(personEvent?.tags?.error_source).toBe("request");
      expect(personEvent?.request?.headers?.["user-agent"]).toBe(CHROME);
      expect(personEvent?.request?.headers?.cookie).toBeUndefined();
      expect(personEvent?.request?.cookies).toBeUndefined();

      expect(hook.map((r) => [r.message, r.monitoring])).toEqual([
        ["not found 404", "expected"],
        ["redirect 302", "expected"],
        ["api 403", "expected"],
        ["api 500", "send"],
        ["plain error", "send"],
        ["googlebot 500", "bot"],
        ["person 500", "send"],
      ]);
      const bot = hook.find((r) => r.message === "googlebot 500");
      expect(bot).toMatchObject({ source: "request", path: "/vacancies" });
      expect(bot?.id).toMatch(/\S{8,}/);
      // The hook is a structured console.error with the id, for every report.
      expect(console.error).toHaveBeenCalledWith(`[app-error] ${bot?.id}`, bot);
    } finally {
      stop();
    }
  });
});
