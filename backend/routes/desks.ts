import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { desks } from "../db/schema";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { attributesBody, listQuery } from "../http/inputs";
import { deskResource } from "../jsonapi/resources";
import { serialize } from "../jsonapi/serializer";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import { uniqueDeskSlug } from "../queries/desk-slug";
import { deskSlugTaken, insertDesk, listActiveDesks, tenantOrganization } from "../queries/desks";

/**
 * /api/v1/meedoen/desks: the desks ('balies') at asylum-seeker centres (spec §3, §7).
 * GET is public: the meedoen site shows the active list to everyone (policy desks.list),
 * still only the tenant's desks. POST needs a signed-in superadmin or an admin of the
 * desk's volunteer centre (policy desks.create).
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
    handler: async ({ tx, tenant, body: input }) => {
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
      try {
        const desk = await insertDesk(
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
        return serialize(deskResource, desk, { include: ["address"] });
      } catch (error) {
        // Two requests raced for one slug: the unique index decided; the throw rolls back.
        if (isUniqueViolation(error)) throw slugTaken();
        throw error;
      }
    },
  });
}
