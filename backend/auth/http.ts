import { RouteAnswer } from "../http/answer";

/**
 * devise_token_auth's `render_error` (api-contract §1.3): `{"success":false,"errors":…}`
 * plus any extra keys, as a route answer (defineRoute's `format: "devise"`), with any
 * headers it needs (Retry-After). Auth endpoints answer in this shape, not JSON:API, so
 * they return it instead of throwing an AppError.
 */
export function deviseFailure(
  status: number,
  errors: string[] | Record<string, string[]>,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return new RouteAnswer(status, { success: false, errors, ...extra }, headers);
}

/** Emails are downcased and stripped (devise case_insensitive_keys, strip_whitespace_keys);
 *  blank is none. */
export function deviseEmail(value: string | undefined): string | undefined {
  const email = value?.trim().toLowerCase();
  return email ? email : undefined;
}

const RAILS_NOT_FOUND =
  "<!DOCTYPE html>\n<html>\n<head>\n  <title>The page you were looking for doesn't exist (404)</title>\n</head>\n<body>\n  <h1>The page you were looking for doesn't exist.</h1>\n  <p>You may have mistyped the address or the page may have moved.</p>\n</body>\n</html>\n";

/** Rails' public/404.html, as devise_token_auth's RoutingError renders it (not JSON). */
export const railsNotFound = () =>
  new RouteAnswer(404, RAILS_NOT_FOUND, {}, "text/html; charset=utf-8");

/**
 * What every devise endpoint declares alike (spread into its defineRoute): devise's answer
 * format, the policy's `auth.public` (each endpoint checks the credentials, headers or
 * mailed token it needs itself), and the OpenAPI tag.
 */
export const DEVISE_ROUTE: {
  format: "devise";
  action: "auth.public";
  facts: () => Record<string, never>;
  tags: string[];
} = {
  format: "devise",
  action: "auth.public",
  facts: () => ({}),
  tags: ["auth"],
};
