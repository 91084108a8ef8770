import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type AppDb, withTenant } from "../db/client";
import type { users } from "../db/schema";
import { isStorableText } from "../plugins/input-guard";
import { sessionUserWithRoles } from "../queries/request-session";
import type { TRole } from "./roles";
import { isShutOut } from "./sign-in-rules";
import { rotateAfterRequest, type TTokenUse } from "./token-store";
import { isTokenValid } from "./tokens";

export { issueToken } from "./token-store";

/**
 * devise_token_auth's SetUserByToken for our routes. Use `authenticate` as a preHandler on
 * protected routes and `optionalAuthenticate` where a user is welcome but not required;
 * both set `request.user`. Every token-authenticated response then gets rotated headers
 * in the onSend hook that `registerAuth` installs (api-contract §1.1, §1.2).
 *
 * The 401 is sent here, not thrown: it is devise's own body
 * `{"errors":["You need to sign in or sign up before continuing."]}` (api-contract §1.3,
 * §2.2), not a JSON:API error, so it does not go through the jsonapi error handler.
 */
export const UNAUTHENTICATED = "You need to sign in or sign up before continuing.";

const uses = new WeakMap<FastifyRequest, TTokenUse>();
/** Requests whose handler threw, or that opted out (sign-out): no rotation for them. */
const noRotation = new WeakSet<FastifyRequest>();

type TCredentials = { token: string; client: string; uid: string };

/** The first string value; one the database cannot store (a NUL inside the bearer JSON,
 *  which the input guard does not see) counts as absent, so the request is signed out. */
function first(value: unknown): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === "string" && v !== "" && isStorableText(v) ? v : undefined;
}

/** `Authorization: Bearer base64(JSON)` as devise_token_auth emits it; {} when unreadable. */
function bearerValues(header: string | undefined): Record<string, unknown> {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) return {};
  try {
    const parsed: unknown = JSON.parse(Buffer.from(match[1], "base64").toString("utf8"));
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** api-contract §1.1: header, then query param, then the Authorization bearer JSON. */
function credentials(request: FastifyRequest): TCredentials | null {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const bearer = bearerValues(first(request.headers.authorization));
  const read = (name: string) =>
    first(request.headers[name]) ?? first(query[name]) ?? first(bearer[name]);
  const token = read("access-token");
  const uid = read("uid");
  if (!token || !uid) return null;
  return { token, uid, client: read("client") ?? "default" };
}

function wantsUnbatch(request: FastifyRequest): boolean {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body && typeof request.body === "object" ? request.body : {};
  return query.unbatch !== undefined || "unbatch" in body;
}

/** A request's signed-in user, their roles, and the token use its rotation needs. */
export type TRequestSession = { user: TUserRow; roles: TRole[]; use: TTokenUse };
type TUserRow = (typeof users)["$inferSelect"];

/**
 * devise_token_auth's user lookup on a given connection or transaction: the uid first,
 * then the token (api-contract §1.1: no timing oracle on the token). Null when the request
 * carries no valid credentials or the user may not sign in. Touches no request state, so
 * the route layer runs it inside the request's own tenant transaction.
 */
export async function findSession(
  tx: AppDb,
  request: FastifyRequest,
): Promise<TRequestSession | null> {
  const found = credentials(request);
  if (!found) return null;
  const settings = request.server.authSettings;
  const startedAt = settings.now();
  const tenantId = request.tenant.id;
  const row = await sessionUserWithRoles(tx, tenantId, found.uid);
  if (!row) return null;
  const { user, roles } = row;
  if (!isTokenValid(user.tokens[found.client], found.token, startedAt, settings.batchBufferMs)) {
    return null;
  }
  // spec §1: inactive users are not allowed (unless the tenant allows them); archived never.
  if (isShutOut(user.status, request.tenant)) return null;
  return {
    user,
    roles,
    use: {
      tenantId,
      userId: user.id,
      uid: user.uid,
      client: found.client,
      token: found.token,
      startedAt,
      unbatch: wantsUnbatch(request),
      seenTokens: user.tokens,
    },
  };
}

/** Finds and checks the user; sets request.user. Null when the request is not signed in. */
async function resolveUser(request: FastifyRequest) {
  if (request.user) return request.user;
  if (!credentials(request)) return null;
  const session = await withTenant(request.server.db, request.tenant.id, (tx) =>
    findSession(tx, request),
  );
  if (!session) return null;
  request.user = session.user;
  uses.set(request, session.use);
  return session.user;
}

/** preHandler for protected routes: 401 in devise's shape unless signed in. */
export async function authenticate(request: FastifyRequest, reply: FastifyReply) {
  const user = await resolveUser(request);
  if (!user) {
    return reply.code(401).send({ errors: [UNAUTHENTICATED] });
  }
}

/** preHandler for routes open to everyone that behave differently when signed in. */
export async function optionalAuthenticate(request: FastifyRequest) {
  await resolveUser(request);
}

/** The client the request authenticated with (sign-out removes it). */
export const tokenUseOf = (request: FastifyRequest): TTokenUse | undefined => uses.get(request);

/** The admin who opened the request's client through sign_in_as_user, or null when the
 *  user signed in themselves. */
export function impersonatorIdOf(request: FastifyRequest): number | null {
  const use = uses.get(request);
  if (!use || !request.user) return null;
  return request.user.tokens[use.client]?.impersonatorId ?? null;
}

/** This response carries no auth headers (sign-out: the client is gone). */
export function skipRotation(request: FastifyRequest) {
  noRotation.add(request);
}

/**
 * Installs request.user and the rotation hooks on a scope (the tenant scope in app.ts).
 * Rotation runs in onSend, after the handler: not when the handler threw (the onError
 * hook marks it; devise_token_auth's after_action is skipped on an exception).
 */
export function registerAuth(scope: FastifyInstance) {
  scope.decorateRequest("user", null);
  scope.addHook("onError", async (request) => {
    noRotation.add(request);
  });
  scope.addHook("onSend", async (request, reply, payload) => {
    const use = uses.get(request);
    if (!use || noRotation.has(request)) return payload;
    try {
      const headers = await rotateAfterRequest(request.server.db, use, request.server.authSettings);
      if (headers) reply.headers(headers);
    } catch (error) {
      // The response stands without new headers; the client's token is still valid.
      request.log.error({ err: error }, "token rotation failed");
    }
    return payload;
  });
}
