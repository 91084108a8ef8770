import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  VOLUNTEER_PROFILE_LIMITS,
  ZVolunteerProfileAttributes,
} from "../../lib/contract/volunteer-profile";
import type { AppDb } from "../db/client";
import { toProfileChanges, ZProfileChanges } from "../domain/user-profile";
import { notFound, type TErrorItem } from "../errors";
import { createGeocoder, type Geocoder } from "../geo";
import { defineRoute, type TUserRow } from "../http/define-route";
import { documentQuery, type TReader } from "../http/inputs";
import { documentAttributes, isObject, MAX_ID } from "../jsonapi/document-attributes";
import { serialize, type TResource } from "../jsonapi/serializer";
import {
  ATTRIBUTES_POINTER,
  invalidAttribute,
  parseAttributes,
  unprocessable,
} from "../jsonapi/validation";
import { updateUserProfile } from "../queries/users";
import {
  EMPTY_PROFILE_VALUES,
  findVolunteerProfile,
  replaceVolunteerProfileTags,
  saveVolunteerProfile,
  type TVolunteerProfileValues,
  tenantTagIds,
  volunteerProfileTagRows,
} from "../queries/volunteer-profiles";
import { tagResource } from "./tags";

/**
 * GET and PATCH /api/v1/current_user/volunteer_profile (docs/volunteer-profiles.md): the
 * signed-in user's own volunteer profile, its id the user's. Any signed-in user has one
 * (policy volunteer_profile.read/update); one who never saved it reads the empty profile,
 * out of the pool. PATCH writes the profile, its interests and the name and phone on the
 * user in one transaction, so the profile form saves in one request; anything invalid is
 * a 422 with a pointer and changes nothing. Where the tenant has no volunteer profiles
 * (meedoen) both are a 404.
 */

export const volunteerProfileResource: TResource = {
  type: "volunteer_profile",
  attributes: [
    "firstName",
    "lastName",
    "phone",
    "postalCode",
    "city",
    "latitude",
    "longitude",
    "about",
    "skills",
    "availability",
    "hoursPerWeek",
    "languages",
    "inPool",
    "poolOptedInAt",
    "periodicMailFrequency",
    "periodicMailRadiusKm",
    "createdAt",
    "updatedAt",
  ],
  relationships: { tags: { kind: "many", resource: () => tagResource } },
};

const TYPES = ["volunteer_profiles", "volunteer_profile"];
const TAG_TYPES = ["tags", "tag"];
const RELATIONSHIPS_POINTER = "/data/relationships";

/** The attributes PATCH takes: the profile's own, and the name and phone of the user. */
export const ZVolunteerProfileChanges = ZVolunteerProfileAttributes.extend(
  ZProfileChanges.pick({ first_name: true, last_name: true, phone: true }).shape,
);
type TChanges = z.output<typeof ZVolunteerProfileChanges>;
type TBody = { attributes: TChanges; tagIds: number[] | undefined };

const tagsInvalid = (message: string, code: string) =>
  unprocessable([invalidAttribute(["tags"], message, code, RELATIONSHIPS_POINTER)]);

/** `relationships.tags.data` as tag ids, each once; undefined when not sent (unchanged). */
function tagIdsOf(relationships: unknown): number[] | undefined {
  if (relationships === undefined) return undefined;
  if (!isObject(relationships)) {
    throw unprocessable([
      {
        source: { pointer: RELATIONSHIPS_POINTER },
        detail: "Relationships is invalid",
        code: "invalid",
      },
    ]);
  }
  // A misspelt relationship would otherwise be dropped without a word, and the interests
  // with it.
  for (const name of Object.keys(relationships)) {
    if (name !== "tags") {
      throw unprocessable([
        invalidAttribute(
          [name],
          "is not a relationship of volunteer_profile",
          "invalid",
          RELATIONSHIPS_POINTER,
        ),
      ]);
    }
  }
  const tags = relationships.tags;
  if (tags === undefined) return undefined;
  if (!isObject(tags) || !Array.isArray(tags.data)) throw tagsInvalid("is invalid", "invalid");
  if (tags.data.length > VOLUNTEER_PROFILE_LIMITS.tags) {
    throw tagsInvalid(`is too long (maximum is ${VOLUNTEER_PROFILE_LIMITS.tags} tags)`, "too_long");
  }
  const ids = new Set<number>();
  for (const item of tags.data) {
    const id = isObject(item) ? item.id : undefined;
    const text = typeof id === "number" || typeof id === "string" ? String(id) : "";
    const value = /^\d{1,10}$/.test(text) ? Number(text) : 0;
    if (!isObject(item) || !TAG_TYPES.includes(String(item.type)) || value < 1 || value > MAX_ID) {
      throw tagsInvalid("is invalid", "invalid");
    }
    ids.add(value);
  }
  return [...ids];
}

/**
 * The PATCH document: `data.attributes` through the contract's schema and
 * `data.relationships.tags`. Either may be left out, not both. An id in `data` is ignored:
 * the caller's own profile is the only one this route writes (as PATCH /current_user).
 */
const profileBody: TReader<TBody> = {
  parse(raw) {
    const data = isObject(raw) && isObject(raw.data) ? raw.data : null;
    const attributesOnly =
      data && data.attributes === undefined && data.relationships !== undefined
        ? { data: { ...data, attributes: {} } }
        : raw;
    const attributes = documentAttributes(attributesOnly, { types: TYPES });
    const parsed = parseAttributes(ZVolunteerProfileChanges, attributes, ATTRIBUTES_POINTER);
    return { attributes: parsed, tagIds: tagIdsOf(data?.relationships) };
  },
  bodySchema: () => ({
    type: "object",
    required: ["data"],
    properties: {
      data: {
        type: "object",
        properties: {
          type: { enum: TYPES },
          attributes: z.toJSONSchema(ZVolunteerProfileChanges, {
            io: "input",
            unrepresentable: "any",
          }),
          relationships: {
            type: "object",
            properties: {
              tags: {
                type: "object",
                required: ["data"],
                properties: {
                  data: {
                    type: "array",
                    maxItems: VOLUNTEER_PROFILE_LIMITS.tags,
                    items: {
                      type: "object",
                      required: ["type", "id"],
                      properties: { type: { enum: TAG_TYPES }, id: { type: "string" } },
                    },
                  },
                },
              },
            },
            additionalProperties: false,
          },
        },
      },
    },
  }),
};

const query = documentQuery(volunteerProfileResource, ["tags"]);

function requireVolunteerProfiles(tenant: { volunteerProfiles: boolean }) {
  if (!tenant.volunteerProfiles) throw notFound();
}

async function profileDocument(
  tx: AppDb,
  tenantId: number,
  user: TUserRow,
  options: { include: string[]; fields: Record<string, string[]> },
) {
  const stored = await findVolunteerProfile(tx, tenantId, user.id);
  const row = {
    ...EMPTY_PROFILE_VALUES,
    createdAt: null,
    updatedAt: null,
    ...stored,
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    tags: await volunteerProfileTagRows(tx, tenantId, user.id),
  };
  return serialize(volunteerProfileResource, row, options);
}

/**
 * The coordinates of the place the profile will hold, or the 422 item of the attribute
 * that named an unknown place. The postcode decides where both are given (it is the more
 * precise); the city is then kept as typed. Asked only when the place changes.
 */
async function placeOf(
  geocoder: Geocoder,
  current: TVolunteerProfileValues,
  changes: TChanges,
): Promise<{ values: Partial<TVolunteerProfileValues>; error: TErrorItem | null }> {
  if (changes.postal_code === undefined && changes.city === undefined) {
    return { values: {}, error: null };
  }
  const postalCode = changes.postal_code === undefined ? current.postalCode : changes.postal_code;
  const city = changes.city === undefined ? current.city : changes.city;
  if (postalCode === current.postalCode && city === current.city) {
    return { values: {}, error: null };
  }
  const asked = postalCode ?? city;
  if (asked === null) {
    return { values: { postalCode, city, latitude: null, longitude: null }, error: null };
  }
  const place = await geocoder.resolve(asked);
  if (!place) {
    const attribute = postalCode !== null ? "postal_code" : "city";
    return {
      values: {},
      error: invalidAttribute([attribute], "is not a place we know", "unknown_place"),
    };
  }
  return {
    values: { postalCode, city, latitude: place.latitude, longitude: place.longitude },
    error: null,
  };
}

/** The stored profile with the request's changes (the place aside). */
function changedValues(
  current: TVolunteerProfileValues,
  changes: TChanges,
): TVolunteerProfileValues {
  const next = { ...current };
  if (changes.about !== undefined) next.about = changes.about;
  if (changes.skills !== undefined) next.skills = changes.skills;
  if (changes.availability !== undefined) next.availability = changes.availability;
  if (changes.hours_per_week !== undefined) next.hoursPerWeek = changes.hours_per_week;
  if (changes.languages !== undefined) next.languages = changes.languages;
  if (changes.periodic_mail_frequency !== undefined) {
    next.periodicMailFrequency = changes.periodic_mail_frequency;
  }
  if (changes.periodic_mail_radius_km !== undefined) {
    next.periodicMailRadiusKm = changes.periodic_mail_radius_km;
  }
  if (changes.in_pool !== undefined) {
    next.inPool = changes.in_pool;
    // When they said yes: kept while they stay in, so saving the form again does not move it.
    next.poolOptedInAt = changes.in_pool ? (current.poolOptedInAt ?? new Date()) : null;
  }
  return next;
}

export async function volunteerProfileRoutes(app: FastifyInstance) {
  const geocoder = createGeocoder(app.config, (error) =>
    app.log.warn({ err: error }, "geocoder failed; answered from the bundled places"),
  );

  defineRoute(app, {
    method: "GET",
    url: "/current_user/volunteer_profile",
    summary: "The signed-in user's volunteer profile (the empty one until first saved)",
    auth: "signed_in",
    query,
    load: async ({ tenant }) => requireVolunteerProfiles(tenant),
    action: "volunteer_profile.read",
    facts: ({ session }) => ({ userId: session.user.id }),
    response: { resource: volunteerProfileResource, many: false },
    handler: async ({ tx, tenant, session, query: { include, fields } }) =>
      profileDocument(tx, tenant.id, session.user, { include, fields }),
  });

  defineRoute(app, {
    method: "PATCH",
    url: "/current_user/volunteer_profile",
    summary: "Save the signed-in user's volunteer profile, interests, name and phone",
    auth: "signed_in",
    query,
    body: profileBody,
    // Read after the tenant check and the policy: where profiles are off, every request
    // is the same 404, whatever its body.
    bodyAfterPolicy: true,
    load: async ({ tenant }) => requireVolunteerProfiles(tenant),
    action: "volunteer_profile.update",
    facts: ({ session }) => ({ userId: session.user.id }),
    response: { resource: volunteerProfileResource, many: false },
    handler: async ({ tx, tenant, session, body, query: { include, fields } }) => {
      const userId = session.user.id;
      const { attributes: changes, tagIds } = body;
      const stored = await findVolunteerProfile(tx, tenant.id, userId);
      const current: TVolunteerProfileValues = stored ?? EMPTY_PROFILE_VALUES;

      // Everything that can still be refused is checked before the first write.
      const errors: TErrorItem[] = [];
      const place = await placeOf(geocoder, current, changes);
      if (place.error) errors.push(place.error);
      if (tagIds !== undefined) {
        const known = new Set(await tenantTagIds(tx, tenant.id, tagIds, userId));
        if (tagIds.some((id) => !known.has(id))) {
          errors.push(
            invalidAttribute(
              ["tags"],
              "must be tags of this site",
              "not_found",
              RELATIONSHIPS_POINTER,
            ),
          );
        }
      }
      if (errors.length > 0) throw unprocessable(errors);

      const { first_name, last_name, phone } = changes;
      const user = await updateUserProfile(
        tx,
        tenant.id,
        userId,
        toProfileChanges({ first_name, last_name, phone }),
      );
      if (!user) throw notFound();
      await saveVolunteerProfile(tx, tenant.id, userId, {
        ...changedValues(current, changes),
        ...place.values,
      });
      if (tagIds !== undefined) await replaceVolunteerProfileTags(tx, tenant.id, userId, tagIds);
      return profileDocument(tx, tenant.id, user, { include, fields });
    },
  });
}
