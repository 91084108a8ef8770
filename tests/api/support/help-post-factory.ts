import type { AppDb } from "../../../backend/db/client";
import { helpPosts } from "../../../backend/db/schema";
import { placeOfPost } from "../../../backend/domain/help-grid";
import { expiryFrom } from "../../../backend/queries/help-posts";

/** A live peer-help post in Oldebroek, written as the owner (docs/peer-help.md). */
export async function createHelpPost(
  db: AppDb,
  tenantId: number,
  attrs: {
    userId: number;
    title?: string;
    status?: "open" | "closed";
    expiresAt?: Date;
  },
) {
  const [row] = await db
    .insert(helpPosts)
    .values({
      tenantId,
      userId: attrs.userId,
      kind: "request",
      category: "shopping",
      title: attrs.title ?? "Boodschappen",
      status: attrs.status ?? "open",
      expiresAt: attrs.expiresAt ?? expiryFrom(new Date()),
      ...placeOfPost({ name: "Oldebroek", latitude: 52.4449, longitude: 5.9006 }),
    })
    .returning();
  return row;
}
