import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, ApiError, api } from "@/lib/api";
import {
  activityPatchDocument,
  newActivityDocument,
  type TActivityFormValues,
  type TEditedActivity,
} from "./activity-form";
import { managedActivityKeys } from "./managed-activity-list";

/**
 * The activity form's calls (docs/activity-form.md, on docs/activity-writes.md): the one
 * activity it edits, and saving it (POST /activities, POST /activity_series, PATCH), then
 * publishing it when asked (PUT …/transition). A new activity is always a draft first.
 */

/** Under the managed list's keys, so every change the list's actions make reaches it too. */
export const managedActivityDetailKey = (id: string) =>
  [...managedActivityKeys.all, "detail", id] as const;

/**
 * The activity the edit page edits: GET /managed_activities?filter[id_eq], in the list's own
 * scope (a draft has no other read). One the caller does not run is not there: a 404.
 */
export function managedActivityQuery(id: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: managedActivityDetailKey(id),
    queryFn: async ({ signal }) => {
      const response = await client.get<TEditedActivity[]>("/api/v1/managed_activities", {
        query: { filter: { id_eq: id }, include: "desk", page: { size: 1 } },
        signal,
      });
      const [found] = response.data;
      if (!found) throw new ApiError({ statusCode: 404, statusMessage: "Not Found" });
      return found;
    },
  });
}

/** What a save did: the title to say, how many activities, and whether publishing failed. */
export type TActivitySaved = {
  title: string;
  /** The activities written (a series: every occurrence). */
  count: number;
  published: boolean;
  /** Saved, but the step to published was refused: it stays a draft. */
  publishFailed: boolean;
};

const transitionPath = (id: string) => `/api/v1/activities/${encodeURIComponent(id)}/transition`;

/** Publish what was saved; a refusal leaves the saved draft and says so. */
async function publish(client: ApiClient, id: string, scope: "this" | "following") {
  try {
    await client.put(
      transitionPath(id),
      { data: { type: "activities", id, attributes: { status: "published" } } },
      { query: scope === "following" ? { scope } : {} },
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * Add: one activity, or a series (its occurrences all drafts); publishing a series
 * publishes its first occurrence and the following ones.
 */
export async function saveNewActivity(
  client: ApiClient,
  values: TActivityFormValues,
  options: { centreId?: string; publish: boolean },
): Promise<TActivitySaved> {
  const document = newActivityDocument(values, { centreId: options.centreId });
  const title = values.title.trim();
  let firstId: string;
  let count = 1;
  if (values.repeats) {
    const response = await client.post<{ id: string; activityIds: string[] }>(
      "/api/v1/activity_series",
      document,
    );
    firstId = response.data.activityIds[0];
    count = response.data.activityIds.length;
  } else {
    const response = await client.post<{ id: string }>("/api/v1/activities", document);
    firstId = response.data.id;
  }
  if (!options.publish) return { title, count, published: false, publishFailed: false };
  const published = await publish(client, firstId, values.repeats ? "following" : "this");
  return { title, count, published, publishFailed: !published };
}

/** Edit: what changed, of this occurrence or of it and the following (`values.scope`). */
export async function saveActivityChanges(
  client: ApiClient,
  id: string,
  values: TActivityFormValues,
  options: { initial: TActivityFormValues; publish: boolean; inSeries: boolean },
): Promise<TActivitySaved> {
  const scope = options.inSeries ? values.scope : "this";
  const response = await client.patch<{ id: string; title: string }>(
    `/api/v1/activities/${encodeURIComponent(id)}`,
    activityPatchDocument(id, values, options.initial),
    { query: scope === "following" ? { scope } : {} },
  );
  const meta = response.meta ?? {};
  const changed = meta.changedIds ?? meta.changed_ids;
  const count = Array.isArray(changed) ? Math.max(changed.length, 1) : 1;
  const title = response.data.title;
  if (!options.publish) return { title, count, published: false, publishFailed: false };
  const published = await publish(client, id, scope);
  return { title, count, published, publishFailed: !published };
}
