import { and, eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import { messages, users } from "../db/schema";
import { defineJob, PermanentJobError } from "./registry";

/**
 * After an account deletion: the person's messages lose their author (docs/data-exports.md,
 * "Account deletion"). The words stay in the thread, the other side's record of the
 * correspondence; nothing ties them to the row any more, and the thread shows a deleted
 * account. A job and not the deletion's own transaction because the app role may only
 * read and insert messages (migration 0013: messages are append-only), so the owner
 * connection a job gets does it, scoped by tenant and only for an anonymised account.
 */

export const unlinkMessagesJob = defineJob({
  kind: "account_deletions.unlink_messages",
  payload: z.object({ userId: z.number().int().positive() }).strict(),
  maxAttempts: 5,
  async handler({ userId }, { db, job }) {
    if (job.tenantId === null) throw new PermanentJobError("an account deletion needs a tenant");
    const tenantId = job.tenantId;
    const [gone] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.tenantId, tenantId), eq(users.id, userId), isNotNull(users.anonymizedAt)),
      );
    if (!gone) throw new PermanentJobError("the account is not deleted");
    await db
      .update(messages)
      .set({ authorId: null })
      .where(and(eq(messages.tenantId, tenantId), eq(messages.authorId, userId)));
  },
});
