import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { type AppDb, withTenant } from "../db/client";
import { helpPosts, notifications } from "../db/schema";
import { templateFor } from "../mail/notification-templates/applicable";
import { helpPostHiddenMail, helpPostHiddenNotice } from "../mail/templates/help-post-notices";
import { mailLocale } from "../mail/templates/layout";
import { enqueueMail } from "./mail";
import { enqueue } from "./queue";
import { activeRecipient, tenantName } from "./recipient";
import { defineJob, PermanentJobError } from "./registry";

/**
 * Tells a poster that a centre admin hid their peer-help post, with the reason
 * (docs/peer-help.md). Rendered when it runs, in the poster's language of that moment; a
 * post shown again meanwhile tells nothing.
 */
const ZNotifyHelpPost = z.object({
  helpPostId: z.number().int().positive(),
  origin: z.string().url().max(300).nullable(),
});

export const notifyHelpPostJob = defineJob({
  kind: "notify.help_post_hidden",
  payload: ZNotifyHelpPost,
  async handler(payload, { db, job, log }) {
    if (job.tenantId === null) throw new PermanentJobError("a notification needs a tenant");
    const tenantId = job.tenantId;
    await withTenant(db, tenantId, async (tx) => {
      const [post] = await tx
        .select({
          userId: helpPosts.userId,
          title: helpPosts.title,
          status: helpPosts.status,
          reason: helpPosts.hiddenReason,
        })
        .from(helpPosts)
        .where(and(eq(helpPosts.tenantId, tenantId), eq(helpPosts.id, payload.helpPostId)));
      if (post?.status !== "hidden" || !post.reason) return;
      const recipient = await activeRecipient(tx, tenantId, post.userId);
      if (!recipient) return;
      const locale = mailLocale(recipient.locale);
      const path = "/een-op-een-hulp?mine=true";
      const template = await templateFor(tx, tenantId, {
        centreId: recipient.volunteerCenterId,
        key: "help_post.hidden",
        locale,
        log,
        link: payload.origin ? `${payload.origin}${path}` : null,
      });
      const notice = helpPostHiddenNotice(locale, post.title, post.reason, template);
      await tx.insert(notifications).values({
        tenantId,
        userId: post.userId,
        kind: "system",
        title: notice.title,
        body: notice.body,
        url: path,
      });
      const mail = helpPostHiddenMail({
        locale,
        firstName: recipient.firstName,
        tenantName: await tenantName(tx, tenantId),
        notice,
        origin: payload.origin,
        path,
      });
      await enqueueMail(tx, tenantId, { to: recipient.email, ...mail });
    });
  },
});

/** In the transaction that hides the post: one notice per hiding. */
export function notifyHelpPostHidden(
  tx: AppDb,
  tenantId: number,
  params: { helpPostId: number; origin: string | null; hiddenAt: Date },
) {
  return enqueue(
    tx,
    notifyHelpPostJob,
    { helpPostId: params.helpPostId, origin: params.origin },
    {
      tenantId,
      idempotencyKey: `help_post_hidden:${params.helpPostId}:${params.hiddenAt.getTime()}`,
    },
  );
}
