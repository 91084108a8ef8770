// Starts the api and the web for the BFF bench as child processes on loopback ports, so the
// measuring client never shares an event loop with what it measures.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import pg from "pg";
import { prepareStandalone } from "../scripts/start/standalone";

const ROOT = path.resolve(import.meta.dirname, "..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");

export type TStarted = { child: ChildProcess; url: string };

/** What a start may add: a fixed port, more environment, its own process group. */
export type TStartOptions = {
  port?: number;
  env?: Record<string, string | undefined>;
  /**
   * A process group of its own, so `killGroup` reaches every process of it (the tsx wrapper,
   * the api's cluster workers) at once, as a crash of the whole service would.
   */
  group?: boolean;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Drops and creates the database the URL names, through the server's `postgres` database. */
async function recreateDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ""));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`${name}: not a plain database name`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** Spawns a child and keeps the tail of its output for the error message if it dies. */
function launch(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd = ROOT,
  group = false,
) {
  const child = spawn(command, args, {
    cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: group,
  });
  let tail = "";
  // BENCH_LOG_DIR: every child's whole output in a file of its own, to read after a run.
  const log = process.env.BENCH_LOG_DIR
    ? createWriteStream(
        path.join(
          process.env.BENCH_LOG_DIR,
          `${path.basename(args.at(-1) ?? command)}-${Date.now()}.log`,
        ),
      )
    : undefined;
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
    log?.write(chunk);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, tail: () => tail };
}

async function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const { child, tail } = launch(command, args, env);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`${path.basename(args[0])} exited with ${code}:\n${tail()}`);
}

async function waitUntilUp(url: string, child: ChildProcess, tail: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} died (${child.exitCode}):\n${tail()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGTERM");
  throw new Error(`${url} did not come up in 120 s:\n${tail()}`);
}

/**
 * The api on a fresh database, migrated and seeded through the npm scripts' CLIs: PGlite in
 * `where.dataDir`, or the PostgreSQL database `where.databaseUrl` names, which the bench
 * drops and creates anew (never point it at a database you keep).
 */
export async function startApi(
  where: { dataDir: string } | { databaseUrl: string },
  options: TStartOptions = {},
): Promise<TStarted & { relaunch: () => Promise<TStarted> }> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    API_HOST: "127.0.0.1",
    API_PORT: String(port),
    LOG_LEVEL: "warn",
    ...options.env,
  };
  if ("dataDir" in where) {
    env.PGLITE_DIR = where.dataDir;
    // Never a configured PostgreSQL: the bench seeds its own throw-away database.
    delete env.DATABASE_URL;
  } else {
    await recreateDatabase(where.databaseUrl);
    env.DATABASE_URL = where.databaseUrl;
  }
  await runToEnd(TSX, ["backend/db/migrate-cli.ts"], env);
  await runToEnd(TSX, ["backend/db/seed-cli.ts"], env);
  const url = `http://127.0.0.1:${port}`;
  // The server alone, on the same port and database: what a process manager does after a crash.
  const relaunch = async (): Promise<TStarted> => {
    const { child, tail } = launch(TSX, ["backend/server.ts"], env, ROOT, options.group);
    await waitUntilUp(`${url}/readyz`, child, tail);
    return { child, url };
  };
  return { ...(await relaunch()), relaunch };
}

/** SIGKILL (or `signal`) to the child's whole process group; a child started with `group`. */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals = "SIGKILL"): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * The web as `npm start` runs it (scripts/web-server.ts on the standalone build), on `apiUrl`.
 * `root`: another checkout with its own build and node_modules (a build of an earlier commit,
 * to measure side by side), run with its own scripts/web-server.ts.
 */
export async function startWeb(
  apiUrl: string,
  root = ROOT,
  options: TStartOptions = {},
): Promise<TStarted> {
  if (root === ROOT && (process.cwd() !== ROOT || !prepareStandalone())) {
    throw new Error(
      "No current web build: run `npm run build` in the project first, or pass --web URL",
    );
  }
  if (root !== ROOT && !existsSync(path.join(root, ".next/standalone/server.js"))) {
    throw new Error(`${root}: no standalone build (.next/standalone); build it there first`);
  }
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    API_BASE_URL: apiUrl,
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    ...options.env,
  };
  const { child, tail } = launch(
    process.execPath,
    ["--import", "tsx", "scripts/web-server.ts", ".next/standalone"],
    env,
    root,
    options.group,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${url}/api/session`, child, tail);
  return { child, url };
}

/**
 * The web's session cookie (`name=value`) among an answer's Set-Cookie headers, if it set
 * one: not the tenant or language choice, which are cookies of their own.
 */
export function sessionCookieOf(setCookie: string | string[] | undefined): string | undefined {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = list.find(
    (c) => /^(__Host-)?[A-Za-z0-9_-]+=[^;]+/.test(c) && !/^(tenant|locale|NEXT_LOCALE)=/.test(c),
  );
  return found?.split(";")[0];
}
