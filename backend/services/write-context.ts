import type { AppDb } from "../db/client";
import type { TAuditSubjectType } from "../db/schema";
import type { TErrorItem } from "../errors";
import type { Geocoder } from "../geo";
import { invalidAttribute } from "../jsonapi/validation";
import type { TActor } from "../policies/policy";
import type { TAuditInput } from "../queries/audit-events";

/**
 * What a back-office write runs in: the request's transaction and tenant, the acting user,
 * the site's origin for the links its mails carry, the geocoder and one "now" for the whole
 * write (so every row and notice of it tells the same time).
 */
export type TWriteContext = {
  tx: AppDb;
  tenantId: number;
  actor: NonNullable<TActor>;
  origin: string | null;
  geocoder: Geocoder;
  now: Date;
};

type TPlaceRow = {
  street: string | null;
  postalCode: string | null;
  city: string | null;
  latitude: number | null;
};
type TPlaceAttributes = {
  street?: string | null;
  postal_code?: string | null;
  city?: string | null;
};
export type TPlaceValues = {
  street?: string | null;
  postalCode?: string | null;
  city?: string | null;
  latitude?: number | null;
  longitude?: number | null;
};

/**
 * The place a write asks for, with its position: the postcode decides where both postcode
 * and town are given; one the geocoder does not know is a 422 `unknown_place` on that
 * attribute. `asked` is false when the body names no part of a place at all. An unchanged
 * postcode or town keeps the stored position without asking the geocoder again.
 */
export async function resolvePlace(
  geocoder: Geocoder,
  current: TPlaceRow | null,
  attributes: TPlaceAttributes,
): Promise<{ asked: boolean; values: TPlaceValues; error: TErrorItem | null }> {
  const { street, postal_code, city } = attributes;
  if (street === undefined && postal_code === undefined && city === undefined) {
    return { asked: false, values: {}, error: null };
  }
  const next = {
    street: street === undefined ? (current?.street ?? null) : street || null,
    postalCode: postal_code === undefined ? (current?.postalCode ?? null) : postal_code || null,
    city: city === undefined ? (current?.city ?? null) : city || null,
  };
  const wanted = next.postalCode ?? next.city;
  if (wanted === null) {
    return { asked: true, values: { ...next, latitude: null, longitude: null }, error: null };
  }
  if (current && wanted === (current.postalCode ?? current.city) && current.latitude !== null) {
    return { asked: true, values: next, error: null };
  }
  const place = await geocoder.resolve(wanted);
  if (!place) {
    const attribute = next.postalCode !== null ? "postal_code" : "city";
    return {
      asked: true,
      values: {},
      error: invalidAttribute([attribute], "is not a place we know", "unknown_place"),
    };
  }
  return {
    asked: true,
    values: { ...next, latitude: place.latitude, longitude: place.longitude },
    error: null,
  };
}

/** The audit entry of a write to a centre's record (docs/audit-log.md), by the acting user. */
export const auditOf = (
  ctx: TWriteContext,
  type: TAuditSubjectType,
  row: { id: number; title: string; volunteerCenterId: number },
  action: TAuditInput["action"],
  details: Record<string, unknown>,
): TAuditInput => ({
  tenantId: ctx.tenantId,
  actorId: ctx.actor.id,
  action,
  subject: { type, id: row.id, label: row.title },
  volunteerCenterId: row.volunteerCenterId,
  details,
});
