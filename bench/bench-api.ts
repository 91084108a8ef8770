import { buildApp } from "../backend/app";
import { issueToken } from "../backend/auth/authenticate";
import type { AppDb, Database } from "../backend/db/client";
import { parseEnv } from "../backend/env";
import type { Mailer } from "../backend/mail/mailer";

/** A raw query's rows. */
export const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

const noMail: Mailer = { send: async () => {} } as unknown as Mailer;

/**
 * The api in this process on a free loopback port, over the bench's database, the way
 * production runs it (tokens do not rotate, so one set of headers serves every request; mail
 * goes nowhere). `extra` adds environment, e.g. a cache time under test.
 */
export async function startBenchApi(
  database: Database,
  url: string,
  extra: Record<string, string | undefined> = {},
) {
  const config = parseEnv({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DATABASE_URL: url,
    TOKEN_ROTATION: "false",
    ...extra,
  });
  const app = await buildApp({ database, config, mailer: noMail, logger: false });
  const base = await app.listen({ host: "127.0.0.1", port: 0 });
  return { app, base };
}

/** Request headers of a signed-in user: a token issued straight into the store. */
export async function benchHeaders(
  db: AppDb,
  tenant: { id: number; slug: string },
  userId: number,
): Promise<Record<string, string>> {
  const issued = await issueToken(db, tenant.id, userId);
  return {
    "x-tenant": tenant.slug,
    "access-token": issued["access-token"],
    client: issued.client,
    uid: issued.uid,
  };
}
