import type { FastifyReply, FastifyRequest } from "fastify";
import { RouteAnswer } from "../http/answer";

/**
 * devise_token_auth's `render_error` (api-contract §1.3): `{"success":false,"errors":…}`
 * plus any extra keys. Auth endpoints answer in this shape, not JSON:API, so they send it
 * themselves instead of throwing an AppError.
 */
export function deviseError(
  reply: FastifyReply,
  status: number,
  errors: string[] | Record<string, string[]>,
  extra: Record<string, unknown> = {},
) {
  return reply.code(status).send({ success: false, errors, ...extra });
}

/** deviseError as a route answer (defineRoute's `format: "devise"` routes), with any
 *  headers it needs (Retry-After). */
export function deviseFailure(
  status: number,
  errors: string[] | Record<string, string[]>,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return new RouteAnswer(status, { success: false, errors, ...extra }, headers);
}

/**
 * A top-level parameter as Rails `params` sees it: the body first, then the query string
 * (devise_token_auth permits top-level keys, api-contract §1.4). Only strings count.
 */
export function param(request: FastifyRequest, name: string): string | undefined {
  const body = request.body && typeof request.body === "object" ? request.body : {};
  const query = (request.query ?? {}) as Record<string, unknown>;
  const value = name in body ? (body as Record<string, unknown>)[name] : query[name];
  return typeof value === "string" ? value : undefined;
}

/** Emails are downcased and stripped (devise case_insensitive_keys, strip_whitespace_keys). */
export function emailParam(request: FastifyRequest): string | undefined {
  const email = param(request, "email")?.trim().toLowerCase();
  return email ? email : undefined;
}

/** emailParam for a value already read (defineRoute's deviseValues). */
export function deviseEmail(value: string | undefined): string | undefined {
  const email = value?.trim().toLowerCase();
  return email ? email : undefined;
}

/** Rails' public/404.html, as devise_token_auth's RoutingError renders it (not JSON). */
export const railsNotFound = () =>
  new RouteAnswer(404, RAILS_NOT_FOUND, {}, "text/html; charset=utf-8");

export function sendRailsNotFound(reply: FastifyReply) {
  return reply.code(404).type("text/html; charset=utf-8").send(RAILS_NOT_FOUND);
}

const RAILS_NOT_FOUND =
  "<!DOCTYPE html>\n<html>\n<head>\n  <title>The page you were looking for doesn't exist (404)</title>\n</head>\n<body>\n  <h1>The page you were looking for doesn't exist.</h1>\n  <p>You may have mistyped the address or the page may have moved.</p>\n</body>\n</html>\n";
