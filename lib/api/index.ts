/**
 * The browser client: every path goes to the same-origin BFF, `/api/v1/...` (JSON:API
 * resources) and `/api/auth/...` (devise_token_auth). The BFF adds the tenant and auth.
 */
import { createApiClient } from "./client";
import { collectHeaders } from "./header-providers";

export type {
  ApiClient,
  ApiClientOptions,
  ApiResponse,
  HttpMethod,
  RequestOptions,
} from "./client";
export { createApiClient } from "./client";
export type { ApiErrorObject } from "./errors";
export { ApiError, errorMessages, isApiError, isWrongCenter } from "./errors";
export { setHeaderProvider } from "./header-providers";
export type { Query } from "./query-string";

export const api = createApiClient({ baseUrl: "", headers: collectHeaders });
