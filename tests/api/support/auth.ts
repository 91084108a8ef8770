import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { TAuthOverrides } from "../../../backend/auth/settings";
import type { AppDb } from "../../../backend/db/client";
import { users } from "../../../backend/db/schema";

/** A clock the auth code reads (buildApp `auth.now`), moved by hand: no timed tests. */
export function testClock(start = new Date()) {
  let current = start;
  return {
    now: () => current,
    advance(ms: number) {
      current = new Date(current.getTime() + ms);
    },
  };
}

/** Limits high enough that files which are not about rate limits never meet them. */
export const NO_RATE_LIMITS: TAuthOverrides["rateLimits"] = {
  signInPerIp: { points: 10_000, durationSeconds: 60 },
  signInPerAccount: { points: 10_000, durationSeconds: 60 },
  mailPerIp: { points: 10_000, durationSeconds: 60 },
  mailPerAccount: { points: 10_000, durationSeconds: 60 },
  formSubmissionsPerIp: { points: 10_000, durationSeconds: 60 },
};

/** The three request headers of devise_token_auth, taken from a response. */
export function authOf(res: LightMyRequestResponse): Record<string, string> {
  return {
    "access-token": String(res.headers["access-token"]),
    client: String(res.headers.client),
    uid: String(res.headers.uid),
  };
}

export async function signIn(
  app: FastifyInstance,
  tenant: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method: "POST",
    url: "/auth/sign_in",
    headers: { "x-tenant": tenant, ...headers },
    payload: { email, password },
  });
  return { res, auth: authOf(res) };
}

/** The user row as stored (read as the owner, past row security). */
export async function userRow(db: AppDb, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The query parameters of the first link in a mail's text. */
export function linkIn(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in mail:\n${text}`);
  return new URL(match[0]);
}
