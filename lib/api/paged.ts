import type { ApiClient } from "./client";
import type { Query } from "./query-string";

/** api-contract §2.4: meta.pagination of a list. */
export type TPagination = { current: number; records: number; last?: number };
export type TPaged<T> = { rows: T[]; pagination: TPagination };

const count = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : undefined;

/** One page of a JSON:API list, with its meta.pagination (records 0 when the api sent none). */
export async function fetchPaged<T>(
  client: ApiClient,
  path: string,
  query: Query,
  signal?: AbortSignal,
): Promise<TPaged<T>> {
  const response = await client.get<T[]>(path, { query, signal });
  const raw = (response.meta?.pagination ?? {}) as Record<string, unknown>;
  const records = count(raw.records) ?? response.data.length;
  const current = count(raw.current) ?? 1;
  const last = count(raw.last);
  return {
    rows: response.data,
    pagination: { current, records, ...(last === undefined ? {} : { last }) },
  };
}

/** The number of the last page for `records` rows at `size` per page (at least 1). */
export const lastPage = (records: number, size: number) => Math.max(1, Math.ceil(records / size));
