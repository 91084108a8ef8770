import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { sanitizeRichText } from "../../lib/rich-text/sanitize";
import type { AppDb } from "../db/client";
import { desks } from "../db/schema";
import { notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { attributesBody, documentQuery, listQuery, pathParams, ZPathId } from "../http/inputs";
import { deskAdminResource, deskResource } from "../jsonapi/resources";
import { serialize } from "../jsonapi/serializer";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import { administeredCentres } from "../policies/policy";
import type { TAddress, TAddressInput } from "../queries/addresses";
import { recordAudit, type TAuditInput } from "../queries/audit-events";
import { uniqueDeskSlug } from "../queries/desk-slug";
import {
  deleteDesk,
  deskSlugOwner,
  deskSlugTaken,
  findManagedDesk,
  insertDesk,
  listActiveDesks,
  listDesksOfCentres,
  saveDeskAddress,
  type TDeskChanges,
  type TManagedDesk,
  tenantOrganization,
  upcomingDeskActivities,
  updateDesk,
} from "../queries/desks";
import { tenantCentreIds } from "../queries/help-posts";

/**
 * /api/v1/meedoen/desks: the desks ('balies') at asylum-seeker centres (spec §3, §7).
 * GET is public: the meedoen site shows the active list to everyone (policy desks.list),
 * still only the tenant's desks. POST needs a signed-in superadmin or an admin of the
 * desk's volunteer centre (policy desks.create).
 *
 * The back office's own (docs/desks-admin.md): GET /meedoen/desks/all lists every desk of
 * the centres the caller administers, inactive ones too; PATCH and DELETE /meedoen/desks/:id
 * change and remove one (its centre's admins, superadmins; its managers the welcome text).
 */

const FILTERABLE = {
  azc_name: desks.azcName,
  slug: desks.slug,
  volunteer_center_id: desks.volunteerCenterId,
};
const SORTABLE = { azc_name: desks.azcName, slug: desks.slug, created_at: desks.createdAt };

const MAX_ID = 2 ** 31 - 1;
// JSON:API ids are strings; a plain number is accepted too.
const ZId = z.union([
  z.number().int().positive().max(MAX_ID),
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().positive().max(MAX_ID)),
]);
const ZNumeric = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?\d+(\.\d+)?$/)
        .transform(Number),
    ])
    .pipe(z.number().min(min).max(max));
const text = (max: number) => z.string().trim().max(max).nullish();
const blankAsMissing = (v: unknown) => (v === "" ? undefined : v);

export const ZDeskAddress = z.object({
  street: text(200),
  house_number: text(20),
  postal_code: text(20),
  city: text(100),
  country: z.string().trim().length(2).toUpperCase().optional(),
  latitude: ZNumeric(-90, 90).nullish(),
  longitude: ZNumeric(-180, 180).nullish(),
});

export const ZNewDesk = z.object({
  azc_name: z.string().trim().min(1).max(200),
  slug: z.preprocess(
    blankAsMissing,
    z
      .string()
      .max(80)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .optional(),
  ),
  volunteer_center_id: ZId,
  organization_id: z.preprocess(blankAsMissing, ZId.nullish()),
  email: z.preprocess(blankAsMissing, z.email().max(254).nullish()),
  phone: text(30),
  address: ZDeskAddress.nullish(),
});

const nullIfBlank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

/** PATCH: the fields of POST, each optional (null clears an optional one), and the welcome
 *  text. The body is HTML, sanitised before it is stored. */
export const ZDeskChanges = z.object({
  azc_name: z.string().trim().min(1).max(200).optional(),
  slug: z.preprocess(
    blankAsMissing,
    z
      .string()
      .max(80)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .optional(),
  ),
  volunteer_center_id: ZId.optional(),
  organization_id: z.preprocess(nullIfBlank, ZId.nullish()),
  email: z.preprocess(nullIfBlank, z.email().max(254).nullish()),
  phone: z.preprocess(nullIfBlank, text(30)),
  address: ZDeskAddress.optional(),
  welcome_title: z.preprocess(nullIfBlank, text(200)),
  welcome_body: z.string().max(50_000).nullish(),
});
type TDeskChangesInput = z.output<typeof ZDeskChanges>;

const WELCOME_KEYS = new Set(["welcome_title", "welcome_body"]);
/** Only the welcome text changes: what a desk's own managers may do. */
const welcomeOnly = (input: TDeskChangesInput) =>
  Object.entries(input).every(([key, value]) => value === undefined || WELCOME_KEYS.has(key));

const ZIdParams = z.object({ id: ZPathId });

/** Rails' belongs_to: "Volunteer center must exist", code 'required'. */
const mustExist = (attribute: string) =>
  unprocessable([invalidAttribute([attribute], "must exist", "required")]);

function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

const slugTaken = () =>
  unprocessable([invalidAttribute(["slug"], "has already been taken", "taken")]);

export async function deskRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/meedoen/desks",
    summary: "The tenant's active desks at asylum-seeker centres",
    auth: "public",
    query: listQuery({
      resource: deskResource,
      include: ["address"],
      filter: FILTERABLE,
      sort: SORTABLE,
    }),
    action: "desks.list",
    facts: () => ({}),
    response: { resource: deskResource, many: true },
    handler: async ({ tx, tenant, query, request }) => {
      const { include, fields, where, orderBy, page } = query;
      const { rows, records } = await listActiveDesks(tx, tenant.id, {
        where,
        orderBy,
        limit: page.size,
        offset: page.offset,
      });
      return listDocument(request, deskResource, { include, fields, page }, rows, records);
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/meedoen/desks",
    summary: "Create a desk for a volunteer centre",
    auth: "signed_in",
    body: attributesBody(ZNewDesk, { types: ["desks", "desk"] }),
    action: "desks.create",
    facts: ({ body }) => ({ volunteerCenterId: body.volunteer_center_id }),
    status: 201,
    response: { resource: deskResource, many: false },
    handler: async ({ tx, tenant, actor, body: input }) => {
      const tenantId = tenant.id;
      if (!(await tenantOrganization(tx, tenantId, input.volunteer_center_id, "VolunteerCenter"))) {
        throw mustExist("volunteer_center_id");
      }
      const organizationId = input.organization_id ?? null;
      if (organizationId !== null && !(await tenantOrganization(tx, tenantId, organizationId))) {
        throw mustExist("organization_id");
      }
      if (input.slug && (await deskSlugTaken(tx, tenantId, input.slug))) throw slugTaken();
      const slug = input.slug ?? (await uniqueDeskSlug(tx, tenantId, input.azc_name));
      const address = input.address
        ? {
            street: input.address.street ?? null,
            houseNumber: input.address.house_number ?? null,
            postalCode: input.address.postal_code ?? null,
            city: input.address.city ?? null,
            country: input.address.country ?? "NL",
            latitude: input.address.latitude ?? null,
            longitude: input.address.longitude ?? null,
          }
        : null;
      let desk: Awaited<ReturnType<typeof insertDesk>>;
      try {
        desk = await insertDesk(
          tx,
          tenantId,
          {
            azcName: input.azc_name,
            slug,
            volunteerCenterId: input.volunteer_center_id,
            organizationId,
            email: input.email ?? null,
            phone: input.phone ?? null,
          },
          address,
        );
      } catch (error) {
        // Two requests raced for one slug: the unique index decided; the throw rolls back.
        if (isUniqueViolation(error)) throw slugTaken();
        throw error;
      }
      await recordAudit(tx, deskAudit(tenantId, actor.id, desk, "desk_created", {}));
      return serialize(deskResource, desk, { include: ["address"] });
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/meedoen/desks/all",
    summary: "Every desk of the centres the caller administers, inactive ones too",
    auth: "signed_in",
    query: documentQuery(deskAdminResource, ["address"]),
    load: ({ tx, tenant }) => tenantCentreIds(tx, tenant.id),
    action: "desks.manage_list",
    facts: (_ctx, centerIds) => ({ centerIds }),
    response: { resource: deskAdminResource, many: true },
    handler: async ({ tx, tenant, actor, query }, centerIds) => {
      const rows = await listDesksOfCentres(tx, tenant.id, administeredCentres(actor, centerIds));
      return serialize(deskAdminResource, rows, { ...query, meta: { record_count: rows.length } });
    },
  });

  defineRoute(app, {
    method: "PATCH",
    url: "/meedoen/desks/:id",
    summary: "Change a desk (its centre's admins); its welcome text (also its managers)",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    query: documentQuery(deskAdminResource, ["address"]),
    body: attributesBody(ZDeskChanges, { types: ["desks", "desk"], idParam: "id" }),
    load: async ({ tx, tenant, params }) => {
      const desk = await findManagedDesk(tx, tenant.id, params.id);
      if (!desk) throw notFound();
      return desk;
    },
    action: "desks.update",
    facts: ({ body }, desk) => ({
      deskId: desk.id,
      volunteerCenterId: desk.volunteerCenterId,
      targetCenterId: body.volunteer_center_id ?? desk.volunteerCenterId,
      welcomeOnly: welcomeOnly(body),
    }),
    response: { resource: deskAdminResource, many: false },
    handler: async ({ tx, tenant, actor, body: input, query }, desk) => {
      // Only what differs from the stored desk is written: a PATCH that repeats the desk
      // changes nothing and leaves no audit entry (docs/audit-log.md).
      const changes = differentColumns(desk, await deskChanges(tx, tenant.id, desk.id, input));
      const address = input.address
        ? differentAddressFields(desk.address, addressChanges(input.address))
        : {};
      try {
        await updateDesk(tx, tenant.id, desk.id, changes);
      } catch (error) {
        if (isUniqueViolation(error)) throw slugTaken();
        throw error;
      }
      await saveDeskAddress(tx, tenant.id, desk.id, desk.address, address);
      const saved = await findManagedDesk(tx, tenant.id, desk.id);
      if (!saved) throw notFound();
      const changed = [
        ...Object.keys(changes).map(snakeCase),
        ...(Object.keys(address).length > 0 ? ["address"] : []),
      ];
      if (changed.length > 0) {
        // The centre it is at now: after a move, the new centre's admins read the entry.
        await recordAudit(tx, deskAudit(tenant.id, actor.id, saved, "desk_updated", { changed }));
      }
      return serialize(deskAdminResource, saved, query);
    },
  });

  defineRoute(app, {
    method: "DELETE",
    url: "/meedoen/desks/:id",
    summary: "Delete a desk without activities to come (422 while it has some)",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    load: async ({ tx, tenant, params }) => {
      const desk = await findManagedDesk(tx, tenant.id, params.id);
      if (!desk) throw notFound();
      return desk;
    },
    action: "desks.delete",
    facts: (_ctx, desk) => ({ deskId: desk.id, volunteerCenterId: desk.volunteerCenterId }),
    status: 204,
    handler: async ({ tx, tenant, actor }, desk) => {
      const upcoming = await upcomingDeskActivities(tx, tenant.id, desk.id, app.authSettings.now());
      if (upcoming > 0) {
        throw unprocessable([
          {
            detail: `A desk with activities to come (${upcoming}) cannot be deleted: cancel or move them first.`,
            code: "has_upcoming_activities",
            source: { pointer: "" },
            meta: { upcoming_activities: upcoming },
          },
        ]);
      }
      await deleteDesk(tx, tenant.id, desk.id);
      await recordAudit(tx, deskAudit(tenant.id, actor.id, desk, "desk_deleted", {}));
      return null;
    },
  });
}

/** The audit entry of a desk write: labelled with the desk's name, read by its centre's admins. */
const deskAudit = (
  tenantId: number,
  actorId: number,
  desk: { id: number; azcName: string; volunteerCenterId: number },
  action: "desk_created" | "desk_updated" | "desk_deleted",
  details: Record<string, unknown>,
): TAuditInput => ({
  tenantId,
  actorId,
  action,
  subject: { type: "Desk", id: desk.id, label: desk.azcName },
  volunteerCenterId: desk.volunteerCenterId,
  details,
});

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The changes whose value differs from the desk's (null and absent count as the same). */
function differentColumns(desk: TManagedDesk, changes: TDeskChanges): TDeskChanges {
  return Object.fromEntries(
    Object.entries(changes).filter(
      ([key, value]) => (desk[key as keyof TDeskChanges] ?? null) !== (value ?? null),
    ),
  ) as TDeskChanges;
}

/** The address fields whose value differs from the stored address (none stored: from null). */
function differentAddressFields(
  stored: TAddress | null,
  changes: Partial<TAddressInput>,
): Partial<TAddressInput> {
  return Object.fromEntries(
    Object.entries(changes).filter(
      ([key, value]) => (stored?.[key as keyof TAddressInput] ?? null) !== (value ?? null),
    ),
  ) as Partial<TAddressInput>;
}

/** The desk's columns that the input names, checked like POST's (a centre or organization
 *  of the tenant, a slug no other desk has); the welcome body sanitised. */
async function deskChanges(
  tx: AppDb,
  tenantId: number,
  deskId: number,
  input: TDeskChangesInput,
): Promise<TDeskChanges> {
  const changes: TDeskChanges = {};
  if (input.azc_name !== undefined) changes.azcName = input.azc_name;
  if (input.volunteer_center_id !== undefined) {
    if (!(await tenantOrganization(tx, tenantId, input.volunteer_center_id, "VolunteerCenter"))) {
      throw mustExist("volunteer_center_id");
    }
    changes.volunteerCenterId = input.volunteer_center_id;
  }
  if (input.organization_id !== undefined) {
    if (input.organization_id !== null) {
      if (!(await tenantOrganization(tx, tenantId, input.organization_id))) {
        throw mustExist("organization_id");
      }
    }
    changes.organizationId = input.organization_id;
  }
  if (input.slug !== undefined) {
    const owner = await deskSlugOwner(tx, tenantId, input.slug);
    if (owner !== undefined && owner !== deskId) throw slugTaken();
    changes.slug = input.slug;
  }
  if (input.email !== undefined) changes.email = input.email;
  if (input.phone !== undefined) changes.phone = input.phone || null;
  if (input.welcome_title !== undefined) changes.welcomeTitle = input.welcome_title || null;
  if (input.welcome_body !== undefined) {
    changes.welcomeBody = sanitizeRichText(input.welcome_body) || null;
  }
  return changes;
}

function addressChanges(address: z.output<typeof ZDeskAddress>): Partial<TAddressInput> {
  const changes: Partial<TAddressInput> = {};
  if (address.street !== undefined) changes.street = address.street || null;
  if (address.house_number !== undefined) changes.houseNumber = address.house_number || null;
  if (address.postal_code !== undefined) changes.postalCode = address.postal_code || null;
  if (address.city !== undefined) changes.city = address.city || null;
  if (address.country !== undefined) changes.country = address.country;
  if (address.latitude !== undefined) changes.latitude = address.latitude;
  if (address.longitude !== undefined) changes.longitude = address.longitude;
  return changes;
}
