import type { AppError } from "../errors";

/** JSON:API bodies go out as this type (api-contract §2.1). */
export const JSONAPI_CONTENT_TYPE = "application/vnd.api+json";

/** One error object: all five keys, nulls kept, status a string (api-contract §2.2). */
export type TJsonApiError = {
  status: string;
  source: { pointer?: string; parameter?: string } | null;
  title: string;
  detail: string | null;
  code: string | null;
  /** Only where an error carries more (an existing application's id); absent otherwise. */
  meta?: Record<string, unknown>;
};

export function errorObject(
  status: number,
  title: string,
  item: Partial<Omit<TJsonApiError, "status" | "title">> = {},
): TJsonApiError {
  return {
    status: String(status),
    source: item.source ?? null,
    title,
    detail: item.detail ?? null,
    code: item.code ?? null,
  };
}

export function errorDocument(error: AppError): { errors: TJsonApiError[] } {
  return {
    errors: error.items.map((item) => ({
      ...errorObject(error.status, error.title, {
        source: item.source ?? null,
        detail: item.detail,
        code: item.code ?? null,
      }),
      ...(item.meta ? { meta: item.meta } : {}),
    })),
  };
}
