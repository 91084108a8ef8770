/**
 * An answer a handler gives with its own status, headers or content type, where the
 * route's default (its `status`, a JSON:API document) does not fit: devise_token_auth's
 * errors (`{success: false, errors}`), a redirect, Rails' 404 page. The route layer sends
 * it after the commit, so its headers (a freshly issued token, Retry-After) never go out
 * with an answer whose transaction rolled back.
 */
export class RouteAnswer {
  constructor(
    readonly status: number,
    /** undefined: no body (a redirect). */
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
    /** Default: the route's content type. */
    readonly contentType?: string,
  ) {}
}

export const answer = (
  status: number,
  body: unknown,
  options: { headers?: Record<string, string>; contentType?: string } = {},
) => new RouteAnswer(status, body, options.headers, options.contentType);

/** A 302 to `location` without a body, as Rails' `redirect_to`. */
export const redirectAnswer = (location: string) => new RouteAnswer(302, undefined, { location });
