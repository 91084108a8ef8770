import { desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  CONTACT_HONEYPOT,
  ZContactMessageAttributes,
  ZContactMessageChanges,
} from "../../lib/contract/contact";
import { accountKey, consumeAll, sharedLimiters } from "../auth/rate-limit";
import { contactMessages } from "../db/schema";
import { AppError, notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { attributesBody, listQuery, pathParams, ZPathId } from "../http/inputs";
import { serialize, type TResource } from "../jsonapi/serializer";
import { unprocessable } from "../jsonapi/validation";
import { administeredCentres } from "../policies/policy";
import {
  centreContact,
  findContactMessage,
  listContactMessages,
} from "../queries/contact-messages";
import { tenantCentreIds } from "../queries/help-posts";
import {
  changeContactMessage,
  removeContactMessage,
  sendContactMessage,
} from "../services/contact-messages";

/**
 * Messages to a volunteer centre (spec §2 /contactformulier; docs/contact-form.md).
 * POST: any signed-in user writes to the site's centre (contact_messages.create); it counts
 * against the mail limits of backend/auth/rate-limit.ts per IP and per account, valid or
 * not, and a filled honeypot is answered as accepted while nothing is kept or mailed.
 * The rest is the centre's: its admins and superadmins list, read, mark and delete its
 * messages (contact_messages.list/read/update/delete); another tenant's id is a 404.
 */

export const contactMessageResource: TResource = {
  type: "contact_message",
  attributes: [
    "volunteerCenterId",
    "userId",
    "name",
    "email",
    "subject",
    "body",
    "locale",
    "readAt",
    "handledAt",
    "handledById",
    "createdAt",
    "updatedAt",
  ],
};

const TYPES = ["contact_messages", "contact_message"];
const ZIdParams = z.object({ id: ZPathId });

export const CONTACT_ACCEPTED_MESSAGE = "Your message has been sent.";
const ZAccepted = z.object({ meta: z.object({ message: z.string() }) });

const tooManyRequests = (seconds: number) =>
  new AppError("too_many_requests", "Too many attempts. Try again later.", {
    headers: { "retry-after": String(seconds) },
  });

const noCentre = () =>
  unprocessable([
    { source: { pointer: "" }, detail: "This site has no volunteer centre.", code: "invalid" },
  ]);

export async function contactMessageRoutes(app: FastifyInstance) {
  const limiters = sharedLimiters(app);
  const now = () => app.authSettings.now();

  defineRoute(app, {
    method: "POST",
    url: "/contact_messages",
    summary:
      "Send a message to the site's volunteer centre (mailed to it, confirmed to the sender)",
    auth: "signed_in",
    body: attributesBody(ZContactMessageAttributes, { types: TYPES }),
    action: "contact_messages.create",
    facts: () => ({}),
    status: 202,
    response: ZAccepted,
    handler: async ({ tx, tenant, request, session, volunteerCenterId, body }) => {
      const wait = await consumeAll([
        [limiters.mailPerIp, request.ip],
        [limiters.mailPerAccount, accountKey(tenant.id, session.user.email)],
      ]);
      if (wait !== null) throw tooManyRequests(wait);
      const accepted = { meta: { message: CONTACT_ACCEPTED_MESSAGE } };
      // A filled honeypot is a robot: the same answer, so it learns nothing; nothing kept.
      if (body[CONTACT_HONEYPOT]) {
        request.log.info("contact message dropped: honeypot filled");
        return accepted;
      }
      if (volunteerCenterId === null) throw noCentre();
      const centre = await centreContact(tx, tenant.id, volunteerCenterId);
      if (!centre) throw noCentre();
      const locale = body.locale ?? (session.user.locale === "en" ? "en" : "nl");
      const who = { tenantId: tenant.id, actorId: session.user.id, now: now(), locale };
      await sendContactMessage(tx, request, who, centre, body);
      return accepted;
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/contact_messages",
    summary: "The messages to the centres the caller administers, newest first",
    auth: "signed_in",
    query: listQuery({
      resource: contactMessageResource,
      filter: {
        id: contactMessages.id,
        volunteer_center_id: contactMessages.volunteerCenterId,
        read_at: contactMessages.readAt,
        handled_at: contactMessages.handledAt,
        created_at: contactMessages.createdAt,
        subject: contactMessages.subject,
        email: contactMessages.email,
      },
      sort: {
        created_at: contactMessages.createdAt,
        subject: contactMessages.subject,
        name: contactMessages.name,
      },
      defaultOrder: [desc(contactMessages.createdAt), desc(contactMessages.id)],
      tieBreaker: contactMessages.id,
    }),
    load: ({ tx, tenant }) => tenantCentreIds(tx, tenant.id),
    action: "contact_messages.list",
    facts: (_ctx, centerIds) => ({ centerIds }),
    response: { resource: contactMessageResource, many: true },
    handler: async ({ tx, tenant, actor, query, request }, centerIds) => {
      const { rows, records } = await listContactMessages(tx, tenant.id, {
        centerIds: administeredCentres(actor, centerIds),
        where: query.where,
        orderBy: query.orderBy,
        limit: query.page.size,
        offset: query.page.offset,
      });
      return listDocument(request, contactMessageResource, query, rows, records);
    },
  });

  const loadMessage = async ({
    tx,
    tenant,
    params,
  }: {
    tx: Parameters<typeof findContactMessage>[0];
    tenant: { id: number };
    params: { id: number };
  }) => {
    const message = await findContactMessage(tx, tenant.id, params.id);
    if (!message) throw notFound();
    return message;
  };

  defineRoute(app, {
    method: "GET",
    url: "/contact_messages/:id",
    summary: "One message to a centre the caller administers",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    load: loadMessage,
    action: "contact_messages.read",
    facts: (_ctx, message) => ({ volunteerCenterId: message.volunteerCenterId }),
    response: { resource: contactMessageResource, many: false },
    handler: async (_ctx, message) => serialize(contactMessageResource, message),
  });

  defineRoute(app, {
    method: "PATCH",
    url: "/contact_messages/:id",
    summary: "Mark a message read or unread, handled or not (handling is audited)",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    body: attributesBody(ZContactMessageChanges, { types: TYPES, idParam: "id" }),
    load: loadMessage,
    action: "contact_messages.update",
    facts: (_ctx, message) => ({ volunteerCenterId: message.volunteerCenterId }),
    response: { resource: contactMessageResource, many: false },
    handler: async ({ tx, tenant, actor, body }, message) => {
      const who = { tenantId: tenant.id, actorId: actor.id, now: now() };
      return serialize(contactMessageResource, await changeContactMessage(tx, who, message, body));
    },
  });

  defineRoute(app, {
    method: "DELETE",
    url: "/contact_messages/:id",
    summary: "Delete a message (audited)",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    load: loadMessage,
    action: "contact_messages.delete",
    facts: (_ctx, message) => ({ volunteerCenterId: message.volunteerCenterId }),
    status: 204,
    handler: async ({ tx, tenant, actor }, message) => {
      await removeContactMessage(
        tx,
        { tenantId: tenant.id, actorId: actor.id, now: now() },
        message,
      );
      return null;
    },
  });
}
