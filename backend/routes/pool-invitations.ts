import { eq, type SQL } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  POOL_INVITATION_EVENTS,
  POOL_INVITATION_STATUSES,
  type TPoolInvitationEvent,
  ZPoolInvitationInput,
} from "../../lib/contract/pool";
import { siteOrigin } from "../auth/redirect-url";
import type { AppDb } from "../db/client";
import { poolInvitations, users } from "../db/schema";
import { AppError, forbidden, notFound } from "../errors";
import { answer as routeAnswer } from "../http/answer";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { attributesBody, listQuery, pathParams, resourceBody, ZPathId } from "../http/inputs";
import { errorDocument } from "../jsonapi/errors";
import { serialize, type TResource } from "../jsonapi/serializer";
import { unprocessable } from "../jsonapi/validation";
import { managedDeskIds, searchesWholePool, type TActor } from "../policies/policy";
import {
  centerIdsOf,
  deskIdsOfVolunteer,
  desksWithCenters,
  findInvitation,
  listInvitationsOf,
  type TInvitationRow,
  vacancyOfTenant,
} from "../queries/pool-invitations";
import { answer, invite, vacancyClosedItem } from "../services/pool-invitations";

/**
 * /api/v1/pool_invitations (docs/volunteer-pool.md). A centre's staff (instance admins and
 * members; superadmins) ask a volunteer of the pool for one of the centre's open vacancies,
 * a desk manager one of their desk's volunteers for one of the desk's centre's (POST); the volunteer reads their invitations (GET, only ever their own) and accepts or
 * declines one (PUT …/transition). An invitation is the invited volunteer's to answer: to
 * anyone else it is a 404. 404 throughout where the tenant has no volunteer profiles.
 */

export const poolInvitationResource: TResource = {
  type: "pool_invitation",
  attributes: [
    "status",
    "message",
    "vacancyId",
    "vacancyTitle",
    "volunteerCenterId",
    "centerName",
    "userId",
    "conversationId",
    "applicationId",
    "allowedEvents",
    "answeredAt",
    "createdAt",
    "updatedAt",
  ],
};

const TYPES = ["pool_invitations", "pool_invitation"];
const ZIdParams = z.object({ id: ZPathId });
const ZTransitionInput = z.object({ event: z.enum(POOL_INVITATION_EVENTS) });

const origin = (request: FastifyRequest) =>
  siteOrigin(request, request.server.config.REDIRECT_HOSTS);

const present = (row: TInvitationRow, actor: NonNullable<TActor>) => ({
  ...row,
  allowedEvents:
    row.status === "pending" && row.userId === actor.id ? [...POOL_INVITATION_EVENTS] : [],
});

const notInPool = () =>
  unprocessable([
    {
      detail: "Volunteer must be in the volunteer pool",
      code: "not_in_pool",
      source: { pointer: "/data/relationships/volunteer" },
    },
  ]);

function requireProfiles(tenant: { volunteerProfiles: boolean }) {
  if (!tenant.volunteerProfiles) throw notFound();
}

/** The invitation, if it is the caller's own; a 404 otherwise, whatever the reason. */
async function ownInvitation(
  tx: AppDb,
  tenant: { id: number; volunteerProfiles: boolean },
  actor: NonNullable<TActor>,
  id: number,
): Promise<TInvitationRow> {
  requireProfiles(tenant);
  const row = await findInvitation(tx, tenant.id, id);
  if (!row || row.userId !== actor.id) throw notFound();
  return row;
}

const listReader = listQuery({
  resource: poolInvitationResource,
  filter: { status: poolInvitations.status, conversation_id: poolInvitations.conversationId },
  onlyFilters: ["status_eq", "status_in", "conversation_id_eq"],
  filterEnums: { status: POOL_INVITATION_STATUSES },
  page: { defaultSize: 25, maxSize: 100 },
});

const motivationOf = (event: TPoolInvitationEvent, locale: string | null, center: string) =>
  event === "accept"
    ? locale === "en"
      ? `Accepted the invitation of ${center}.`
      : `Uitnodiging van ${center} geaccepteerd.`
    : "";

export async function poolInvitationRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "POST",
    url: "/pool_invitations",
    summary: "Invite a volunteer of the pool for one of the centre's open vacancies",
    auth: "signed_in",
    body: resourceBody(ZPoolInvitationInput, {
      types: TYPES,
      relationships: {
        volunteer: {
          types: ["volunteers", "volunteer", "users", "user"],
          kind: "one",
          required: true,
        },
        vacancy: { types: ["vacancies", "vacancy"], kind: "one", required: true },
      },
    }),
    load: async ({ tx, tenant, actor, body }) => {
      requireProfiles(tenant);
      // Only those who may ask anyone (a centre's staff, superadmins) or their desks'
      // volunteers (a desk manager) learn anything about the vacancy they name.
      const wholePool = searchesWholePool(actor, await centerIdsOf(tx, tenant.id));
      const managed = managedDeskIds(actor);
      if (!wholePool && managed.length === 0) throw forbidden();
      const vacancy = await vacancyOfTenant(tx, tenant.id, body.relationships.vacancy);
      // A draft is nobody's business yet: it reads as a vacancy that does not exist.
      if (!vacancy || vacancy.status === "draft") {
        throw unprocessable([
          {
            detail: "Vacancy must exist",
            code: "blank",
            source: { pointer: "/data/relationships/vacancy" },
          },
        ]);
      }
      const volunteerDeskIds = await deskIdsOfVolunteer(
        tx,
        tenant.id,
        body.relationships.volunteer,
        vacancy.volunteerCenterId,
      );
      if (!wholePool) {
        // A desk manager asks for the vacancies of the centre that runs their desk, and only
        // their desk's volunteers: anyone else is not in their pool, and answers exactly as
        // someone who never opted in does, so the refusal tells them nothing about that person.
        const desks = await desksWithCenters(tx, tenant.id, managed);
        if (!desks.some((d) => d.volunteerCenterId === vacancy.volunteerCenterId))
          throw forbidden();
        if (!volunteerDeskIds.some((id) => managed.includes(id))) throw notInPool();
      }
      return { vacancy, volunteerDeskIds };
    },
    action: "pool_invitations.create",
    facts: (_ctx, { vacancy, volunteerDeskIds }) => ({
      volunteerCenterId: vacancy.volunteerCenterId,
      volunteerDeskIds,
    }),
    status: 201,
    response: { resource: poolInvitationResource, many: false },
    handler: async ({ tx, tenant, actor, body, request }, { vacancy }) => {
      const [volunteer] = await tx
        .select({ id: users.id, locale: users.locale, tenantId: users.tenantId })
        .from(users)
        .where(eq(users.id, body.relationships.volunteer));
      if (!volunteer || volunteer.tenantId !== tenant.id) throw notInPool();
      const row = await invite(tx, {
        tenantId: tenant.id,
        actor,
        vacancy,
        volunteerId: volunteer.id,
        volunteerLocale: volunteer.locale,
        message: body.attributes.message,
        origin: origin(request),
      });
      const found = await findInvitation(tx, tenant.id, row.id);
      if (!found) throw notFound();
      return serialize(poolInvitationResource, present(found, actor), {});
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/pool_invitations",
    summary: "The caller's own invitations from the pool, newest first",
    auth: "signed_in",
    query: listReader,
    load: async ({ tenant }) => requireProfiles(tenant),
    action: "pool_invitations.list",
    facts: ({ actor }) => ({ userId: actor.id }),
    response: { resource: poolInvitationResource, many: true },
    handler: async ({ tx, tenant, actor, query, request }) => {
      const { rows, records } = await listInvitationsOf(tx, tenant.id, actor.id, {
        where: query.where as SQL | undefined,
        limit: query.page.size,
        offset: query.page.offset,
      });
      const data = rows.map((row) => present(row, actor));
      return listDocument(request, poolInvitationResource, query, data, records);
    },
  });

  defineRoute(app, {
    method: "PUT",
    url: "/pool_invitations/:id/transition",
    summary: "Accept (an application is made) or decline an invitation",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    body: attributesBody(ZTransitionInput, { types: TYPES, idParam: "id" }),
    load: ({ tx, tenant, actor, params }) => ownInvitation(tx, tenant, actor, params.id),
    action: "pool_invitations.transition",
    facts: (_ctx, row) => ({ userId: row.userId }),
    response: { resource: poolInvitationResource, many: false },
    handler: async ({ tx, tenant, actor, body, request, session }, row) => {
      const vacancy = await vacancyOfTenant(tx, tenant.id, row.vacancyId);
      if (!vacancy) throw notFound();
      const result = await answer(tx, {
        tenantId: tenant.id,
        actor,
        row,
        vacancy,
        event: body.event,
        motivation: motivationOf(body.event, session.user.locale, row.centerName),
        origin: origin(request),
      });
      if (!result.ok) {
        // The vacancy closed first: the invitation is withdrawn (committed), and the answer
        // says why the accept did not happen.
        return routeAnswer(
          422,
          errorDocument(
            new AppError("unprocessable_entity", vacancyClosedItem.detail, {
              items: [vacancyClosedItem],
            }),
          ),
        );
      }
      const found = await findInvitation(tx, tenant.id, result.row.id);
      if (!found) throw notFound();
      return serialize(poolInvitationResource, present(found, actor), {});
    },
  });
}
