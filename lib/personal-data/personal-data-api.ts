import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import type { TDataExportStatus } from "@/lib/contract/data-exports";

/**
 * The calls of the calendar address and "download my data" (docs/calendar-feed.md,
 * docs/data-exports.md) through the one api client, and their query keys.
 */

export type TCalendarToken = {
  id: string;
  active: boolean;
  /** Only in the answer that made the address; null afterwards. */
  url: string | null;
  webcalUrl: string | null;
  createdAt: string | null;
  lastUsedAt: string | null;
};

export type TDataExport = {
  id: string;
  status: TDataExportStatus;
  byteSize: number | null;
  readyAt: string | null;
  expiresAt: string | null;
  downloadedAt: string | null;
  createdAt: string;
};

export const CALENDAR_TOKENS_PATH = "/api/v1/calendar_tokens";
export const DATA_EXPORTS_PATH = "/api/v1/data_exports";

/** The api's file: the token from the mail, sent with the browser's own session. */
export const downloadHref = (token: string) =>
  `${DATA_EXPORTS_PATH}/download?${new URLSearchParams({ token })}`;

export const personalDataKeys = {
  all: ["personal-data"] as const,
  calendar: () => [...personalDataKeys.all, "calendar-token"] as const,
  exports: () => [...personalDataKeys.all, "data-exports"] as const,
};

export function calendarTokenQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: personalDataKeys.calendar(),
    queryFn: async ({ signal }) =>
      (await client.get<TCalendarToken>(CALENDAR_TOKENS_PATH, { signal })).data,
  });
}

export function dataExportsQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: personalDataKeys.exports(),
    queryFn: async ({ signal }) =>
      (await client.get<TDataExport[]>(DATA_EXPORTS_PATH, { signal })).data,
  });
}

export async function makeCalendarToken(client: ApiClient = api): Promise<TCalendarToken> {
  return (await client.post<TCalendarToken>(CALENDAR_TOKENS_PATH)).data;
}

export async function revokeCalendarToken(client: ApiClient = api): Promise<void> {
  await client.delete(CALENDAR_TOKENS_PATH);
}

export async function requestDataExport(client: ApiClient = api): Promise<TDataExport> {
  return (await client.post<TDataExport>(DATA_EXPORTS_PATH)).data;
}
