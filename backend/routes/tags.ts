import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { TAG_LIMITS, TAG_SLUG_PATTERN, TAG_STATUSES } from "../../lib/contract/tags";
import { hasRoleIn } from "../auth/roles";
import type { AppDb } from "../db/client";
import { AppError, badRequest, notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import {
  attributesBody,
  listQuery,
  pathParams,
  refineReader,
  resourceBody,
  ZPathId,
} from "../http/inputs";
import { stringParam } from "../jsonapi/query";
import { serialize, type TResource } from "../jsonapi/serializer";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import type { TActor } from "../policies/policy";
import { recordAudit } from "../queries/audit-events";
import { tenantCentreIds } from "../queries/help-posts";
import {
  deleteTag,
  findTag,
  insertTag,
  listTagsPage,
  mergeTag,
  type TTagWithUse,
  tagSlugTaken,
  uniqueTagSlug,
  updateTag,
} from "../queries/tags";

/**
 * /api/v1/tags (docs/tags.md): the tenant's tag vocabulary. The GET is public and lists
 * the tags on offer (not archived) by name, as it always did, for the vacancy search's
 * form, the profile's interests and the pool's filter; `filter[scope]=all` adds the
 * archived ones and how much each is used, for those who manage the vocabulary (policy
 * tags.list). Centre admins of the tenant and superadmins create, rename, archive, merge
 * and delete tags (policy tags.manage); each change is in the audit log.
 */

/** What every tag answers, wherever it is included: the public shape plus `name_en`, `archived`. */
export const tagResource: TResource = {
  type: "tag",
  attributes: ["name", "slug", "nameEn", "archived"],
};

/** The back office's view: when it was archived, and how much it is used. */
export const managedTagResource: TResource = {
  type: "tag",
  attributes: [
    "name",
    "slug",
    "nameEn",
    "archived",
    "archivedAt",
    "vacancyCount",
    "organizationCount",
    "interestCount",
  ],
};

const TYPES = ["tags", "tag"];
const ZIdParams = z.object({ id: ZPathId });
const SCOPES = ["public", "all"] as const;

const blankAsNull = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? null : value;
const ZName = z.string().trim().min(1).max(TAG_LIMITS.nameMax);
const ZNameEn = z.preprocess(blankAsNull, z.string().trim().max(TAG_LIMITS.nameMax).nullish());
// Blank: made from the Dutch name.
const ZSlug = z.preprocess(
  blankAsNull,
  z
    .string()
    .trim()
    .max(TAG_LIMITS.slugMax)
    .regex(TAG_SLUG_PATTERN, { message: "may hold only a-z, 0-9 and single dashes" })
    .nullish(),
);

const ZNewTag = z.object({ name: ZName, name_en: ZNameEn, slug: ZSlug }).strict();
const ZTagChanges = z
  .object({
    name: ZName.optional(),
    name_en: ZNameEn,
    slug: ZSlug,
    archived: z.boolean().optional(),
  })
  .strict();

const listReader = refineReader(
  listQuery({
    resource: managedTagResource,
    extraFilters: ["scope", "status", "q"],
    onlyFilters: ["scope", "status", "q"],
    page: { defaultSize: 100, maxSize: 1000 },
  }),
  (list) => {
    if (list.orderBy.length > 0) throw badRequest("sort is not a parameter of this list", "sort");
    const scope = stringParam(list.extra, "scope") ?? "public";
    if (!(SCOPES as readonly string[]).includes(scope)) {
      throw badRequest(`'${scope}' is not a valid value for filter[scope]`, "filter[scope]");
    }
    const status = stringParam(list.extra, "status");
    if (status !== undefined && !(TAG_STATUSES as readonly string[]).includes(status)) {
      throw badRequest(`'${status}' is not a valid value for filter[status]`, "filter[status]");
    }
    if (status !== undefined && scope !== "all") {
      throw badRequest("filter[status] needs filter[scope]=all", "filter[status]");
    }
    const q = stringParam(list.extra, "q");
    if (q !== undefined && q.length > 200) {
      throw badRequest("filter[q] is longer than 200 characters", "filter[q]");
    }
    return {
      ...list,
      all: scope === "all",
      status: status as (typeof TAG_STATUSES)[number] | undefined,
      q,
    };
  },
);

const slugTaken = () =>
  unprocessable([invalidAttribute(["slug"], "has already been taken", "taken")]);

function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * The centre an audit entry of the vocabulary is filed under, so that its admins read it:
 * the first of the tenant's centres the caller administers, else (a superadmin) the site's.
 */
function auditCentre(
  actor: NonNullable<TActor>,
  centreIds: readonly number[],
  siteCentreId: number | null,
): number | null {
  const own = [...centreIds]
    .sort((a, b) => a - b)
    .find((id) => hasRoleIn(actor.roles, "admin", { type: "Organization", id }));
  return own ?? siteCentreId;
}

/** The tag of the tenant named by the path, with the tenant's centres; a 404 otherwise. */
async function loadTag(tx: AppDb, tenantId: number, id: number) {
  const tag = await findTag(tx, tenantId, id);
  if (!tag) throw notFound();
  return { tag, centreIds: await tenantCentreIds(tx, tenantId) };
}

/** The tag's label in the audit log: its Dutch name. */
const subject = (tag: Pick<TTagWithUse, "id" | "name">) => ({
  type: "Tag" as const,
  id: tag.id,
  label: tag.name,
});

export async function tagRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/tags",
    summary: "The tenant's tags by name; filter[scope]=all: archived ones too, with their use",
    auth: "optional",
    query: listReader,
    load: async ({ tx, tenant, query }) =>
      query.all ? await tenantCentreIds(tx, tenant.id) : ([] as number[]),
    action: "tags.list",
    facts: ({ query }, centreIds) => ({ all: query.all, centreIds }),
    response: { resource: managedTagResource, many: true },
    handler: async ({ tx, tenant, query, request }) => {
      const { rows, records } = await listTagsPage(tx, tenant.id, {
        all: query.all,
        status: query.status,
        q: query.q,
        limit: query.page.size,
        offset: query.page.offset,
      });
      const resource = query.all ? managedTagResource : tagResource;
      return listDocument(request, resource, query, rows, records);
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/tags",
    summary: "Add a tag to the tenant's vocabulary",
    auth: "signed_in",
    body: attributesBody(ZNewTag, { types: TYPES }),
    load: async ({ tx, tenant }) => tenantCentreIds(tx, tenant.id),
    action: "tags.manage",
    facts: (_ctx, centreIds) => ({ centreIds }),
    status: 201,
    response: { resource: managedTagResource, many: false },
    handler: async ({ tx, tenant, actor, body, volunteerCenterId }, centreIds) => {
      if (body.slug && (await tagSlugTaken(tx, tenant.id, body.slug))) throw slugTaken();
      const slug = body.slug ?? (await uniqueTagSlug(tx, tenant.id, body.name));
      let id: number;
      try {
        id = await insertTag(tx, tenant.id, {
          name: body.name,
          nameEn: body.name_en ?? null,
          slug,
        });
      } catch (error) {
        // Two requests raced for one slug: the unique index decided; the throw rolls back.
        if (isUniqueViolation(error)) throw slugTaken();
        throw error;
      }
      const tag = await findTag(tx, tenant.id, id);
      if (!tag) throw notFound();
      await recordAudit(tx, {
        tenantId: tenant.id,
        actorId: actor.id,
        action: "tag_created",
        subject: subject(tag),
        volunteerCenterId: auditCentre(actor, centreIds, volunteerCenterId),
        details: { slug: tag.slug },
      });
      return serialize(managedTagResource, tag);
    },
  });

  defineRoute(app, {
    method: "PATCH",
    url: "/tags/:id",
    summary: "Rename a tag, change its slug, archive it or bring it back",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    body: attributesBody(ZTagChanges, { types: TYPES, idParam: "id" }),
    load: ({ tx, tenant, params }) => loadTag(tx, tenant.id, params.id),
    action: "tags.manage",
    facts: (_ctx, { centreIds }) => ({ centreIds }),
    response: { resource: managedTagResource, many: false },
    handler: async ({ tx, tenant, actor, body, params, volunteerCenterId }, loaded) => {
      const { tag, centreIds } = loaded;
      const name = body.name ?? tag.name;
      let slug = tag.slug;
      if (body.slug !== undefined) {
        slug = body.slug ?? (await uniqueTagSlug(tx, tenant.id, name, tag.id));
        if (slug !== tag.slug && (await tagSlugTaken(tx, tenant.id, slug, tag.id))) {
          throw slugTaken();
        }
      }
      const nameEn = body.name_en === undefined ? tag.nameEn : body.name_en;
      const archived = body.archived ?? tag.archived;
      const changed = [
        ...(name !== tag.name ? ["name"] : []),
        ...(nameEn !== tag.nameEn ? ["name_en"] : []),
        ...(slug !== tag.slug ? ["slug"] : []),
        ...(archived !== tag.archived ? ["archived"] : []),
      ];
      // Nothing changes: no write and no audit entry (docs/audit-log.md).
      if (changed.length > 0) {
        try {
          await updateTag(tx, tenant.id, tag.id, {
            name,
            nameEn,
            slug,
            ...(archived !== tag.archived
              ? { archivedAt: archived ? app.authSettings.now() : null }
              : {}),
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw slugTaken();
          throw error;
        }
        await recordAudit(tx, {
          tenantId: tenant.id,
          actorId: actor.id,
          action: "tag_updated",
          subject: subject({ id: tag.id, name }),
          volunteerCenterId: auditCentre(actor, centreIds, volunteerCenterId),
          details: { changed },
        });
      }
      const updated = await findTag(tx, tenant.id, params.id);
      if (!updated) throw notFound();
      return serialize(managedTagResource, updated);
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/tags/:id/merge",
    summary:
      "Merge the tag into another: its vacancies, organisations and interests move, the tag goes",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    body: resourceBody(z.object({}).strict(), {
      types: TYPES,
      attributesOptional: true,
      relationships: { into: { types: TYPES, kind: "one", required: true } },
    }),
    load: ({ tx, tenant, params }) => loadTag(tx, tenant.id, params.id),
    action: "tags.manage",
    facts: (_ctx, { centreIds }) => ({ centreIds }),
    response: { resource: managedTagResource, many: false },
    handler: async ({ tx, tenant, actor, body, volunteerCenterId }, { tag, centreIds }) => {
      const intoId = body.relationships.into;
      const into = intoId === tag.id ? null : await findTag(tx, tenant.id, intoId);
      if (!into) {
        // Itself, or no tag of this tenant: nothing to merge into.
        throw unprocessable([
          {
            detail:
              intoId === tag.id ? "Into must be another tag" : "Into must be a tag of this site",
            code: intoId === tag.id ? "invalid" : "not_found",
            source: { pointer: "/data/relationships/into" },
          },
        ]);
      }
      await mergeTag(tx, tenant.id, tag.id, into.id);
      await recordAudit(tx, {
        tenantId: tenant.id,
        actorId: actor.id,
        action: "tag_merged",
        subject: subject(tag),
        volunteerCenterId: auditCentre(actor, centreIds, volunteerCenterId),
        details: {
          into_id: into.id,
          into_label: into.name,
          vacancies: tag.vacancyCount,
          organizations: tag.organizationCount,
          interests: tag.interestCount,
        },
      });
      const merged = await findTag(tx, tenant.id, into.id);
      if (!merged) throw notFound();
      return serialize(managedTagResource, merged);
    },
  });

  defineRoute(app, {
    method: "DELETE",
    url: "/tags/:id",
    summary: "Delete a tag nothing uses (else 409 in_use: archive or merge it)",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    load: ({ tx, tenant, params }) => loadTag(tx, tenant.id, params.id),
    action: "tags.manage",
    facts: (_ctx, { centreIds }) => ({ centreIds }),
    handler: async ({ tx, tenant, actor, volunteerCenterId }, { tag, centreIds }) => {
      if (tag.vacancyCount + tag.organizationCount + tag.interestCount > 0) {
        const detail = "The tag is still in use: archive it or merge it into another";
        throw new AppError("conflict", detail, {
          items: [
            {
              detail,
              code: "in_use",
              source: null,
              meta: {
                vacancy_count: tag.vacancyCount,
                organization_count: tag.organizationCount,
                interest_count: tag.interestCount,
              },
            },
          ],
        });
      }
      await deleteTag(tx, tenant.id, tag.id);
      await recordAudit(tx, {
        tenantId: tenant.id,
        actorId: actor.id,
        action: "tag_deleted",
        subject: subject(tag),
        volunteerCenterId: auditCentre(actor, centreIds, volunteerCenterId),
      });
      return null;
    },
  });
}
