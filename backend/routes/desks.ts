import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { authenticate } from "../auth/authenticate";
import { withTenant } from "../db/client";
import { desks } from "../db/schema";
import { parseListQuery } from "../jsonapi/list-query";
import { paginate } from "../jsonapi/pagination";
import type { TQuery } from "../jsonapi/params";
import { sendDocument } from "../jsonapi/reply";
import { deskResource } from "../jsonapi/resources";
import { serialize } from "../jsonapi/serializer";
import {
  invalidAttribute,
  parameterMissing,
  parseAttributes,
  unprocessable,
} from "../jsonapi/validation";
import { loadActor } from "../policies/actor";
import { authorize } from "../policies/policy";
import { uniqueDeskSlug } from "../queries/desk-slug";
import {
  deskSlugTaken,
  insertDesk,
  listActiveDesks,
  type TDeskWithAddress,
  tenantOrganization,
} from "../queries/desks";

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

function attributesOf(body: unknown): unknown {
  const data = (body as { data?: unknown } | null)?.data;
  if (typeof data !== "object" || data === null) throw parameterMissing("data");
  const { type, attributes } = data as { type?: unknown; attributes?: unknown };
  if (type !== undefined && type !== "desks" && type !== "desk") {
    throw unprocessable([
      invalidAttribute(["type"], "is not included in the list", "inclusion", "/data"),
    ]);
  }
  if (typeof attributes !== "object" || attributes === null) throw parameterMissing("attributes");
  return attributes;
}

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
  app.get("/meedoen/desks", async (request, reply) => {
    const tenantId = request.tenant.id;
    const query = request.query as TQuery;
    const { include, fields, where, orderBy, page } = parseListQuery(query, deskResource, {
      include: ["address"],
      filter: FILTERABLE,
      sort: SORTABLE,
    });
    authorize(null, "desks.list", {});
    const { rows, records } = await withTenant(app.db, tenantId, (tx) =>
      listActiveDesks(tx, tenantId, { where, orderBy, limit: page.size, offset: page.offset }),
    );
    const { meta, links } = paginate(request, page, records);
    return sendDocument(reply, serialize(deskResource, rows, { include, fields, meta, links }));
  });

  app.post("/meedoen/desks", { preHandler: authenticate }, async (request, reply) => {
    const user = request.user!;
    const tenantId = request.tenant.id;
    const input = parseAttributes(ZNewDesk, attributesOf(request.body));
    let desk: TDeskWithAddress;
    try {
      desk = await withTenant(app.db, tenantId, async (tx) => {
        const actor = await loadActor(tx, tenantId, user);
        authorize(actor, "desks.create", { volunteerCenterId: input.volunteer_center_id });
        if (
          !(await tenantOrganization(tx, tenantId, input.volunteer_center_id, "VolunteerCenter"))
        ) {
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
        return insertDesk(
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
      });
    } catch (error) {
      // Two requests raced for one slug: the unique index decided, the transaction rolled back.
      if (isUniqueViolation(error)) throw slugTaken();
      throw error;
    }
    return sendDocument(reply, serialize(deskResource, desk, { include: ["address"] }), 201);
  });
}
