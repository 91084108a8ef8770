import type { AppDb } from "../../../backend/db/client";
import { applications } from "../../../backend/db/schema";

/** An open application written as the owner, past the api's checks (docs/api-applications.md). */
export async function createApplication(
  db: AppDb,
  tenantId: number,
  attrs: {
    vacancyId: number;
    organizationId: number;
    volunteerCenterId: number;
    userId: number;
    motivation?: string;
  },
) {
  const [row] = await db
    .insert(applications)
    .values({ tenantId, ...attrs })
    .returning();
  return row;
}
