import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { DATA_EXPORT_LINK_HOURS } from "../../lib/contract/data-exports";
import { tokenDigest } from "../auth/tokens";
import { withTenant } from "../db/client";
import { users } from "../db/schema";
import { templateFor } from "../mail/notification-templates/applicable";
import { dataExportReadyMail } from "../mail/templates/data-export";
import { mailLocale } from "../mail/templates/layout";
import { lockPendingExport, markExportFailed, markExportReady } from "../queries/data-exports";
import { gatherExport } from "../services/data-export-content";
import { enqueueMail } from "./mail";
import { tenantName } from "./recipient";
import { defineJob, PermanentJobError } from "./registry";

/**
 * Preparing "download my data" (docs/data-exports.md): gathers the person's data as JSON,
 * stores it with the digest of a fresh token, and mails the link, all in one transaction,
 * so a link never points at nothing. Always mailed, whatever the notification settings:
 * the person asked for it just now. A second run of the job finds the export no longer
 * pending and does nothing.
 */

const ZPrepare = z.object({
  exportId: z.number().int().positive(),
  /** The site the request came from (https://host), for the link; null: no link. */
  origin: z.string().url().max(300).nullable(),
});

const HOUR_MS = 3_600_000;
export const downloadPath = (token: string) => `/profiel/download/${token}`;

export const prepareDataExportJob = defineJob({
  kind: "data_exports.prepare",
  payload: ZPrepare,
  maxAttempts: 5,
  async handler(payload, { db, job, now, log }) {
    if (job.tenantId === null) throw new PermanentJobError("an export needs a tenant");
    const tenantId = job.tenantId;
    const last = job.attempts >= job.maxAttempts;
    try {
      await withTenant(db, tenantId, async (tx) => {
        const row = await lockPendingExport(tx, tenantId, payload.exportId);
        if (!row) return;
        const [user] = await tx
          .select({
            email: users.email,
            firstName: users.firstName,
            locale: users.locale,
            status: users.status,
            volunteerCenterId: users.volunteerCenterId,
          })
          .from(users)
          .where(and(eq(users.tenantId, tenantId), eq(users.id, row.userId)));
        if (!user || user.status === "archived") {
          await markExportFailed(tx, tenantId, row.id, now);
          return;
        }
        const content = JSON.stringify(await gatherExport(tx, tenantId, row.userId, now), null, 2);
        const raw = randomBytes(32).toString("base64url");
        await markExportReady(tx, row.id, {
          content,
          digest: tokenDigest(raw),
          now,
          expiresAt: new Date(now.getTime() + DATA_EXPORT_LINK_HOURS * HOUR_MS),
        });
        const locale = mailLocale(user.locale);
        const template = await templateFor(tx, tenantId, {
          centreId: user.volunteerCenterId,
          key: "account.data_export",
          locale,
          log,
        });
        await enqueueMail(tx, tenantId, {
          to: user.email,
          ...dataExportReadyMail({
            ...template,
            locale,
            firstName: user.firstName,
            tenantName: await tenantName(tx, tenantId),
            link: payload.origin ? `${payload.origin}${downloadPath(raw)}` : null,
            hours: DATA_EXPORT_LINK_HOURS,
          }),
        });
      });
    } catch (error) {
      // The last try: the export fails, so the person sees it and may ask again.
      if (last) {
        await withTenant(db, tenantId, (tx) =>
          markExportFailed(tx, tenantId, payload.exportId, now),
        );
      }
      throw error;
    }
  },
});
