/**
 * The one error the api client throws (spec §3 "Error": statusCode, message,
 * statusMessage?, data?, fatal?). The response's `errors` are normalised to JSON:API
 * error objects; the list as received stays on `raw`.
 */
import { isPlainObject, toCamelCase } from "./case";

export interface ApiErrorObject {
  status?: string;
  title?: string;
  detail?: string;
  code?: string;
  source?: { pointer?: string; parameter?: string; header?: string };
  /** As received: what a form needs to word the refusal itself (a rule's params). */
  meta?: Record<string, unknown>;
}

export interface ApiErrorInit {
  statusCode: number;
  message?: string;
  statusMessage?: string;
  /** The response's `errors` value as received (JSON:API list, devise strings or object). */
  errors?: unknown;
  data?: unknown;
  fatal?: boolean;
  cause?: unknown;
  /** The response headers (Retry-After on 429). */
  headers?: Headers;
}

export class ApiError extends Error {
  readonly statusCode: number;
  readonly errors: ApiErrorObject[];
  readonly raw: unknown;
  readonly statusMessage?: string;
  readonly data?: unknown;
  readonly fatal?: boolean;
  readonly headers?: Headers;

  constructor(init: ApiErrorInit) {
    const errors = normalizeErrors(init.errors);
    super(
      init.message ??
        messagesOf(errors)[0] ??
        init.statusMessage ??
        `Request failed with status ${init.statusCode}`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.name = "ApiError";
    this.statusCode = init.statusCode;
    this.errors = errors;
    this.raw = init.errors;
    this.statusMessage = init.statusMessage;
    this.data = init.data;
    this.fatal = init.fatal;
    this.headers = init.headers;
  }
}

/** An ApiError for a response with status >= 400 and its parsed body. */
export function apiErrorFromResponse(
  statusCode: number,
  statusMessage: string | undefined,
  body: unknown,
  headers?: Headers,
): ApiError {
  return new ApiError({
    statusCode,
    headers,
    statusMessage: statusMessage || undefined,
    errors: isPlainObject(body) ? body.errors : undefined,
    data: toCamelCase(body),
  });
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const optionalString = (value: unknown): string | undefined =>
  value === null || value === undefined || value === "" ? undefined : String(value);

function fromErrorObject(value: Record<string, unknown>): ApiErrorObject {
  const result: ApiErrorObject = {};
  const status = optionalString(value.status);
  const title = optionalString(value.title);
  const detail = optionalString(value.detail ?? value.message);
  const code = optionalString(value.code);
  if (status) result.status = status;
  if (title) result.title = title;
  if (detail) result.detail = detail;
  if (code) result.code = code;
  if (isPlainObject(value.source)) result.source = value.source as ApiErrorObject["source"];
  if (isPlainObject(value.meta)) result.meta = value.meta;
  return result;
}

const humanize = (field: string) => {
  const words = field.replace(/_id$/, "").replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const stringList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter(
    (item): item is string => typeof item === "string",
  );

/**
 * devise validation errors: `{ email: ["has already been taken"], full_messages: [...] }`.
 * One entry per field message: title = the short message, detail = its full message,
 * source.pointer = the attribute. Full messages that match no field are kept as well.
 */
function fromFieldErrors(value: Record<string, unknown>): ApiErrorObject[] {
  const fullMessages = stringList(value.full_messages);
  const used = new Set<number>();
  const takeFullMessage = (field: string, message: string) => {
    const prefix = humanize(field).toLowerCase();
    const candidates = fullMessages
      .map((full, index) => ({ full, index }))
      .filter(
        ({ full, index }) => !used.has(index) && (full === message || full.endsWith(` ${message}`)),
      );
    const match =
      candidates.find(({ full }) => full.toLowerCase().startsWith(prefix)) ?? candidates[0];
    if (!match) return undefined;
    used.add(match.index);
    return match.full;
  };

  const result: ApiErrorObject[] = [];
  for (const [field, messages] of Object.entries(value)) {
    if (field === "full_messages") continue;
    for (const message of stringList(messages)) {
      const isBase = field === "base";
      const detail =
        takeFullMessage(field, message) ?? (isBase ? message : `${humanize(field)} ${message}`);
      result.push(
        isBase
          ? { title: message, detail }
          : { title: message, detail, source: { pointer: `/data/attributes/${field}` } },
      );
    }
  }
  fullMessages.forEach((detail, index) => {
    if (!used.has(index)) result.push({ detail });
  });
  return result;
}

/** JSON:API error list, devise string list or devise field-error object → error objects. */
export function normalizeErrors(errors: unknown): ApiErrorObject[] {
  if (Array.isArray(errors)) {
    return errors.flatMap((item): ApiErrorObject[] => {
      if (typeof item === "string") return [{ detail: item }];
      if (isPlainObject(item)) return [fromErrorObject(item)];
      return [];
    });
  }
  if (isPlainObject(errors)) return fromFieldErrors(errors);
  if (typeof errors === "string" && errors) return [{ detail: errors }];
  return [];
}

function messagesOf(errors: ApiErrorObject[]): string[] {
  return errors.flatMap((error) => {
    const message = error.detail ?? error.title;
    return message ? [message] : [];
  });
}

/** Human messages of any thrown value: JSON:API detail or title, devise strings, full messages. */
export function errorMessages(error: unknown): string[] {
  if (isApiError(error)) {
    const messages = messagesOf(error.errors);
    return messages.length > 0 ? messages : [error.message];
  }
  if (error instanceof Error) return [error.message];
  if (typeof error === "string") return [error];
  return [];
}

/** spec §8: a sign-in refused because the user belongs to another volunteer centre. */
export function isWrongCenter(error: unknown): boolean {
  return errorMessages(error).some((message) => message.toLowerCase().includes("wrong center"));
}
