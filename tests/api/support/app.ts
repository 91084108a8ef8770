import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { type AppOptions, buildApp } from "../../../backend/app";
import type { Database } from "../../../backend/db/client";
import { parseEnv } from "../../../backend/env";
import type { Mailer, MailMessage } from "../../../backend/mail/mailer";
import { freshDatabase } from "./database";

/** Captures mail instead of sending it, so tests can read links out of it. */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
  last(to?: string): MailMessage | undefined {
    return [...this.sent].reverse().find((m) => !to || m.to === to);
  }
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  mailer: MemoryMailer;
  close: () => Promise<void>;
};

export async function createTestApp(
  overrides: Record<string, string> = {},
  /**
   * Extra buildApp options, e.g. `{ auth: { now, rateLimits } }`. Unless `jobs` says
   * otherwise, every due job runs before a response leaves (drainBeforeReply), so a test
   * reads the mail a request enqueued right after the request; tests of the queue itself
   * pass `jobs: { drainBeforeReply: false }` and run it with `app.jobs.drain()`.
   */
  options: Pick<AppOptions, "auth" | "jobs"> = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  const mailer = new MemoryMailer();
  // Uploaded images of a test app go to a temporary directory of its own, removed on close.
  const storageDir = path.join(
    tmpdir(),
    `volunteerly-test-storage-${randomBytes(6).toString("hex")}`,
  );
  const config = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    STORAGE_DIR: storageDir,
    ...overrides,
  });
  const jobs = { drainBeforeReply: true, ...options.jobs };
  const app = await buildApp({ ...options, jobs, database, config, mailer, logger: false });
  await app.ready();
  return {
    app,
    database,
    mailer,
    close: async () => {
      await app.close();
      await database.close();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}
