/**
 * The api's one error type (STYLE.md: a closed set of codes, mapped to HTTP status in
 * one place). The error handler in jsonapi/ turns it into a JSON:API errors[] body.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable_entity: 422,
  too_many_requests: 429,
  internal: 500,
} as const;

export type TErrorCode = keyof typeof ERROR_STATUS;

export type TErrorSource = { pointer?: string; parameter?: string } | null;

export type TErrorItem = {
  detail: string | null;
  /** JSON:API `code`; for validation errors the rule that failed (e.g. 'taken', 'blank'). */
  code?: string | null;
  source?: TErrorSource;
  /** JSON:API error `meta`: more about this one error (the id a refusal points to). */
  meta?: Record<string, unknown>;
};

const TITLES: Record<TErrorCode, string> = {
  bad_request: "Bad Request",
  unauthorized: "Unauthorized",
  forbidden: "Forbidden",
  not_found: "Not Found",
  conflict: "Conflict",
  unprocessable_entity: "Unprocessable Entity",
  too_many_requests: "Too Many Requests",
  internal: "Internal Server Error",
};

export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly title: string;
  readonly items: TErrorItem[];
  /** Extra response headers (Retry-After on 429). */
  readonly headers: Record<string, string>;

  constructor(
    code: TErrorCode,
    detail: string | null = null,
    options: { items?: TErrorItem[]; headers?: Record<string, string> } = {},
  ) {
    super(detail ?? TITLES[code]);
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.title = TITLES[code];
    this.items = options.items ?? [{ detail, code: null, source: null }];
    this.headers = options.headers ?? {};
  }
}

export const notFound = () => new AppError("not_found", null, { items: [{ detail: null }] });
export const forbidden = (detail = "You are not allowed to do this.") =>
  new AppError("forbidden", detail);
export const badRequest = (detail: string, parameter?: string) =>
  new AppError("bad_request", detail, {
    items: [{ detail, code: "invalid", source: parameter ? { parameter } : null }],
  });
