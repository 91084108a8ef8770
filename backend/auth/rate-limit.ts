import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import pg from "pg";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { apiWorkerCount } from "../cluster";
import type { TEnv } from "../env";
import { deviseFailure } from "./http";
import { MESSAGES } from "./messages";
import type { TAuthSettings, TLimitRule } from "./settings";

/**
 * Rate limits on sign-in and on the endpoints that send mail (docs/decisions.md, Auth):
 * per client IP and per account (tenant + email). Where they count (rateLimitStore): Redis
 * when REDIS_URL is set, so every api instance counts together; PostgreSQL (the
 * rate_limits table, migration 0032) when several api workers share one database and there
 * is no Redis; in memory in a single process. If the store is unreachable, an in-memory
 * insurance limiter keeps counting instead of failing the request.
 */
export type TLimiters = {
  signInPerIp: RateLimiterAbstract;
  signInPerAccount: RateLimiterAbstract;
  mailPerIp: RateLimiterAbstract;
  mailPerAccount: RateLimiterAbstract;
  /** Public form submissions per IP (docs/forms.md). */
  formSubmissionsPerIp: RateLimiterAbstract;
  close: () => Promise<void>;
};

const PURPOSES = [
  "signInPerIp",
  "signInPerAccount",
  "mailPerIp",
  "mailPerAccount",
  "formSubmissionsPerIp",
] as const;
const PREFIX: Record<(typeof PURPOSES)[number], string> = {
  signInPerIp: "auth:sign-in:ip",
  signInPerAccount: "auth:sign-in:account",
  mailPerIp: "auth:mail:ip",
  mailPerAccount: "auth:mail:account",
  formSubmissionsPerIp: "forms:submissions:ip",
};

export type TRateLimitStore = "redis" | "postgres" | "memory";

/** Memory counts per process: with more than one api worker it would let N times through. */
export function rateLimitStore(
  config: Pick<TEnv, "REDIS_URL" | "DATABASE_URL" | "API_WORKERS">,
): TRateLimitStore {
  if (config.REDIS_URL) return "redis";
  return apiWorkerCount(config) > 1 ? "postgres" : "memory";
}

/** The table of migration 0032; every limiter's keys carry its prefix, so they share it. */
export const RATE_LIMIT_TABLE = "rate_limits";

export function createLimiters(
  config: TEnv,
  settings: TAuthSettings,
  log: { warn: (obj: object, msg: string) => void },
): TLimiters {
  const redis = config.REDIS_URL
    ? // No offline queue: while Redis is down, calls fail at once and the insurance counts.
      new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : null;
  redis?.on("error", (err: Error) => log.warn({ err }, "rate-limit redis error"));
  // A small pool of its own: a sign-in's count does not queue behind the app's queries.
  const pool =
    !redis && config.DATABASE_URL && rateLimitStore(config) === "postgres"
      ? new pg.Pool({ connectionString: config.DATABASE_URL, max: 2 })
      : null;
  pool?.on("error", (err: Error) => log.warn({ err }, "rate-limit postgres error"));
  const make = (purpose: (typeof PURPOSES)[number], rule: TLimitRule) => {
    const options = {
      keyPrefix: PREFIX[purpose],
      points: rule.points,
      duration: rule.durationSeconds,
    };
    if (redis) {
      return new RateLimiterRedis({
        ...options,
        storeClient: redis,
        insuranceLimiter: new RateLimiterMemory(options),
      });
    }
    if (pool) {
      return new RateLimiterPostgres({
        ...options,
        storeClient: pool,
        storeType: "pool",
        tableName: RATE_LIMIT_TABLE,
        // Created by the migrations, which only the owner runs: the limiter never runs DDL.
        tableCreated: true,
        // Expired rows are deleted below, on a timer closed with the limiters.
        clearExpiredByTimeout: false,
        insuranceLimiter: new RateLimiterMemory(options),
      });
    }
    return new RateLimiterMemory(options);
  };
  const { rateLimits } = settings;
  const limiters = {
    signInPerIp: make("signInPerIp", rateLimits.signInPerIp),
    signInPerAccount: make("signInPerAccount", rateLimits.signInPerAccount),
    mailPerIp: make("mailPerIp", rateLimits.mailPerIp),
    mailPerAccount: make("mailPerAccount", rateLimits.mailPerAccount),
    formSubmissionsPerIp: make("formSubmissionsPerIp", rateLimits.formSubmissionsPerIp),
  };
  // One table for all: the rows expired an hour ago are deleted every 5 minutes (as the
  // library's own timer would, once per limiter); a failed delete waits for the next.
  const sweeper = pool
    ? setInterval(() => {
        pool
          .query(`delete from ${RATE_LIMIT_TABLE} where expire < $1`, [Date.now() - 3600_000])
          .catch((err: Error) => log.warn({ err }, "rate-limit cleanup failed"));
      }, 300_000)
    : null;
  sweeper?.unref();
  return {
    ...limiters,
    close: async () => {
      if (redis) await redis.quit().catch(() => redis.disconnect());
      if (sweeper) clearInterval(sweeper);
      await pool?.end();
    },
  };
}

// One set per app (keyed by its auth settings, made once per buildApp): /auth and the
// api's own mail-sending endpoints (account deletion) count against the same limits.
const perApp = new WeakMap<TAuthSettings, TLimiters>();

/** The app's limiters, made on first use and closed with the app. */
export function sharedLimiters(app: FastifyInstance): TLimiters {
  const found = perApp.get(app.authSettings);
  if (found) return found;
  const limiters = createLimiters(app.config, app.authSettings, app.log);
  perApp.set(app.authSettings, limiters);
  app.addHook("onClose", async () => {
    perApp.delete(app.authSettings);
    await limiters.close();
  });
  return limiters;
}

/**
 * Consumes one point from each (limiter, key) pair. Returns the seconds to wait when any
 * of them is exhausted, else null. Store errors other than a refusal propagate.
 */
export async function consumeAll(
  pairs: ReadonlyArray<readonly [RateLimiterAbstract, string | null]>,
): Promise<number | null> {
  let waitMs = 0;
  for (const [limiter, key] of pairs) {
    if (key === null) continue;
    try {
      await limiter.consume(key);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      waitMs = Math.max(waitMs, refusal.msBeforeNext);
    }
  }
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : null;
}

/** 429 in devise_token_auth's error shape, with Retry-After in seconds. */
export const tooManyAttempts = (retryAfterSeconds: number) =>
  deviseFailure(429, [MESSAGES.tooManyAttempts], {}, { "retry-after": String(retryAfterSeconds) });

/** The account key: one tenant's email (the same address in two tenants is two accounts). */
export const accountKey = (tenantId: number, email: string | undefined) =>
  email ? `${tenantId}:${email}` : null;
