import { createBeforeSend } from "./sentry-filter";

/** Query parameters that carry one-time tokens (password reset, confirmation, unlock). */
const SECRET_QUERY_PARAMS = [
  "reset_password_token",
  "confirmation_token",
  "unlock_token",
  "invitation_token",
  "token",
  "access-token",
  "client",
  "uid",
];

/**
 * The Sentry options server and browser share (docs/errors.md). No @sentry import, so the
 * browser loads Sentry only through the dynamic import in instrumentation-client.ts.
 *
 * Sentry 11's `dataCollection` defaults collect user info, cookies, all headers, bodies and
 * local variables; here only what helps to find a fault: the user agent and language, the
 * URL without its tokens. Errors only: no performance tracing.
 */
export function sentryOptions(config: {
  dsn: string;
  environment?: string;
  /** The browser's user agent; on the server the request's header in the event is used. */
  userAgent?: () => string | undefined;
}) {
  return {
    dsn: config.dsn,
    environment: config.environment,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: {
        request: { allow: ["user-agent", "accept-language", "referer", "content-type"] },
        response: false,
      },
      httpBodies: [],
      urlQueryParams: { deny: SECRET_QUERY_PARAMS },
      stackFrameVariables: false,
    },
    beforeSend: createBeforeSend({ userAgent: config.userAgent }),
  };
}
