import { describe, expect, it } from "vitest";
import { rateLimitStore } from "../../../backend/auth/rate-limit";
import { apiWorkerCount, restartDelayMs } from "../../../backend/cluster";
import { parseEnv } from "../../../backend/env";

const PG = "postgres://app@127.0.0.1:5432/volunteerly";

describe("how many api workers", () => {
  it("is one on PGlite, whatever API_WORKERS and the cores say", () => {
    expect(apiWorkerCount(parseEnv({}), 8)).toBe(1);
    expect(apiWorkerCount(parseEnv({ API_WORKERS: "4" }), 8)).toBe(1);
  });

  it("is one per core on PostgreSQL, or API_WORKERS when set", () => {
    expect(apiWorkerCount(parseEnv({ DATABASE_URL: PG }), 2)).toBe(2);
    expect(apiWorkerCount(parseEnv({ DATABASE_URL: PG }), 16)).toBe(16);
    expect(apiWorkerCount(parseEnv({ DATABASE_URL: PG, API_WORKERS: "3" }), 16)).toBe(3);
    expect(apiWorkerCount(parseEnv({ DATABASE_URL: PG, API_WORKERS: "1" }), 16)).toBe(1);
    // An empty variable is unset, as a compose file's `API_WORKERS=` leaves it.
    expect(apiWorkerCount(parseEnv({ DATABASE_URL: PG, API_WORKERS: "" }), 4)).toBe(4);
  });

  it("refuses an API_WORKERS that is not a whole number from 1 to 64", () => {
    for (const bad of ["0", "-1", "1.5", "two", "65"]) {
      expect(() => parseEnv({ DATABASE_URL: PG, API_WORKERS: bad }), bad).toThrow(
        /Invalid api environment: API_WORKERS/,
      );
    }
  });
});

describe("where the rate limits count", () => {
  it("in Redis when there is one, in PostgreSQL for several workers, else in memory", () => {
    const redis = { REDIS_URL: "redis://127.0.0.1:6379" };
    expect(rateLimitStore(parseEnv({ ...redis, DATABASE_URL: PG, API_WORKERS: "4" }))).toBe(
      "redis",
    );
    expect(rateLimitStore(parseEnv({ DATABASE_URL: PG, API_WORKERS: "2" }))).toBe("postgres");
    expect(rateLimitStore(parseEnv({ DATABASE_URL: PG, API_WORKERS: "1" }))).toBe("memory");
    expect(rateLimitStore(parseEnv({ API_WORKERS: "4" }))).toBe("memory");
  });
});

describe("restarting a dead worker", () => {
  it("waits longer after each death in a row, at most 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(restartDelayMs)).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});
