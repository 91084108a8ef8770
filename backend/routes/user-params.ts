import { z } from "zod";
import {
  isDeviseEmail as isEmail,
  ROLE_RESOURCE_TYPES,
  SCOPED_ROLES,
  USER_LIMITS,
  ZUserLocale,
} from "../../lib/contract/user";
import { ROLE_NAMES, type TUserStatus, USER_STATUSES, users } from "../db/schema";
import { toProfileChanges, ZProfileChanges } from "../domain/user-profile";
import { badRequest } from "../errors";
import { attributesBody, listQuery, refineReader } from "../http/inputs";
import { MAX_ID, pathId } from "../jsonapi/document-attributes";
import type { TQueryValue } from "../jsonapi/query";
import { userResource } from "../jsonapi/resources";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";

/** The users api's request parameters and bodies (routes/users.ts, routes/user-invitations.ts). */

export const INCLUDABLE = [
  "roles",
  "organizations",
  "organizations.address",
  "organizations.profile",
];
export const FILTERABLE = {
  status: users.status,
  email: users.email,
  first_name: users.firstName,
  last_name: users.lastName,
  phone: users.phone,
  locale: users.locale,
  volunteer_center_id: users.volunteerCenterId,
  id: users.id,
  created_at: users.createdAt,
};
export const SORTABLE = {
  id: users.id,
  email: users.email,
  first_name: users.firstName,
  last_name: users.lastName,
  status: users.status,
  created_at: users.createdAt,
  updated_at: users.updatedAt,
};
/** `with_any_role`: rolify's `with_role(name, :any)`, the back office's role filter (docs/api-users.md). */
export const EXTRA_FILTERS = ["organization_id_eq", "with_role", "with_any_role"] as const;

const TYPES = ["users", "user"];

const one = (value: TQueryValue | undefined) => (Array.isArray(value) ? value.at(-1) : value);
const isRole = (name: string): name is (typeof ROLE_NAMES)[number] =>
  (ROLE_NAMES as readonly string[]).includes(name);

/**
 * GET /users: the JSON:API list, and the filters the route reads itself checked here, before
 * any query: organization_id_eq an id, with_role and with_any_role role names (400 otherwise).
 */
export const userListQuery = refineReader(
  listQuery({
    resource: userResource,
    include: INCLUDABLE,
    filter: FILTERABLE,
    extraFilters: EXTRA_FILTERS,
    sort: SORTABLE,
  }),
  (list) => {
    const organizationRaw = one(list.extra.organization_id_eq);
    const organizationId =
      organizationRaw === undefined ? undefined : pathId(organizationRaw.trim());
    if (organizationId === null) {
      throw badRequest("organization_id_eq is not a valid id", "filter[organization_id_eq]");
    }
    const withRole = one(list.extra.with_role);
    if (withRole !== undefined && !isRole(withRole)) {
      throw badRequest(`${withRole} is not a role`, "filter[with_role]");
    }
    const withAnyRole = one(list.extra.with_any_role);
    if (withAnyRole !== undefined && !isRole(withAnyRole)) {
      throw badRequest(`${withAnyRole} is not a role`, "filter[with_any_role]");
    }
    return { ...list, organizationId, withRole, withAnyRole };
  },
);

export const ZUserChanges = ZProfileChanges.extend({ status: z.enum(USER_STATUSES).optional() });

export const ZRoleChange = z.object({
  role: z.enum(ROLE_NAMES),
  resource_type: z.enum(ROLE_RESOURCE_TYPES).nullable().optional(),
  resource_id: z.coerce.number().int().min(1).max(MAX_ID).nullable().optional(),
});

/** PATCH /users/:id: `{data: {type: "users", id, attributes}}` → profile changes and status. */
export const userChangesBody = refineReader(
  attributesBody(ZUserChanges, { types: TYPES, idParam: "id" }),
  (input) => ({
    changes: toProfileChanges(input),
    status: input.status as TUserStatus | undefined,
  }),
);

/** add_role / remove_role: the role, and its resource (a resource_id needs its type). */
export const roleChangeBody = refineReader(
  attributesBody(ZRoleChange, { types: TYPES, idParam: "id" }),
  (input) => {
    const resourceType = input.resource_type ?? null;
    const resourceId = input.resource_id ?? null;
    if (resourceId !== null && resourceType === null) {
      throw unprocessable([invalidAttribute(["resource_type"], "can't be blank", "blank")]);
    }
    return { role: input.role, resourceType, resourceId };
  },
);

const requiredName = z.string().trim().min(1).max(USER_LIMITS.name);

/** The roles an invitation may give, each on the one kind of resource it belongs to. */
const INVITATION_ROLES = { admin: "Organization", member: "Organization", desk_manager: "Desk" };

/**
 * POST /api/v1/users: the person to invite and the role they get (always on an organization
 * or a desk: global roles are not handed out by mail). Names are required, as at sign-up.
 */
export const ZInvitation = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .min(1)
      .max(USER_LIMITS.email)
      .refine(isEmail, { message: "is not an email", params: { code: "invalid" } }),
    first_name: requiredName,
    last_name: requiredName,
    locale: ZUserLocale.optional(),
    role: z.enum(SCOPED_ROLES),
    resource_type: z.enum(ROLE_RESOURCE_TYPES),
    resource_id: z.coerce.number().int().min(1).max(MAX_ID),
  })
  .superRefine((input, ctx) => {
    if (INVITATION_ROLES[input.role] !== input.resource_type) {
      ctx.addIssue({
        code: "custom",
        path: ["role"],
        message: `is not a role on ${input.resource_type === "Desk" ? "a desk" : "an organization"}`,
        params: { code: "inclusion" },
      });
    }
  });

/** POST /users: the invitation, in the route's own terms. */
export const invitationBody = refineReader(
  attributesBody(ZInvitation, { types: TYPES }),
  (input) => ({
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    locale: input.locale ?? "nl",
    role: input.role,
    resourceType: input.resource_type,
    resourceId: input.resource_id,
  }),
);
