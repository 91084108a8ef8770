import type { TResource } from "./serializer";

/**
 * The resource definitions the api serializes, one per jsonapi-serializer class it
 * stands in for. Row fields are camelCase (drizzle); the wire is snake_case. Tokens,
 * the password digest and every *_token column are simply never listed.
 */

export const addressResource: TResource = {
  type: "address",
  attributes: ["street", "houseNumber", "postalCode", "city", "country", "latitude", "longitude"],
};

export const roleResource: TResource = {
  type: "role",
  attributes: ["name", "resourceType", "resourceId"],
};

export const organizationProfileResource: TResource = {
  type: "organization_profile",
  attributes: [
    "organizationId",
    "summary",
    "description",
    "socialMapVisible",
    "logoUrl",
    "contactName",
    "contactEmail",
    "contactPhone",
    "createdAt",
    "updatedAt",
  ],
};

export const organizationResource: TResource = {
  type: "organization",
  attributes: [
    "name",
    "type",
    "status",
    "slug",
    "email",
    "phone",
    "website",
    "volunteerCenterId",
    "createdAt",
    "updatedAt",
  ],
  relationships: {
    address: { kind: "one", resource: () => addressResource },
    profile: { kind: "one", resource: () => organizationProfileResource },
  },
};

export const userResource: TResource = {
  type: "user",
  attributes: [
    "email",
    "uid",
    "firstName",
    "lastName",
    "phone",
    "locale",
    "status",
    "volunteerCenterId",
    "confirmedAt",
    "createdAt",
    "updatedAt",
  ],
  relationships: {
    roles: { kind: "many", resource: () => roleResource },
    organizations: { kind: "many", resource: () => organizationResource },
  },
};

/**
 * The signed-in user's own record (GET and PATCH /api/v1/current_user): the user resource,
 * how they want to be notified and the address of a change waiting for confirmation. Only the user sees that: the admins' user pages
 * (GET /users/:id and the rest) answer with `userResource`, which leaves it out.
 */
export const currentUserResource: TResource = {
  ...userResource,
  attributes: [...userResource.attributes, "notificationPreferences", "unconfirmedEmail"],
};

export const deskResource: TResource = {
  type: "desk",
  attributes: ["azcName", "slug", "volunteerCenterId", "organizationId", "email", "phone"],
  relationships: {
    address: { kind: "one", resource: () => addressResource },
  },
};

/** A desk as the back office and its managers see it (docs/desks-admin.md): the welcome
 *  text, and whether it is on spec §3's active list. */
export const deskAdminResource: TResource = {
  type: "desk",
  attributes: [
    "azcName",
    "slug",
    "volunteerCenterId",
    "organizationId",
    "email",
    "phone",
    "welcomeTitle",
    "welcomeBody",
    "active",
  ],
  relationships: {
    address: { kind: "one", resource: () => addressResource },
  },
};

/** A mail from the outbox (GET /api/v1/dev/mails, development only). */
export const mailResource: TResource = {
  type: "mail",
  attributes: ["to", "subject", "text", "html", "createdAt"],
};
