import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

/** A database or a transaction on it: PgTransaction extends PgDatabase. */
export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: AppDb;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** PGlite only: the whole data directory as a tarball (plain unless asked for gzip), to
   *  open again with `loadDataDir`. */
  dumpDataDir?: (compression?: "none" | "gzip") => Promise<Blob>;
  /** How busy the connections are now, for GET /metrics (docs/operations.md). */
  poolStats: () => TPoolStats;
  /**
   * LISTEN on a channel: onNotify gets each payload committed by any connection. PostgreSQL:
   * its own connection, reopened with a backoff (relistenDelayMs) when it fails; onLost says
   * notifications may have been missed, onListening that they arrive (again). Resolves to a
   * stop function.
   */
  listen: (channel: string, handlers: TListenHandlers) => Promise<() => Promise<void>>;
};

export type TListenHandlers = {
  onNotify: (payload: string) => void;
  onListening: () => void;
  onLost: (error: Error | null) => void;
};

/**
 * PostgreSQL: the pg pool's own counts. PGlite: one connection that runs one statement or
 * transaction at a time; `waiting` counts the calls queued behind it.
 */
export type TPoolStats = { max: number; open: number; idle: number; waiting: number };

export type DatabaseOptions =
  | {
      kind: "postgres";
      url: string;
      max?: number;
      /** Default DB_CONNECT_TIMEOUT_MS; tests of an unreachable server shorten it. */
      connectTimeoutMs?: number;
      /** A pooled connection's own failure (default: logged to stderr). */
      onConnectionError?: (error: Error) => void;
    }
  /** dataDir undefined = in memory (tests); loadDataDir starts from a dumped data directory
   *  instead of an empty cluster (much faster than initdb and the migrations). */
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob };

/**
 * How long a query waits for a connection: a new one to PostgreSQL, or a pooled one to come
 * free. Without it (pg's default is none) a request waits for ever when the server is
 * unreachable without refusing (a network partition) or every connection is stuck; with it
 * the api answers 503 well before the BFF's own timeout (API_TIMEOUT_MS, 15 s) gives up.
 */
export const DB_CONNECT_TIMEOUT_MS = 5_000;

/** SQLSTATEs of a server that is going away or not there yet (a restart, a failover). */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: pg_terminate_backend, a fast shutdown or restart
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up, shutting down, in recovery
  "53300", // too_many_connections
]);
/** Socket errors of a connection that cannot be made or was cut. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** pg's own wording for a connection it lost or could not get (it sets no code on these). */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
  /^Client has encountered a connection error/,
];

/**
 * Whether an error means the database cannot be reached now, not that the query was wrong:
 * the api answers those with 503 (backend/jsonapi/error-handler.ts) and the next request,
 * on a new connection, may succeed. Follows `cause`, as drizzle wraps the driver's error
 * in a DrizzleQueryError.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === "string") {
      if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08")) return true;
      if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    }
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((re) => re.test(message))) {
      return true;
    }
    current = cause;
  }
  return false;
}

/** PGlite is one process, one connection: only the api process opens it (ARCHITECTURE). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const max = options.max ?? 10;
    const pool = new pg.Pool({
      connectionString: options.url,
      max,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DB_CONNECT_TIMEOUT_MS,
      // A peer that vanished without a word (a host that went away) is noticed by the
      // kernel's keepalive, probing after 10 s idle, instead of never.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // A connection PostgreSQL ends (a restart, a terminated backend) emits 'error' on its
    // client, idle or checked out; unhandled, that ends the process. The failed client is
    // dropped, a query on it rejects, and the next query opens a new connection.
    const onConnectionError =
      options.onConnectionError ??
      ((error: Error) => console.error(`[db] a pooled connection failed: ${error.message}`));
    pool.on("error", onConnectionError);
    pool.on("connect", (client) => client.on("error", onConnectionError));
    releaseLostClients(pool);
    const db = drizzleNodePg(pool, { schema }) as unknown as AppDb;
    return {
      db,
      kind: "postgres",
      close: () => pool.end(),
      listen: (channel, handlers) =>
        listenPostgres(
          options.url,
          options.connectTimeoutMs ?? DB_CONNECT_TIMEOUT_MS,
          channel,
          handlers,
        ),
      poolStats: () => ({
        max,
        open: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }
  // btree_gist: the vacancy search's GiST index on (tenant_id, point) (migration 0009).
  const client = new PGlite({
    dataDir: options.dataDir,
    extensions: { btree_gist },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await client.waitReady;
  const poolStats = countPgliteUse(client);
  const db = drizzlePglite(client, { schema }) as unknown as AppDb;
  return {
    db,
    kind: "pglite",
    close: () => client.close(),
    dumpDataDir: (compression = "none") => client.dumpDataDir(compression),
    poolStats,
    listen: async (channel, handlers) => {
      const stop = await client.listen(channel, handlers.onNotify);
      handlers.onListening();
      return stop;
    },
  };
}

/** pg's client internals that pg-pool itself reads to tell a dead client (no public API). */
type TClientState = { _ended?: boolean; _queryable?: boolean };

/**
 * drizzle's node-postgres transaction checks a client out of the pool and gives it back in a
 * `finally` that only begins after its `begin` succeeded: a connection lost before that (a
 * restart, a cut network) would stay checked out for ever, and a few outages would fill the
 * pool for good. So a client whose connection ends while it is out is given back here, with
 * an error so the pool drops it, and its holder's own release afterwards does nothing. A
 * client that is dead already when it is handed out is dropped and another one taken.
 * pool.query's own checkouts (the callback form) release themselves and pass unchanged.
 */
function releaseLostClients(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (
    callback?: (...args: unknown[]) => void,
  ) => Promise<pg.PoolClient> | undefined;
  const checkout = async (): Promise<pg.PoolClient> => {
    const client = (await connect()) as pg.PoolClient;
    const state = client as unknown as TClientState;
    if (state._ended || state._queryable === false) {
      client.release(new Error("Connection terminated before use"));
      return checkout();
    }
    const release = client.release;
    let released = false;
    const giveBack = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener("end", lost);
      release.call(client, error);
    };
    function lost() {
      giveBack(new Error("Connection terminated while checked out"));
    }
    client.release = giveBack;
    client.once("end", lost);
    return client;
  };
  pool.connect = ((callback?: (...args: unknown[]) => void) =>
    callback ? connect(callback) : checkout()) as typeof pool.connect;
}

/** The first wait before the LISTEN connection is tried again, doubled per failed try. */
export const RELISTEN_FIRST_MS = 500;
/** The longest wait between tries: the cache is off until it listens again, so not long. */
export const RELISTEN_MAX_MS = 5_000;

/** The wait before try `failures` (1, 2, ...) to listen again. */
export function relistenDelayMs(failures: number): number {
  return Math.min(RELISTEN_MAX_MS, RELISTEN_FIRST_MS * 2 ** Math.max(0, failures - 1));
}

/**
 * A dedicated connection (not pooled: a pooled one is lent out and would hold the
 * notifications until its transaction ends) that LISTENs; when it fails, onLost, and
 * tries again after relistenDelayMs (a backoff, so a server that is down for a while is not
 * hammered), until it listens again.
 */
async function listenPostgres(
  url: string,
  connectTimeoutMs: number,
  channel: string,
  handlers: TListenHandlers,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  const later = () => {
    failures += 1;
    timer = setTimeout(retry, relistenDelayMs(failures));
    timer.unref();
  };
  const lost = (client: pg.Client, error: Error | null) => {
    if (stopped || current !== client) return;
    current = null;
    client.end().catch(() => undefined);
    handlers.onLost(error);
    later();
  };
  const open = async () => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: connectTimeoutMs,
      // The listener is idle by design: a lost peer is only ever noticed by keepalive.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on("notification", (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? "");
    });
    client.on("error", (error) => lost(client, error));
    client.on("end", () => lost(client, null));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await client.end();
      return;
    }
    // Only now does a failure count as lost (before, open's caller retries).
    current = client;
    failures = 0;
    handlers.onListening();
  };
  const retry = () => {
    if (stopped) return;
    open().catch((error: Error) => {
      if (stopped) return;
      handlers.onLost(error);
      later();
    });
  };
  await open().catch((error: Error) => {
    handlers.onLost(error);
    later();
  });
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}

/**
 * PGlite's query, exec and transaction all pass its one mutex (`_runExclusiveTransaction`,
 * part of its interface); counting around it tells whether the connection is in use and
 * how many calls wait for it, as a pool of one would.
 */
function countPgliteUse(client: PGlite): () => TPoolStats {
  let busy = 0;
  let waiting = 0;
  const runExclusive = client._runExclusiveTransaction.bind(client);
  client._runExclusiveTransaction = <T>(fn: () => Promise<T>): Promise<T> => {
    waiting += 1;
    let entered = false;
    return runExclusive(async () => {
      entered = true;
      waiting -= 1;
      busy += 1;
      try {
        return await fn();
      } finally {
        busy -= 1;
      }
    }).finally(() => {
      if (!entered) waiting -= 1;
    });
  };
  return () => ({ max: 1, open: 1, idle: busy > 0 ? 0 : 1, waiting });
}

/**
 * Runs fn in a transaction as the restricted role with app.tenant_id set, so row-level
 * security holds even where a query forgot its tenant condition (docs/decisions.md).
 */
export async function withTenant<T>(
  db: AppDb,
  tenantId: number,
  fn: (tx: AppDb) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('role', 'volunteerly_app', true)`,
    );
    return fn(tx as unknown as AppDb);
  });
}
