import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { apiWorkerCount } from "../backend/cluster";
import { SEED_PASSWORD, seedEmail } from "../backend/db/seed/users";
import { parseEnv } from "../backend/env";
import { prepareDatabase } from "./start/prepare-database";
import { sessionSecret } from "./start/session-secret";
import { prepareStandalone } from "./start/standalone";
import { Supervisor } from "./start/supervisor";
import { acceptsConnections, answersOk, waitUntil } from "./start/wait";

// `npm start` (`npm run dev` adds --dev): migrate and seed, start the api, build the web
// when there is no build, start the web (docs/decisions.md, "Processes and start-up").
// No .env file is read here; the environment passes through to both children as it is.

const dev = process.argv.includes("--dev");
process.chdir(fileURLToPath(new URL("..", import.meta.url)));

const config = parseEnv(process.env);
const webPort = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(webPort) || webPort <= 0 || webPort > 65535) {
  throw new Error(`PORT must be a port number, got '${process.env.PORT}'`);
}
// A wildcard bind address is reached through loopback.
const apiHost = ["0.0.0.0", "::", ""].includes(config.API_HOST) ? "127.0.0.1" : config.API_HOST;
const apiUrl = `http://${apiHost.includes(":") ? `[${apiHost}]` : apiHost}:${config.API_PORT}`;
const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
const supervisor = new Supervisor();
const gaveUp = () => supervisor.isStopping;

/**
 * The web: scripts/web-server.ts over the standalone build (output "standalone"), which needs
 * the static files beside it. `next start` only when the standalone build is stale.
 */
function webCommand(): string[] {
  if (!prepareStandalone()) return [nextBin, "start", "-p", String(webPort)];
  return ["--import", "tsx", "scripts/web-server.ts", ".next/standalone"];
}

try {
  await prepareDatabase(config);

  // docs/page-cache.md: the api tells the web it runs beside when public content changes. One
  // secret per start unless one is given; not under `next dev`, which has no page cache.
  const revalidation = dev
    ? {}
    : {
        WEB_INTERNAL_URL: process.env.WEB_INTERNAL_URL || `http://127.0.0.1:${webPort}`,
        REVALIDATE_SECRET: process.env.REVALIDATE_SECRET || randomBytes(32).toString("base64url"),
      };
  // On PostgreSQL the api is a node:cluster primary with API_WORKERS workers on API_PORT
  // (backend/cluster.ts); the supervisor sees one child either way.
  supervisor.keep("api", process.execPath, ["--import", "tsx", "backend/server.ts"], {
    ...process.env,
    ...revalidation,
  });
  await waitUntil("the api", () => answersOk(`${apiUrl}/healthz`), { timeoutMs: 60_000, gaveUp });

  const webEnv = {
    ...process.env,
    PORT: String(webPort),
    API_BASE_URL: process.env.API_BASE_URL ?? apiUrl,
    SESSION_SECRET: sessionSecret(".data/session-secret"),
    ...(revalidation.REVALIDATE_SECRET
      ? { REVALIDATE_SECRET: revalidation.REVALIDATE_SECRET }
      : {}),
    // The web server binds HOSTNAME; all interfaces, as `next start` does.
    HOSTNAME: "0.0.0.0",
  };
  if (dev) {
    supervisor.keep("web", process.execPath, [nextBin, "dev", "-p", String(webPort)], webEnv);
  } else {
    if (!existsSync(".next/BUILD_ID")) {
      console.log("[start] no build yet (.next/BUILD_ID): running next build");
      await supervisor.run("build", process.execPath, [nextBin, "build"], webEnv);
    }
    supervisor.keep("web", process.execPath, webCommand(), webEnv);
  }
  await waitUntil("the web", () => acceptsConnections("127.0.0.1", webPort), {
    timeoutMs: 120_000,
    gaveUp,
  });

  console.log(
    [
      "",
      `[start] Volunteerly is running${dev ? " (development)" : ""}`,
      `  web  http://localhost:${webPort}  (tenant by host: http://demo.localhost:${webPort}, http://oldebroek.localhost:${webPort}, ...)`,
      `  api  ${webEnv.API_BASE_URL}  (${apiWorkerCount(config)} worker process${apiWorkerCount(config) === 1 ? "" : "es"})`,
      `  sign in as ${seedEmail("admin", "demo")} / ${SEED_PASSWORD}  (all demo users: README.md)`,
      "",
    ].join("\n"),
  );
} catch (error) {
  if (!supervisor.isStopping) {
    console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
    supervisor.stop(1);
  }
}
