import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { findSession, UNAUTHENTICATED } from "../auth/authenticate";
import type { TRole } from "../auth/roles";
import { rotateWithin } from "../auth/token-store";
import { type AppDb, withTenant } from "../db/client";
import type { users } from "../db/schema";
import { JSONAPI_CONTENT_TYPE } from "../jsonapi/errors";
import {
  authorize,
  type TActor,
  type TAction as TPolicyAction,
  type TPolicyResources,
} from "../policies/policy";
import { RouteAnswer } from "./answer";
import { noQuery, type TReader } from "./inputs";
import { registerOperation, type TResponseShape } from "./openapi";
import { changesPublicPages } from "./page-revalidation";

/**
 * The one way to write an api route. A definition names its inputs (zod schemas behind
 * readers), who may call it (auth mode, policy action and how to build the action's facts)
 * and a handler that gets them typed. The layer runs the whole request in one tenant
 * transaction: the token lookup, the roles, the policy, the handler and the token rotation,
 * so a signed-in GET costs one round of BEGIN … COMMIT, and a handler that throws rolls
 * back its writes and the rotation alike (devise_token_auth skips rotation on an
 * exception). Every definition also lands in the OpenAPI document.
 */

export type TAuthMode = "public" | "optional" | "signed_in";
export type TUserRow = (typeof users)["$inferSelect"];
type TMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The signed-in user of a request, with what rotation and impersonation need. */
export type TSession = {
  user: TUserRow;
  roles: TRole[];
  /** The devise client the request came with (sign-out removes it). */
  client: string;
  /** The admin who opened this client through sign_in_as_user, else null. */
  impersonatorId: number | null;
  /** This response carries no new auth headers (sign-out, ending an impersonation). */
  skipRotation: () => void;
};

/**
 * `request` (the default): the whole request in one tenant transaction, `ctx.tx`. `none`:
 * no transaction, `ctx.db` instead, for a public route that runs its own transactions at
 * once on pooled connections (the vacancy search); PGlite's one connection would deadlock
 * a handler that opened more while holding the request's. Only with `auth: "public"`: no
 * session to look up, no token to rotate (docs/api-routes.md).
 */
export type TTransactionMode = "request" | "none";

export type TRouteContext<
  A extends TAuthMode,
  P,
  Q,
  B,
  X extends TTransactionMode = "request",
> = (X extends "none"
  ? /** The database: the handler opens its own tenant transactions (withTenant). */
    { db: AppDb }
  : /** The request's tenant transaction (row-level security applies). */
    { tx: AppDb }) & {
  request: FastifyRequest;
  reply: FastifyReply;
  tenant: FastifyRequest["tenant"];
  /** The site's volunteer centre (Volunteer-Center-Id, else the tenant's default). */
  volunteerCenterId: number | null;
  params: P;
  query: Q;
  body: B;
  session: A extends "signed_in" ? TSession : TSession | null;
  actor: A extends "signed_in" ? NonNullable<TActor> : TActor;
  /**
   * Work for after the commit, before the answer (mail: the mailer and the mail modules
   * write through their own connection, which PGlite's one connection would only give
   * them once this transaction ends). A hook that throws fails the request; the
   * transaction has committed by then.
   */
  afterCommit: (hook: () => Promise<void>) => void;
};

/** What a handler answers: a JSON body (a JSON:API document unless `contentType` says
 *  otherwise), or `null` for an empty 204. */
export type TRouteResult = unknown;

export type TRouteDefinition<
  A extends TAuthMode,
  K extends TPolicyAction,
  P,
  Q,
  B,
  L,
  R,
  X extends TTransactionMode = "request",
> = {
  method: TMethod;
  /** The path under the scope's prefix, Fastify syntax (`/users/:id`). */
  url: string;
  /** One line for the OpenAPI document. */
  summary: string;
  auth: A;
  /** `none` only on public routes (see TTransactionMode). */
  transaction?: X & (A extends "public" ? TTransactionMode : "request");
  /**
   * Runs first, before the inputs are read and outside any transaction: for a limit that
   * counts every request, valid or not (the mail limits of auth/rate-limit.ts on an
   * endpoint that sends mail). Throws to refuse (a 429 AppError).
   */
  beforeInputs?: (request: FastifyRequest) => Promise<void>;
  params?: TReader<P>;
  /** Query reader; without one, any parameter besides the credentials is a 400. */
  query?: TReader<Q>;
  body?: TReader<B>;
  /**
   * Parse the body after the policy passed, inside the transaction, instead of before it:
   * for routes where a caller the policy refuses must learn nothing from validation
   * (users.*). The handler has written nothing yet, so a refused body still changes nothing.
   */
  bodyAfterPolicy?: boolean;
  /** Loads what the policy needs (and the handler then gets), inside the transaction. */
  load?: (ctx: TRouteContext<A, P, Q, B, X>) => Promise<L>;
  /** The policy action (backend/policies/policy.ts) checked before the handler runs. */
  action: K;
  facts: (
    ctx: TRouteContext<A, P, Q, B, X>,
    loaded: L,
  ) => TPolicyResources[K] | Promise<TPolicyResources[K]>;
  handler: (ctx: TRouteContext<A, P, Q, B, X>, loaded: L) => Promise<R>;
  /** Success status (200 by default). */
  status?: number;
  /** Default: the JSON:API media type (plain JSON for `format: "devise"`). */
  contentType?: string;
  /**
   * `devise`: the route answers in devise_token_auth's format, not JSON:API (api-contract
   * §1): plain JSON, its errors `{success: false, errors}` given back as a RouteAnswer
   * (http/answer.ts), and the document describes them so. Default `jsonapi`.
   */
  format?: TRouteFormat;
  /** The success body's shape, for the OpenAPI document. */
  response?: TResponseShape;
  /** Tags for the OpenAPI document (default: the first path segment). */
  tags?: string[];
};

export type TRouteFormat = "jsonapi" | "devise";
const DEVISE_CONTENT_TYPE = "application/json; charset=utf-8";

/** The route's full path as Fastify registers it (`/api/v1` + `/users/:id`); a scope's
 *  root `/` is the prefix itself (POST /auth, devise's sign-up). */
const fullPath = (scope: FastifyInstance, url: string) =>
  url === "/" && scope.prefix ? scope.prefix : `${scope.prefix}${url}`;

export function defineRoute<
  A extends TAuthMode,
  K extends TPolicyAction,
  P = Record<string, never>,
  Q = Record<string, never>,
  B = undefined,
  L = undefined,
  R = TRouteResult,
  X extends TTransactionMode = "request",
>(scope: FastifyInstance, definition: TRouteDefinition<A, K, P, Q, B, L, R, X>) {
  const queryReader = (definition.query ?? noQuery) as TReader<Q>;
  const contentType =
    definition.contentType ??
    (definition.format === "devise" ? DEVISE_CONTENT_TYPE : JSONAPI_CONTENT_TYPE);
  registerOperation(scope, {
    method: definition.method,
    path: fullPath(scope, definition.url),
    summary: definition.summary,
    auth: definition.auth,
    action: definition.action,
    tags: definition.tags,
    params: definition.params,
    query: queryReader,
    body: definition.body,
    status: definition.status ?? 200,
    response: definition.response,
    contentType,
    format: definition.format ?? "jsonapi",
  });

  // docs/page-cache.md: decided once per route, from its method and path.
  const revalidates = changesPublicPages(definition.method, fullPath(scope, definition.url));

  scope.route({
    method: definition.method,
    url: definition.url,
    handler: async (request, reply) => {
      if (definition.beforeInputs) await definition.beforeInputs(request);
      // Inputs first, outside the transaction: a rejected request opens none.
      const params = (definition.params?.parse(request.params) ?? {}) as P;
      const query = queryReader.parse(request.query);
      const parseBody = () =>
        (definition.body
          ? definition.body.parse(request.body, params as Record<string, unknown>)
          : undefined) as B;
      const body = definition.bodyAfterPolicy ? (undefined as B) : parseBody();
      const hooks: Array<() => Promise<void>> = [];
      const settings = request.server.authSettings;
      const state: { rotate: boolean; headers: Record<string, string> | null } = {
        rotate: true,
        headers: null,
      };

      // `tx` null: a public route without the request's transaction (transaction "none").
      const run = async (tx: AppDb | null) => {
        const found = definition.auth === "public" || !tx ? null : await findSession(tx, request);
        if (!found && definition.auth === "signed_in") return UNAUTHENTICATED_RESULT;
        const roles = found?.roles ?? [];
        const session: TSession | null = found
          ? {
              user: found.user,
              roles,
              client: found.use.client,
              impersonatorId: found.user.tokens[found.use.client]?.impersonatorId ?? null,
              skipRotation: () => {
                state.rotate = false;
              },
            }
          : null;
        const ctx = {
          request,
          reply,
          ...(tx ? { tx } : { db: request.server.db }),
          tenant: request.tenant,
          volunteerCenterId: request.volunteerCenterId,
          params,
          query,
          body,
          session,
          actor: session ? { id: session.user.id, roles } : null,
          afterCommit: (hook: () => Promise<void>) => {
            hooks.push(hook);
          },
        } as unknown as TRouteContext<A, P, Q, B, X>;
        // Kept for code that reads the request (logging, rate-limit keys).
        if (found) request.user = found.user;
        const loaded = (definition.load ? await definition.load(ctx) : undefined) as L;
        authorize(ctx.actor, definition.action, await definition.facts(ctx, loaded));
        if (definition.bodyAfterPolicy) ctx.body = parseBody();
        const value = await definition.handler(ctx, loaded);
        if (tx && found && state.rotate) {
          state.headers = await rotateWithin(tx, found.use, settings);
        }
        if (tx && request.method !== "GET" && request.method !== "HEAD") {
          await forgetSearchSummariesOnCommit(tx, request, (hook) => hooks.push(hook));
        }
        return value;
      };
      const result =
        definition.transaction === "none"
          ? await run(null)
          : await withTenant(request.server.db, request.tenant.id, run);

      if (result === UNAUTHENTICATED_RESULT) {
        return reply.code(401).send({ errors: [UNAUTHENTICATED] });
      }
      // The new token first: it is committed, so even a failing hook's answer carries it.
      if (state.headers) reply.headers(state.headers);
      // Committed: the web's cached public pages of this tenant may be out of date
      // (docs/page-cache.md; bounded, never throws). Not for an answer that reports a
      // refusal (devise's errors), which wrote nothing.
      if (revalidates && !(result instanceof RouteAnswer && result.status >= 400)) {
        await request.server.revalidatePublicPages(request.tenant.slug);
      }
      for (const hook of hooks) await hook();
      if (reply.sent) return reply;
      // An answer with its own status and headers (devise's errors, a redirect): sent only
      // now, after the commit, like the rotated token.
      if (result instanceof RouteAnswer) {
        reply.code(result.status).headers(result.headers);
        if (result.body === undefined) return reply.send();
        return reply.type(result.contentType ?? contentType).send(result.body);
      }
      if (result === null) return reply.code(204).send();
      return reply
        .code(definition.status ?? 200)
        .type(contentType)
        .send(result);
    },
  });
}

/**
 * A write that changed what the public search counts (migration 0031's triggers mark the
 * transaction) forgets the tenant's cached counts and facets in this process right after the
 * commit, before the answer, so the writer's next search is never stale
 * (docs/vacancies-search.md). Other processes hear it from the triggers' notification.
 */
async function forgetSearchSummariesOnCommit(
  tx: AppDb,
  request: FastifyRequest,
  afterCommit: (hook: () => Promise<void>) => void,
) {
  const cache = request.server.searchSummaries;
  if (!cache) return;
  const result = await tx.execute(
    sql`select current_setting('app.search_changed', true) = '1' as changed`,
  );
  const [row] = (result as unknown as { rows: { changed: boolean | null }[] }).rows;
  if (row?.changed !== true) return;
  const tenantId = request.tenant.id;
  afterCommit(async () => cache.changed(tenantId));
}

// A marker, not an error: devise's 401 body is not a JSON:API error (api-contract §1.3),
// and returning it lets the transaction commit nothing and end normally.
const UNAUTHENTICATED_RESULT = Symbol("unauthenticated");
