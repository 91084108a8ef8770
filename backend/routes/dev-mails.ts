import type { FastifyInstance } from "fastify";
import type { TEnv } from "../env";
import { notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { listQuery } from "../http/inputs";
import { mailResource } from "../jsonapi/resources";
import { listOutboxMails } from "../queries/mail-outbox";

/**
 * GET /api/v1/dev/mails: the tenant's mail_outbox, newest first (ARCHITECTURE.md §9: without
 * SMTP_URL mail lands in the outbox, readable in development at /dev/mail). Anyone may call
 * it, without signing in, so someone trying the product can read the reset mail they asked
 * for. That is safe only because the route exists solely where no real mail goes out: outside
 * NODE_ENV=production and without SMTP_URL. Anywhere else it is not registered, so it answers
 * the ordinary JSON:API 404 of an unknown route. Only the X-Tenant's rows are listed, and
 * only to a browser on this machine (loopback client address, as the BFF passes it on): the
 * outbox holds reset and unlock links, and `npm start` serves the web on every interface.
 */
export function devMailsEnabled(config: Pick<TEnv, "NODE_ENV" | "SMTP_URL">): boolean {
  return config.NODE_ENV !== "production" && !config.SMTP_URL;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export async function devMailRoutes(app: FastifyInstance) {
  if (!devMailsEnabled(app.config)) return;

  defineRoute(app, {
    method: "GET",
    url: "/dev/mails",
    summary: "Development only: the tenant's mail outbox, newest first",
    auth: "public",
    query: listQuery({ resource: mailResource }),
    action: "dev_mails.list",
    facts: () => ({}),
    response: { resource: mailResource, many: true },
    // As every request, as the restricted role; mail_outbox has no policy, so the query's
    // tenant_id condition is what keeps other tenants' mail out.
    handler: async ({ tx, tenant, query, request }) => {
      if (!LOOPBACK.test(request.ip)) throw notFound();
      const { rows, records } = await listOutboxMails(tx, tenant.id, {
        limit: query.page.size,
        offset: query.page.offset,
      });
      return listDocument(request, mailResource, query, rows, records);
    },
  });
}
