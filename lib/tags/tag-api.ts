import type { ApiClient } from "@/lib/api";
import type { TManagedTag } from "./tag-queries";

/** The writes of /tags (docs/tags.md), each answering the tag as the back office lists it. */

const TAGS = "/api/v1/tags";
const path = (id: string) => `${TAGS}/${encodeURIComponent(id)}`;

export type TTagInput = { name: string; nameEn: string; slug: string };

/** POST /api/v1/tags: a blank slug is made from the name; a blank English name is none. */
export async function createTag(client: ApiClient, input: TTagInput): Promise<TManagedTag> {
  const response = await client.post<TManagedTag>(TAGS, {
    data: { type: "tags", attributes: input },
  });
  return response.data;
}

/** PATCH /api/v1/tags/:id: names, slug, or `archived`. */
export async function updateTag(
  client: ApiClient,
  id: string,
  attributes: Partial<TTagInput> & { archived?: boolean },
): Promise<TManagedTag> {
  const response = await client.patch<TManagedTag>(path(id), {
    data: { type: "tags", id, attributes },
  });
  return response.data;
}

/** POST /api/v1/tags/:id/merge: everything of `id` moves to `intoId`; `id` is gone. */
export async function mergeTag(client: ApiClient, id: string, intoId: string) {
  const response = await client.post<TManagedTag>(`${path(id)}/merge`, {
    data: { type: "tags", relationships: { into: { data: { type: "tags", id: intoId } } } },
  });
  return response.data;
}

/** DELETE /api/v1/tags/:id: only a tag nothing uses (else 409). */
export async function deleteTag(client: ApiClient, id: string): Promise<void> {
  await client.delete(path(id));
}
