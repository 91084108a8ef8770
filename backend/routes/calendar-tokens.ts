import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { siteOrigin } from "../auth/redirect-url";
import { tokenDigest } from "../auth/tokens";
import { personalFeed } from "../calendar/personal-feed";
import { notFound } from "../errors";
import { answer } from "../http/answer";
import { defineRoute } from "../http/define-route";
import { pathParams } from "../http/inputs";
import { serialize, type TResource } from "../jsonapi/serializer";
import { mailLocale } from "../mail/templates/layout";
import {
  calendarOwner,
  deleteCalendarToken,
  findCalendarToken,
  saveCalendarToken,
  useCalendarToken,
} from "../queries/calendar-tokens";
import { amsterdamToday } from "../queries/vacancies";

/**
 * The personal calendar address (docs/calendar-feed.md). /api/v1/calendar_tokens serves
 * the signed-in caller only (policy calendar_tokens.*): GET says whether an address exists
 * and since when, POST makes one or replaces it (the old one stops working) and is the only
 * answer that ever carries the address, DELETE revokes it. GET /api/v1/calendar/<token>.ics
 * is the feed itself, read by calendar apps without a session: the token is the proof, an
 * unknown or revoked token (another tenant's too) is a 404.
 */

export const calendarTokenResource: TResource = {
  type: "calendar_token",
  attributes: ["active", "url", "webcalUrl", "createdAt", "lastUsedAt"],
};

/** 32 random bytes as base64url: 43 characters. */
const TOKEN_BYTES = 32;
const ZFeedParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
/** How far back the feed still lists an event: a month of "what was that again". */
const FEED_PAST_DAYS = 30;
const DAY_MS = 86_400_000;

const feedPath = (token: string) => `/api/v1/calendar/${token}.ics`;
const origin = (request: FastifyRequest) =>
  siteOrigin(request, request.server.config.REDIRECT_HOSTS);

type TTokenRow = { userId: number; createdAt: Date; lastUsedAt: Date | null };

const present = (userId: number, row: TTokenRow | undefined, url: string | null = null) => ({
  id: userId,
  active: row !== undefined,
  url,
  webcalUrl: url ? url.replace(/^https?:/, "webcal:") : null,
  createdAt: row?.createdAt ?? null,
  lastUsedAt: row?.lastUsedAt ?? null,
});

export async function calendarTokenRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/calendar_tokens",
    summary: "Whether the caller has a calendar address, and since when (never the address)",
    auth: "signed_in",
    action: "calendar_tokens.read",
    facts: ({ actor }) => ({ userId: actor.id }),
    response: { resource: calendarTokenResource, many: false },
    handler: async ({ tx, tenant, actor }) => {
      const row = await findCalendarToken(tx, tenant.id, actor.id);
      return serialize(calendarTokenResource, present(actor.id, row));
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/calendar_tokens",
    summary: "Make or replace the caller's calendar address; the answer is the only one with it",
    auth: "signed_in",
    action: "calendar_tokens.manage",
    facts: ({ actor }) => ({ userId: actor.id }),
    status: 201,
    response: { resource: calendarTokenResource, many: false },
    handler: async ({ tx, tenant, actor, request }) => {
      const raw = randomBytes(TOKEN_BYTES).toString("base64url");
      const now = app.authSettings.now();
      const row = await saveCalendarToken(tx, tenant.id, actor.id, tokenDigest(raw), now);
      const site = origin(request);
      if (!site) request.log.warn("calendar address made without a link: the site is unknown");
      const url = site ? `${site}${feedPath(raw)}` : null;
      return serialize(calendarTokenResource, present(actor.id, row, url));
    },
  });

  defineRoute(app, {
    method: "DELETE",
    url: "/calendar_tokens",
    summary: "Revoke the caller's calendar address",
    auth: "signed_in",
    action: "calendar_tokens.manage",
    facts: ({ actor }) => ({ userId: actor.id }),
    handler: async ({ tx, tenant, actor }) => {
      await deleteCalendarToken(tx, tenant.id, actor.id);
      return null;
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/calendar/:token.ics",
    summary: "The personal calendar feed (iCalendar) of a calendar address; no session",
    auth: "public",
    params: pathParams(ZFeedParams),
    action: "calendar_feed.read",
    facts: () => ({}),
    contentType: "text/calendar; charset=utf-8",
    response: z.string(),
    handler: async ({ tx, tenant, params, request }) => {
      const now = app.authSettings.now();
      const used = await useCalendarToken(tx, tenant.id, tokenDigest(params.token), now);
      if (!used) throw notFound();
      const owner = await calendarOwner(tx, tenant.id, used.userId);
      // An archived account's address answers nothing, as if it were gone.
      if (!owner || owner.status === "archived") throw notFound();
      const locale = mailLocale(owner.locale);
      const site = origin(request);
      const body = await personalFeed({
        db: tx,
        tenantId: tenant.id,
        userId: used.userId,
        locale,
        origin: site,
        host: site ? new URL(site).host : `${tenant.slug}.volunteerly`,
        from: amsterdamToday(new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS)),
        siteName: tenant.name,
      });
      return answer(200, body, {
        contentType: "text/calendar; charset=utf-8",
        headers: {
          "content-disposition": 'inline; filename="agenda.ics"',
          // Personal: never in a shared cache; a calendar app polls anyway.
          "cache-control": "private, no-store",
        },
      });
    },
  });
}
