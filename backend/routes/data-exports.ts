import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { siteOrigin } from "../auth/redirect-url";
import { tokenDigest } from "../auth/tokens";
import { AppError, notFound } from "../errors";
import { answer } from "../http/answer";
import { defineRoute } from "../http/define-route";
import { queryParams } from "../http/inputs";
import { prepareDataExportJob } from "../jobs/data-exports";
import { enqueue } from "../jobs/queue";
import { serialize, type TResource } from "../jsonapi/serializer";
import {
  exportByDigest,
  insertDataExport,
  listDataExports,
  markExportDownloaded,
  recentDataExports,
} from "../queries/data-exports";
import { amsterdamToday } from "../queries/vacancies";

/**
 * "Download my data" (docs/data-exports.md). Signed-in callers, their own exports only:
 *
 * - POST /api/v1/data_exports asks for one: the job queue prepares it and mails a link.
 *   One at a time (409 `export_pending` while one is pending) and at most
 *   EXPORTS_PER_DAY a day (429 with Retry-After).
 * - GET /api/v1/data_exports lists the caller's exports and their state, never the content.
 * - GET /api/v1/data_exports/download?token=… is the file: the mailed token AND the session
 *   of the person it was made for (another user's token, an unknown one and another
 *   tenant's are a 404); after DATA_EXPORT_LINK_HOURS a 404 `expired`.
 */

export const dataExportResource: TResource = {
  type: "data_export",
  attributes: ["status", "byteSize", "readyAt", "expiresAt", "downloadedAt", "createdAt"],
};

/** How many exports a person may ask for in 24 hours. */
export const EXPORTS_PER_DAY = 3;
const DAY_MS = 86_400_000;
const ZDownload = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

const pending = (id: number) =>
  new AppError("conflict", "An export is being prepared; its link will be mailed to you.", {
    items: [
      {
        detail: "An export is being prepared; its link will be mailed to you.",
        code: "export_pending",
        source: { pointer: "" },
        meta: { data_export_id: id },
      },
    ],
  });

const tooMany = (seconds: number) => {
  const detail = `You can ask for ${EXPORTS_PER_DAY} exports a day. Try again later.`;
  return new AppError("too_many_requests", detail, {
    items: [{ detail, code: "export_limit", source: { pointer: "" } }],
    headers: { "retry-after": String(seconds) },
  });
};

const expired = () => {
  const detail = "This download link has expired. Ask for a new export on your profile.";
  return new AppError("not_found", detail, { items: [{ detail, code: "expired" }] });
};

export async function dataExportRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/data_exports",
    summary: "The caller's data exports, newest first, with their state (never the content)",
    auth: "signed_in",
    action: "data_exports.list",
    facts: ({ actor }) => ({ userId: actor.id }),
    response: { resource: dataExportResource, many: true },
    handler: async ({ tx, tenant, actor }) =>
      serialize(dataExportResource, await listDataExports(tx, tenant.id, actor.id)),
  });

  defineRoute(app, {
    method: "POST",
    url: "/data_exports",
    summary: "Ask for a copy of one's data: prepared in the background, its link mailed",
    auth: "signed_in",
    action: "data_exports.create",
    facts: ({ actor }) => ({ userId: actor.id }),
    status: 202,
    response: { resource: dataExportResource, many: false },
    handler: async ({ tx, tenant, actor, request }) => {
      const now = app.authSettings.now();
      const recent = await recentDataExports(
        tx,
        tenant.id,
        actor.id,
        new Date(now.getTime() - DAY_MS),
      );
      if (recent.pendingId !== null) throw pending(recent.pendingId);
      if (recent.total >= EXPORTS_PER_DAY) {
        const freeAt = (recent.oldest?.getTime() ?? now.getTime()) + DAY_MS;
        throw tooMany(Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
      }
      const row = await insertDataExport(tx, tenant.id, actor.id, now);
      await enqueue(
        tx,
        prepareDataExportJob,
        {
          exportId: row.id,
          origin: siteOrigin(request, request.server.config.REDIRECT_HOSTS),
        },
        { tenantId: tenant.id },
      );
      return serialize(dataExportResource, row);
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/data_exports/download",
    summary: "The export's JSON file: the mailed token with the session of its owner",
    auth: "signed_in",
    query: queryParams(ZDownload),
    load: async ({ tx, tenant, actor, query }) => {
      const row = await exportByDigest(tx, tenant.id, tokenDigest(query.token));
      // Someone else's link is as unknown as a made-up one.
      if (!row || row.userId !== actor.id) throw notFound();
      return row;
    },
    action: "data_exports.download",
    facts: (_ctx, row) => ({ userId: row.userId }),
    contentType: "application/json; charset=utf-8",
    response: z.record(z.string(), z.unknown()),
    handler: async ({ tx }, row) => {
      const now = app.authSettings.now();
      if (
        row.status !== "ready" ||
        row.content === null ||
        !row.expiresAt ||
        row.expiresAt.getTime() <= now.getTime()
      ) {
        throw expired();
      }
      await markExportDownloaded(tx, row.id, now);
      const day = amsterdamToday(row.readyAt ?? now);
      return answer(200, row.content, {
        contentType: "application/json; charset=utf-8",
        headers: {
          "content-disposition": `attachment; filename="volunteerly-data-${day}.json"`,
          "cache-control": "private, no-store",
        },
      });
    },
  });
}
