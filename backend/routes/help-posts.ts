import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  HELP_POST_CATEGORIES,
  HELP_POST_EVENTS,
  HELP_POST_KINDS,
  HELP_POST_LIMITS,
  type THelpPostEvent,
} from "../../lib/contract/help-posts";
import { siteOrigin } from "../auth/redirect-url";
import type { AppDb } from "../db/client";
import { helpPosts } from "../db/schema";
import { placeOfPost } from "../domain/help-grid";
import { badRequest, notFound } from "../errors";
import { createGeocoder, type Geocoder } from "../geo";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import {
  attributesBody,
  documentQuery,
  listQuery,
  pathParams,
  refineReader,
  ZPathId,
} from "../http/inputs";
import { notifyHelpPostHidden } from "../jobs/notify-help-post";
import { stringParam } from "../jsonapi/query";
import { serialize, type TResource } from "../jsonapi/serializer";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import {
  authorize,
  can,
  moderatesHelp,
  type TActor,
  type THelpPostFacts,
} from "../policies/policy";
import { helpPostThreads as answeredThreads } from "../queries/conversations";
import {
  expiryFrom,
  findHelpPost,
  insertHelpPost,
  listHelpPosts,
  postsArePublic,
  type THelpPostRow,
  tenantCentreIds,
  updateHelpPost,
} from "../queries/help-posts";
import { answerHelpPost } from "../services/conversations";
import {
  INCLUDABLE as CONVERSATION_INCLUDABLE,
  conversationResource,
  ownThread,
  present as presentConversation,
  ZMessageInput,
} from "./conversations";

/**
 * /api/v1/help_posts (docs/peer-help.md): residents ask each other for help or offer it,
 * where the tenant has peer help (elsewhere every request is a 404). A post's place is only
 * ever its ~500 m grid cell: `latitude`/`longitude` are the cell's centre, `distance_km` is
 * measured from it, and the exact point is never read back.
 */

export const helpPostResource: TResource = {
  type: "help_post",
  attributes: [
    "kind",
    "category",
    "title",
    "body",
    "timing",
    "city",
    "latitude",
    "longitude",
    "distanceKm",
    "status",
    "expiresAt",
    "posterFirstName",
    "mine",
    "allowedEvents",
    "hiddenReason",
    "myConversationId",
    "createdAt",
    "updatedAt",
  ],
};

// A map shows every point of the area at once: a bigger page than the other lists.
const PAGE_LIMITS = { defaultSize: 25, maxSize: 500 };
const PLACE_MAX = 100;
const ZIdParams = z.object({ id: ZPathId });

const noNul = (value: string) => !value.includes("\u0000");
const text = (max: number, min = 0) =>
  z.string().trim().min(min).max(max).refine(noNul, { message: "is invalid" });

const ZCreate = z.object({
  kind: z.enum(HELP_POST_KINDS),
  category: z.enum(HELP_POST_CATEGORIES),
  title: text(HELP_POST_LIMITS.title, 1),
  body: text(HELP_POST_LIMITS.body).default(""),
  timing: text(HELP_POST_LIMITS.timing).default(""),
  place: text(PLACE_MAX, 1),
});
const ZUpdate = ZCreate.partial();
const ZTransition = z.object({
  event: z.enum(HELP_POST_EVENTS),
  reason: text(HELP_POST_LIMITS.hiddenReason).optional(),
});

const TYPES = ["help_posts", "help_post"];

const listReader = refineReader(
  listQuery({
    resource: helpPostResource,
    filter: { kind: helpPosts.kind, category: helpPosts.category },
    onlyFilters: [
      "kind_eq",
      "category_eq",
      "category_in",
      "mine",
      "near",
      "radius_km",
      "moderation",
    ],
    filterEnums: { kind: HELP_POST_KINDS, category: HELP_POST_CATEGORIES },
    extraFilters: ["mine", "near", "radius_km", "moderation"],
    sort: { distance: helpPosts.id },
    page: PAGE_LIMITS,
  }),
  (list) => {
    const flag = (name: string) => {
      const value = stringParam(list.extra, name);
      if (value !== undefined && !["true", "false"].includes(value)) {
        throw badRequest(`'${value}' is not a valid value for filter[${name}]`, `filter[${name}]`);
      }
      return value === "true";
    };
    const near = stringParam(list.extra, "near")?.trim() || undefined;
    if (near !== undefined && near.length > PLACE_MAX) {
      throw badRequest(`filter[near] is longer than ${PLACE_MAX} characters`, "filter[near]");
    }
    const rawRadius = stringParam(list.extra, "radius_km");
    const radius = rawRadius === undefined ? 5 : Number(rawRadius);
    if (!Number.isInteger(radius) || radius < 1 || radius > HELP_POST_LIMITS.radiusKm) {
      throw badRequest(
        `filter[radius_km] must be a whole number from 1 to ${HELP_POST_LIMITS.radiusKm}`,
        "filter[radius_km]",
      );
    }
    const sort = (list.raw as Record<string, unknown>).sort;
    if (sort !== undefined && sort !== "distance") {
      throw badRequest("sort can only be distance", "sort");
    }
    const sortByDistance = sort === "distance";
    if (sortByDistance && near === undefined) {
      throw badRequest("sort=distance needs filter[near]", "sort");
    }
    return {
      ...list,
      mine: flag("mine"),
      moderation: flag("moderation"),
      near,
      radiusKm: radius,
      sortByDistance,
    };
  },
);

const origin = (request: FastifyRequest) =>
  siteOrigin(request, request.server.config.REDIRECT_HOSTS);

function requirePeerHelp(tenant: FastifyRequest["tenant"]) {
  if (!tenant.peerHelp) throw notFound();
}

function factsOf(
  row: THelpPostRow,
  publicRead: boolean,
  centreIds: readonly number[],
  event?: THelpPostEvent,
): THelpPostFacts & { event: THelpPostEvent } {
  return {
    posterId: row.userId,
    live: row.status === "open",
    hidden: row.status === "hidden",
    publicRead,
    centreIds,
    event: event ?? "close",
  };
}

/** Which events the caller may send now: what the policy allows from the post's status. */
function allowedEvents(actor: TActor, row: THelpPostRow, base: THelpPostFacts): THelpPostEvent[] {
  const possible: THelpPostEvent[] =
    row.status === "open"
      ? ["close", "hide"]
      : row.status === "hidden"
        ? ["reopen"]
        : ["reopen", "hide"];
  return possible.filter((event) => can(actor, "help_posts.transition", { ...base, event }));
}

/**
 * The post as the caller may see it: the hiding reason only for its poster and moderators,
 * and the caller's own thread with its poster if they answered it.
 */
function present(
  actor: TActor,
  row: THelpPostRow,
  base: THelpPostFacts,
  threads: ReadonlyMap<number, number> = new Map(),
) {
  const mine = actor !== null && actor.id === row.userId;
  const events = allowedEvents(actor, row, base);
  const moderator = events.includes("hide") || (row.status === "hidden" && events.length > 0);
  return {
    ...row,
    latitude: row.cellLatitude,
    longitude: row.cellLongitude,
    distanceKm: row.distanceKm === null ? null : Math.round(row.distanceKm * 10) / 10,
    mine,
    allowedEvents: events,
    hiddenReason: mine || moderator ? row.hiddenReason : null,
    myConversationId: threads.get(row.id) ?? null,
  };
}

/** Where the typed place is, as a post keeps it; or the 422 that says it is unknown. */
async function locate(geocoder: Geocoder, place: string, pointer = "place") {
  const found = await geocoder.resolve(place);
  if (!found) {
    throw unprocessable([invalidAttribute([pointer], "is not a place we know", "unknown_place")]);
  }
  return placeOfPost(found);
}

type TCtx = { tx: AppDb; tenant: FastifyRequest["tenant"]; volunteerCenterId: number | null };

async function context({ tx, tenant, volunteerCenterId }: TCtx) {
  requirePeerHelp(tenant);
  const [publicRead, centreIds] = [
    await postsArePublic(tx, tenant.id, volunteerCenterId),
    await tenantCentreIds(tx, tenant.id),
  ];
  return { publicRead, centreIds };
}

/** The post, if the caller may read it; a 404 otherwise, whatever the reason. */
async function readable(ctx: TCtx & { actor: TActor }, id: number) {
  const scope = await context(ctx);
  const row = await findHelpPost(ctx.tx, ctx.tenant.id, id, new Date());
  if (!row) throw notFound();
  const base = factsOf(row, scope.publicRead, scope.centreIds);
  if (!can(ctx.actor, "help_posts.read", base)) {
    // Signed out, the answer is "sign in" (401) as on every other route; signed in, a post
    // one may not read does not exist for them.
    if (ctx.actor === null) authorize(ctx.actor, "help_posts.read", base);
    throw notFound();
  }
  return { row, base };
}

export async function helpPostRoutes(app: FastifyInstance) {
  const geocoder = createGeocoder(app.config, (error) =>
    app.log.warn({ err: error }, "geocoder failed; answered from the bundled places"),
  );

  defineRoute(app, {
    method: "GET",
    url: "/help_posts",
    summary: "Peer-help requests and offers: the live ones, the caller's own, or all to moderators",
    auth: "optional",
    query: listReader,
    load: (ctx) => context(ctx),
    action: "help_posts.list",
    facts: (_ctx, scope) => ({ publicRead: scope.publicRead }),
    response: { resource: helpPostResource, many: true },
    handler: async ({ tx, tenant, actor, query, request }, scope) => {
      const now = new Date();
      const moderator = moderatesHelp(actor, scope.centreIds);
      if (query.mine && actor === null)
        throw badRequest("filter[mine] needs a signed-in user", "filter[mine]");
      if (query.moderation && !moderator) {
        throw badRequest("filter[moderation] is for the centre's admins", "filter[moderation]");
      }
      const near = query.near ? await geocoder.resolve(query.near) : null;
      if (query.near && !near) {
        throw badRequest(`'${query.near}' is not a place we know`, "filter[near]");
      }
      const { rows, total } = await listHelpPosts(tx, {
        tenantId: tenant.id,
        now,
        scope: query.mine
          ? { kind: "mine", userId: (actor as NonNullable<TActor>).id }
          : query.moderation
            ? { kind: "all" }
            : { kind: "live" },
        where: query.where ? [query.where] : [],
        near: near ? { ...near, radiusKm: query.radiusKm } : null,
        sortByDistance: query.sortByDistance,
        limit: query.page.size,
        offset: query.page.offset,
      });
      const threads = actor
        ? await answeredThreads(
            tx,
            tenant.id,
            actor.id,
            rows.map((r) => r.id),
          )
        : new Map<number, number>();
      const data = rows.map((row) =>
        present(actor, row, factsOf(row, scope.publicRead, scope.centreIds), threads),
      );
      return listDocument(request, helpPostResource, query, data, total);
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/help_posts/:id",
    summary: "One peer-help post",
    auth: "optional",
    params: pathParams(ZIdParams),
    query: documentQuery(helpPostResource),
    load: (ctx) => readable(ctx, ctx.params.id),
    action: "help_posts.read",
    facts: (_ctx, { base }) => base,
    response: { resource: helpPostResource, many: false },
    handler: async ({ tx, tenant, actor, query }, { row, base }) => {
      const threads = actor
        ? await answeredThreads(tx, tenant.id, actor.id, [row.id])
        : new Map<number, number>();
      return serialize(helpPostResource, present(actor, row, base, threads), query);
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/help_posts/:id/conversations",
    summary: "Answer a live post: starts a conversation with its poster, or continues the caller's",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    query: documentQuery(conversationResource, CONVERSATION_INCLUDABLE),
    body: attributesBody(ZMessageInput, { types: ["conversations", "conversation"] }),
    load: (ctx) => readable(ctx, ctx.params.id),
    action: "help_posts.answer",
    facts: (_ctx, { base }) => base,
    status: 201,
    response: { resource: conversationResource, many: false },
    // 201 either way: every answer creates a message; the document is its thread.
    handler: async ({ tx, tenant, actor, body, query, request }, { row }) => {
      const { conversation } = await answerHelpPost(tx, {
        tenantId: tenant.id,
        post: { id: row.id, userId: row.userId, title: row.title },
        authorId: actor.id,
        body: body.body,
        origin: origin(request),
      });
      const thread = await ownThread(tx, tenant.id, actor, conversation.id);
      const data = await presentConversation(tx, tenant.id, actor, thread, query.include);
      return serialize(conversationResource, data, query);
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/help_posts",
    summary: "Post a request for help or an offer of it",
    auth: "signed_in",
    query: documentQuery(helpPostResource),
    body: attributesBody(ZCreate, { types: TYPES }),
    bodyAfterPolicy: true,
    load: (ctx) => context(ctx),
    action: "help_posts.create",
    facts: () => ({}),
    status: 201,
    response: { resource: helpPostResource, many: false },
    handler: async ({ tx, tenant, actor, body, query }, scope) => {
      const { place, ...attributes } = body;
      const where = await locate(geocoder, place);
      const id = await insertHelpPost(tx, {
        ...attributes,
        ...where,
        tenantId: tenant.id,
        userId: actor.id,
        expiresAt: expiryFrom(new Date()),
      });
      const row = await findHelpPost(tx, tenant.id, id, new Date());
      if (!row) throw notFound();
      return serialize(
        helpPostResource,
        present(actor, row, factsOf(row, scope.publicRead, scope.centreIds)),
        query,
      );
    },
  });

  defineRoute(app, {
    method: "PATCH",
    url: "/help_posts/:id",
    summary: "Change one's own peer-help post",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    query: documentQuery(helpPostResource),
    body: attributesBody(ZUpdate, { types: TYPES, idParam: "id" }),
    load: (ctx) => readable(ctx, ctx.params.id),
    action: "help_posts.update",
    facts: (_ctx, { base }) => base,
    response: { resource: helpPostResource, many: false },
    handler: async ({ tx, tenant, actor, body, query, params }, { base }) => {
      const { place, ...attributes } = body;
      const where = place === undefined ? {} : await locate(geocoder, place);
      await updateHelpPost(tx, tenant.id, params.id, { ...attributes, ...where });
      const row = await findHelpPost(tx, tenant.id, params.id, new Date());
      if (!row) throw notFound();
      return serialize(helpPostResource, present(actor, row, base), query);
    },
  });

  defineRoute(app, {
    method: "PUT",
    url: "/help_posts/:id/transition",
    summary: "Close or reopen one's own post; hide or show a post (the centre's admins)",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    query: documentQuery(helpPostResource),
    body: attributesBody(ZTransition, { types: TYPES, idParam: "id" }),
    load: (ctx) => readable(ctx, ctx.params.id),
    action: "help_posts.transition",
    facts: ({ body }, { base }) => ({ ...base, event: body.event }),
    response: { resource: helpPostResource, many: false },
    handler: async ({ tx, tenant, actor, body, query, params, request }, { row, base }) => {
      const now = new Date();
      const refuse = () =>
        unprocessable([
          {
            detail: `Event ${body.event} is not possible from status ${row.status}`,
            code: "invalid_transition",
            source: { pointer: "/data/attributes/event" },
          },
        ]);
      if (body.event === "close") {
        if (row.status !== "open" && row.status !== "expired") throw refuse();
        await updateHelpPost(tx, tenant.id, params.id, { status: "closed", closedAt: now });
      } else if (body.event === "reopen") {
        if (row.status === "open") throw refuse();
        await updateHelpPost(
          tx,
          tenant.id,
          params.id,
          row.status === "hidden"
            ? { status: "open", hiddenAt: null, hiddenById: null, hiddenReason: null }
            : { status: "open", closedAt: null, expiresAt: expiryFrom(now) },
        );
      } else {
        if (row.status === "hidden") throw refuse();
        if (!body.reason) {
          throw unprocessable([invalidAttribute(["reason"], "can't be blank", "blank")]);
        }
        await updateHelpPost(tx, tenant.id, params.id, {
          status: "hidden",
          hiddenAt: now,
          hiddenById: actor.id,
          hiddenReason: body.reason,
        });
        await notifyHelpPostHidden(tx, tenant.id, {
          helpPostId: params.id,
          origin: origin(request),
          hiddenAt: now,
        });
      }
      const updated = await findHelpPost(tx, tenant.id, params.id, now);
      if (!updated) throw notFound();
      return serialize(
        helpPostResource,
        present(actor, updated, {
          ...base,
          live: updated.status === "open",
          hidden: updated.status === "hidden",
        }),
        query,
      );
    },
  });
}
