import "server-only";
import { notFound } from "next/navigation";
import { ApiError } from "@/lib/api/errors";
import type { TActivityKind } from "@/lib/contract/activities";
import { publicGet } from "@/lib/public/public-api";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import type { TActivity, TDeskWelcome } from "./types";

/**
 * The activity pages' reads through the public api cache (lib/public/public-api.ts). A 404
 * from the api (a draft, another tenant's, activities off) is the page's 404.
 */

/** spec §1: no activity page where the tenant has activities off (meedoen). */
export async function requireActivities() {
  const tenant = await getCurrentTenant();
  if (!tenant.features.activities) notFound();
  return tenant;
}

async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) notFound();
    throw error;
  }
}

export type TActivityPage = {
  activities: TActivity[];
  page: number;
  last: number;
  records: number;
};

export type TActivityQuery = {
  from?: string;
  to?: string;
  q?: string;
  desk?: string;
  kind?: TActivityKind;
  page?: number;
  size?: number;
};

export async function loadActivities(query: TActivityQuery): Promise<TActivityPage> {
  const size = query.size ?? 20;
  const response = await orNotFound(
    publicGet<TActivity[]>("/api/v1/activities", {
      include: "organization,desk",
      sort: "starts_at",
      "page[number]": query.page ?? 1,
      "page[size]": size,
      ...(query.from ? { "filter[from]": query.from } : {}),
      ...(query.to ? { "filter[to]": query.to } : {}),
      ...(query.q ? { "filter[q]": query.q } : {}),
      ...(query.desk ? { "filter[desk]": query.desk } : {}),
      ...(query.kind ? { "filter[kind]": query.kind } : {}),
    }),
  );
  const pagination = (response.meta?.pagination ?? {}) as { current?: number; records?: number };
  const records = pagination.records ?? response.data.length;
  return {
    activities: response.data,
    page: pagination.current ?? 1,
    last: Math.max(1, Math.ceil(records / size)),
    records,
  };
}

export async function loadActivity(id: string): Promise<TActivity> {
  const response = await orNotFound(
    publicGet<TActivity>(`/api/v1/activities/${encodeURIComponent(id)}`, {
      include: "organization,desk",
    }),
  );
  return response.data;
}

export async function loadDesk(slug: string): Promise<TDeskWelcome> {
  const response = await orNotFound(
    publicGet<TDeskWelcome>(`/api/v1/desks/${encodeURIComponent(slug)}`, { include: "address" }),
  );
  return response.data;
}
