import type { AppDb } from "../../../backend/db/client";
import { activities } from "../../../backend/db/schema";

/** An activity row, written as the owner past row security like the shared factories. */
export async function createActivity(
  db: AppDb,
  tenantId: number,
  attrs: Partial<typeof activities.$inferInsert> & { volunteerCenterId: number },
) {
  const startsAt = attrs.startsAt ?? new Date("2026-06-10T17:00:00Z");
  const [row] = await db
    .insert(activities)
    .values({
      tenantId,
      title: `Activiteit ${Math.random().toString(36).slice(2, 8)}`,
      status: "published",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * 3_600_000),
      ...attrs,
    })
    .returning();
  return row;
}
