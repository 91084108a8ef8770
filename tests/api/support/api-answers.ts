import type { LightMyRequestResponse } from "fastify";
import { UNAUTHENTICATED } from "../../../backend/auth/authenticate";

/**
 * The shapes an api error may take (api-contract.md "Our decisions"): a JSON:API error
 * document everywhere, except devise's 401 of a protected route and the devise_token_auth
 * endpoints under /auth, which keep their own wire format. Each check returns null when the
 * answer fits, or what is wrong with it.
 */

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function bodyJson(res: LightMyRequestResponse): unknown {
  try {
    return JSON.parse(res.body);
  } catch {
    return undefined;
  }
}

/** `{errors:[{status,title,...}]}`, every status the answer's own. */
export function jsonApiErrorProblem(res: LightMyRequestResponse): string | null {
  if (!String(res.headers["content-type"] ?? "").startsWith("application/vnd.api+json")) {
    return `content-type ${res.headers["content-type"]}`;
  }
  const body = bodyJson(res);
  if (!isObject(body) || !Array.isArray(body.errors) || body.errors.length === 0) {
    return "no errors[]";
  }
  for (const error of body.errors) {
    if (!isObject(error)) return "an error that is no object";
    if (error.status !== String(res.statusCode)) return `error status ${String(error.status)}`;
    if (typeof error.title !== "string" && typeof error.detail !== "string") {
      return "an error without title or detail";
    }
  }
  return null;
}

/** devise's 401 of a protected route: exactly `{"errors":["You need to sign in ..."]}`. */
export function isDeviseUnauthenticated(res: LightMyRequestResponse): boolean {
  const body = bodyJson(res);
  return (
    res.statusCode === 401 &&
    isObject(body) &&
    Object.keys(body).length === 1 &&
    Array.isArray(body.errors) &&
    body.errors.length === 1 &&
    body.errors[0] === UNAUTHENTICATED
  );
}

const RAILS_NOT_FOUND = "<title>The page you were looking for doesn't exist (404)</title>";

/**
 * A devise_token_auth endpoint's own error (api-contract §1.3–§1.6): `render_error`'s
 * `{"success":false,"errors":[…] | {…}}` plus extra keys, `{"errors":[…]}`, or Rails' HTML
 * 404 for a missing or invalid mailed token.
 */
export function deviseErrorProblem(res: LightMyRequestResponse): string | null {
  if (res.statusCode === 404 && res.body.includes(RAILS_NOT_FOUND)) return null;
  const body = bodyJson(res);
  if (!isObject(body)) return "no JSON object";
  const errors = body.errors;
  const strings = (v: unknown) => Array.isArray(v) && v.every((e) => typeof e === "string");
  const listOrMap = strings(errors) || (isObject(errors) && Object.values(errors).every(strings));
  if (!listOrMap) return "errors is neither a list of messages nor a map of them";
  if ("success" in body && body.success !== false) return "success is not false";
  return null;
}

/** Why an error answer of `route` ("METHOD /path") has a shape it may not have, or null. */
export function errorShapeProblem(route: string, res: LightMyRequestResponse): string | null {
  if (isDeviseUnauthenticated(res)) return null;
  const jsonApi = jsonApiErrorProblem(res);
  if (jsonApi === null) return null;
  const path = route.split(" ")[1] ?? "";
  if (path.startsWith("/auth/") || path === "/auth") {
    const devise = deviseErrorProblem(res);
    return devise === null ? null : `neither JSON:API (${jsonApi}) nor devise (${devise})`;
  }
  return jsonApi;
}
