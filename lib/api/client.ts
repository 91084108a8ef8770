/**
 * The one api client for server and browser (ARCHITECTURE.md §5): snake_case out,
 * camelCase in, JSON:API flattened, errors thrown as ApiError, every call with a timeout.
 */
import { toSnakeCase } from "./case";
import { ApiError, apiErrorFromResponse } from "./errors";
import { toFormData } from "./form-data";
import { deserialize } from "./jsonapi";
import { type Query, serializeQuery } from "./query-string";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type HeaderRecord = Record<string, string>;
export type HeaderProvider = () => HeaderRecord | Promise<HeaderRecord>;

export const JSON_API_MEDIA_TYPE = "application/vnd.api+json";
export const DEFAULT_TIMEOUT_MS = 15_000;

export interface ApiClientOptions {
  /** '' in the browser (same-origin BFF); the api origin on the server. Lazy so a build reads no env. */
  baseUrl: string | (() => string);
  headers?: HeaderProvider;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface RequestOptions {
  method?: HttpMethod;
  query?: Query;
  body?: unknown;
  /** Send the body as multipart form data (Rails-style keys) instead of JSON. */
  formData?: boolean;
  headers?: HeaderRecord;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface ApiResponse<T> {
  data: T;
  meta?: Record<string, unknown>;
  links?: Record<string, unknown>;
  status: number;
  headers: Headers;
}

type NoMethod = Omit<RequestOptions, "method">;
type NoBody = Omit<RequestOptions, "method" | "body">;

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = unknown>(path: string, options?: NoBody): Promise<ApiResponse<T>>;
  post<T = unknown>(path: string, body?: unknown, options?: NoBody): Promise<ApiResponse<T>>;
  put<T = unknown>(path: string, body?: unknown, options?: NoBody): Promise<ApiResponse<T>>;
  patch<T = unknown>(path: string, body?: unknown, options?: NoBody): Promise<ApiResponse<T>>;
  /** DELETE may carry a body (DELETE /api/v1/users/{id}/remove_role). */
  delete<T = unknown>(path: string, options?: NoMethod): Promise<ApiResponse<T>>;
}

function combineSignals(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === "function") return AbortSignal.any(signals);
  // Browsers before AbortSignal.any (Safari < 17.4).
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

function buildUrl(baseUrl: string, path: string, query: Query | undefined): string {
  const search = serializeQuery(query);
  const url = `${baseUrl.replace(/\/+$/, "")}${path}`;
  if (!search) return url;
  return `${url}${url.includes("?") ? "&" : "?"}${search}`;
}

function parseBody(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text; // e.g. an HTML error page from a proxy
  }
}

function encodeBody(body: unknown, formData: boolean | undefined): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData) return body;
  // Raw bytes (an image upload): sent as they are, with the caller's content type.
  if (typeof Blob !== "undefined" && body instanceof Blob) return body;
  const snake = toSnakeCase(body);
  if (formData) return toFormData(snake as Record<string, unknown>);
  return JSON.stringify(snake);
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const resolveBaseUrl =
    typeof options.baseUrl === "function" ? options.baseUrl : () => options.baseUrl as string;

  async function request<T>(path: string, init: RequestOptions = {}): Promise<ApiResponse<T>> {
    const method = init.method ?? "GET";
    const timeoutMs = init.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const body = encodeBody(init.body, init.formData);

    const headers = new Headers({ Accept: JSON_API_MEDIA_TYPE });
    // For FormData fetch sets multipart/form-data with its boundary itself.
    if (typeof body === "string") headers.set("Content-Type", JSON_API_MEDIA_TYPE);
    for (const [name, value] of Object.entries((await options.headers?.()) ?? {})) {
      headers.set(name, value);
    }
    for (const [name, value] of Object.entries(init.headers ?? {})) headers.set(name, value);

    const timeoutSignal = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? combineSignals([init.signal, timeoutSignal]) : timeoutSignal;
    const url = buildUrl(resolveBaseUrl(), path, init.query);

    let response: Response;
    let parsed: unknown;
    try {
      signal.throwIfAborted(); // the header provider was awaited: the caller may have given up
      response = await fetchImpl(url, {
        method,
        headers,
        body,
        signal,
        credentials: "same-origin",
      });
      parsed = parseBody(await response.text());
    } catch (error) {
      // A caller's own abort (e.g. TanStack Query cancelling) is not an api failure.
      if (init.signal?.aborted) throw error;
      if (timeoutSignal.aborted) {
        throw new ApiError({
          statusCode: 0,
          statusMessage: "Timeout",
          message: `Request timed out after ${timeoutMs} ms: ${method} ${path}`,
          cause: error,
        });
      }
      throw new ApiError({
        statusCode: 0,
        statusMessage: "Network Error",
        message: `Network error: ${method} ${path}`,
        cause: error,
      });
    }

    if (response.status >= 400) {
      throw apiErrorFromResponse(response.status, response.statusText, parsed, response.headers);
    }
    const { data, meta, links } = deserialize<T>(parsed);
    return { data, meta, links, status: response.status, headers: response.headers };
  }

  return {
    request,
    get: (path, opts) => request(path, { ...opts, method: "GET" }),
    post: (path, body, opts) => request(path, { ...opts, body, method: "POST" }),
    put: (path, body, opts) => request(path, { ...opts, body, method: "PUT" }),
    patch: (path, body, opts) => request(path, { ...opts, body, method: "PATCH" }),
    delete: (path, opts) => request(path, { ...opts, method: "DELETE" }),
  };
}
