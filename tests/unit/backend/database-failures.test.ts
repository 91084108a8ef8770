import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { consumeAll, createLimiters, type TLimiters } from "../../../backend/auth/rate-limit";
import { authSettings } from "../../../backend/auth/settings";
import { isDatabaseUnavailable, relistenDelayMs } from "../../../backend/db/client";
import { parseEnv } from "../../../backend/env";

// docs/operations.md, "Failures": which errors mean "the database is away" (503, try again)
// rather than a bug (500); the LISTEN connection's backoff; and the rate limits, which count
// in memory while their store (PostgreSQL or Redis) cannot be reached instead of failing.

/** A loopback port nobody listens on: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("isDatabaseUnavailable", () => {
  const pgError = (code: string) => Object.assign(new Error("from the server"), { code });

  it.each([
    ["a terminated backend (restart, pg_terminate_backend)", pgError("57P01")],
    ["a crash shutdown", pgError("57P02")],
    ["a server starting up or shutting down", pgError("57P03")],
    ["too many connections", pgError("53300")],
    ["a connection exception (class 08)", pgError("08006")],
    [
      "a refused connection",
      Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    ],
    ["a reset connection", Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })],
    [
      "an unknown host",
      Object.assign(new Error("getaddrinfo ENOTFOUND db"), { code: "ENOTFOUND" }),
    ],
    ["pg's lost connection", new Error("Connection terminated unexpectedly")],
    ["pg's connect timeout", new Error("Connection terminated due to connection timeout")],
    ["pg-pool's wait for a connection", new Error("timeout exceeded when trying to connect")],
    ["a client that lost its connection", new Error("Client was closed and is not queryable")],
    [
      "drizzle's wrapper around any of these",
      Object.assign(new Error("Failed query: select 1"), { cause: pgError("57P01") }),
    ],
  ])("is true for %s", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", pgError("23505")],
    ["a syntax error", pgError("42601")],
    ["a row-security refusal", pgError("42501")],
    ["a statement timeout (the query, not the server)", pgError("57014")],
    ["an error of our own", new Error("boom")],
    [
      "drizzle's wrapper around a constraint error",
      Object.assign(new Error("Failed query"), { cause: pgError("23503") }),
    ],
    ["no error at all", undefined],
    ["a string", "ECONNREFUSED"],
  ])("is false for %s", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("the LISTEN connection's backoff", () => {
  it("starts at half a second, doubles, and stays at 5 s", () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(relistenDelayMs)).toEqual([
      500, 1_000, 2_000, 4_000, 5_000, 5_000, 5_000,
    ]);
  });
});

describe("rate limits whose store cannot be reached", () => {
  let limiters: TLimiters | undefined;
  afterEach(async () => {
    await limiters?.close();
    limiters = undefined;
  });

  it.each([
    [
      "PostgreSQL",
      (port: number) => ({ DATABASE_URL: `postgres://app@127.0.0.1:${port}/x`, API_WORKERS: "2" }),
    ],
    ["Redis", (port: number) => ({ REDIS_URL: `redis://127.0.0.1:${port}` })],
  ])(
    "count in memory while %s is down: allowed up to the limit, then refused, never an error",
    async (_store, env) => {
      const config = parseEnv(env(await closedPort()));
      const warn = vi.fn();
      const settings = authSettings(config, {
        rateLimits: { signInPerIp: { points: 3, durationSeconds: 60 } },
      });
      limiters = createLimiters(config, settings, { warn });
      const attempt = () =>
        consumeAll([[limiters?.signInPerIp as TLimiters["signInPerIp"], "203.0.113.9"]]);
      expect(await attempt()).toBeNull();
      expect(await attempt()).toBeNull();
      expect(await attempt()).toBeNull();
      const wait = await attempt();
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
    },
  );
});
