import type { FastifyInstance } from "fastify";
import { withTenant } from "../db/client";
import type { TEnv } from "../env";
import { notFound } from "../errors";
import { parseListQuery } from "../jsonapi/list-query";
import { paginate } from "../jsonapi/pagination";
import type { TQuery } from "../jsonapi/params";
import { sendDocument } from "../jsonapi/reply";
import { mailResource } from "../jsonapi/resources";
import { serialize } from "../jsonapi/serializer";
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

  app.get("/dev/mails", async (request, reply) => {
    if (!LOOPBACK.test(request.ip)) throw notFound();
    const tenantId = request.tenant.id;
    const { page } = parseListQuery(request.query as TQuery, mailResource, {});
    // As every request, as the restricted role; mail_outbox has no policy, so the query's
    // tenant_id condition is what keeps other tenants' mail out.
    const { rows, records } = await withTenant(app.db, tenantId, (tx) =>
      listOutboxMails(tx, tenantId, { limit: page.size, offset: page.offset }),
    );
    const { meta, links } = paginate(request, page, records);
    return sendDocument(reply, serialize(mailResource, rows, { meta, links }));
  });
}
