import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/** A port nobody listens on now, for a child process to take. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export type TApiCluster = {
  child: ChildProcess;
  port: number;
  /** Everything the primary and its workers printed so far. */
  output: () => string;
};

/**
 * backend/server.ts as `npm start` runs it on PostgreSQL: a primary with two workers on a
 * free port (backend/cluster.ts), on `databaseUrl`, its output kept for the test to read.
 */
export async function startApiCluster(databaseUrl: string): Promise<TApiCluster> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "backend/server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: databaseUrl,
      API_WORKERS: "2",
      API_HOST: "127.0.0.1",
      API_PORT: String(port),
      LOG_LEVEL: "warn",
      JOBS_POLL_MS: "100",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
  }
  return { child, port, output: () => output };
}

/** The worker pids in a scrape of the api's /metrics, sorted; [] while it does not answer. */
export async function workerPids(port: number): Promise<number[]> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    if (!res.ok) return [];
    return [...(await res.text()).matchAll(/^volunteerly_api_worker\{pid="(\d+)"\} 1$/gm)]
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
  } catch {
    return [];
  }
}
