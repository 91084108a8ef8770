import { and, eq } from "drizzle-orm";
import type { AppDb } from "../db/client";
import {
  addresses,
  organizationProfiles,
  organizations,
  type TOrganizationStatus,
  type TOrganizationType,
  tenants,
} from "../db/schema";
import type { TAddressInput, TProfileInput } from "../domain/organization-input";
import { addressesFor } from "./addresses";
import type { TOrganization, TOrganizationChanges } from "./organizations";

/**
 * Writes of organizations with their address and profile (sign-up, adding, editing,
 * moving; docs/api-organization-signup.md). Each returns what actually changed, in wire
 * names, so the route can audit exactly that and write nothing for a no-op.
 */

const ADDRESS_COLUMNS = {
  street: "street",
  house_number: "houseNumber",
  postal_code: "postalCode",
  city: "city",
} as const;
const PROFILE_COLUMNS = {
  description: "description",
  contact_name: "contactName",
  contact_email: "contactEmail",
  contact_phone: "contactPhone",
} as const;

/** The sent values that differ from the stored ones, as column → value and wire names. */
function diff<K extends string, C extends string>(
  columns: Record<K, C>,
  input: Partial<Record<K, string | null>>,
  stored: Partial<Record<C, unknown>> | null,
) {
  const values: Partial<Record<C, string | null>> = {};
  const changed: K[] = [];
  for (const [wire, column] of Object.entries(columns) as [K, C][]) {
    const value = input[wire];
    if (value === undefined || (stored?.[column] ?? null) === value) continue;
    values[column] = value;
    changed.push(wire);
  }
  return { values, changed };
}

/** Sets the organization's address, creating it when there is none and something to store.
 *  A changed address loses its coordinates: they would pin the old place on the map. */
export async function saveOrganizationAddress(
  db: AppDb,
  tenantId: number,
  organizationId: number,
  input: TAddressInput,
): Promise<string[]> {
  const stored = (await addressesFor(db, tenantId, "Organization", [organizationId])).get(
    organizationId,
  );
  const { values, changed } = diff(ADDRESS_COLUMNS, input, stored ?? null);
  if (changed.length === 0) return [];
  if (stored) {
    await db
      .update(addresses)
      .set({ ...values, latitude: null, longitude: null, updatedAt: new Date() })
      .where(and(eq(addresses.tenantId, tenantId), eq(addresses.id, stored.id)));
  } else {
    await db.insert(addresses).values({
      ...values,
      tenantId,
      addressableType: "Organization",
      addressableId: organizationId,
    });
  }
  return changed.map((name) => `address.${name}`);
}

/** Sets the organization's profile, creating it when there is none and something to store. */
export async function saveOrganizationProfile(
  db: AppDb,
  tenantId: number,
  organizationId: number,
  input: TProfileInput,
): Promise<string[]> {
  const [stored] = await db
    .select()
    .from(organizationProfiles)
    .where(
      and(
        eq(organizationProfiles.tenantId, tenantId),
        eq(organizationProfiles.organizationId, organizationId),
      ),
    );
  const { values, changed } = diff(PROFILE_COLUMNS, input, stored ?? null);
  if (changed.length === 0) return [];
  if (stored) {
    await db
      .update(organizationProfiles)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(organizationProfiles.id, stored.id));
  } else {
    await db.insert(organizationProfiles).values({ ...values, tenantId, organizationId });
  }
  return changed.map((name) => `profile.${name}`);
}

/** The organization's own columns among `changes` that differ from `current`. */
export function changedDetails(
  current: TOrganization,
  changes: Omit<TOrganizationChanges, "status">,
): TOrganizationChanges {
  const out: TOrganizationChanges = {};
  for (const key of ["name", "email", "phone", "website"] as const) {
    const value = changes[key];
    if (value !== undefined && value !== current[key]) Object.assign(out, { [key]: value });
  }
  return out;
}

export type TNewOrganizationRow = {
  type: TOrganizationType;
  name: string;
  status: TOrganizationStatus;
  volunteerCenterId: number | null;
  email?: string | null;
  phone?: string | null;
  website?: string | null;
};

export async function insertOrganization(
  db: AppDb,
  tenantId: number,
  values: TNewOrganizationRow,
): Promise<TOrganization> {
  const [row] = await db
    .insert(organizations)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

/** An approved volunteer centre of the tenant, the only place an organization can go. */
export async function approvedCentre(
  db: AppDb,
  tenantId: number,
  id: number,
): Promise<TOrganization | undefined> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(
      and(
        eq(organizations.tenantId, tenantId),
        eq(organizations.id, id),
        eq(organizations.type, "VolunteerCenter"),
        eq(organizations.status, "approved"),
      ),
    );
  return row;
}

export async function moveOrganization(
  db: AppDb,
  tenantId: number,
  id: number,
  toCentreId: number,
): Promise<TOrganization> {
  const [row] = await db
    .update(organizations)
    .set({ volunteerCenterId: toCentreId, updatedAt: new Date() })
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.id, id)))
    .returning();
  return row;
}

/**
 * spec §1: moving organisations is off by default and on in an override (the seed's
 * `moveOrganizations`, cordaad). Read per request, not from the tenant hook's one-minute
 * cache, so switching it off takes effect at once.
 */
export async function tenantAllowsMoving(db: AppDb, tenantId: number): Promise<boolean> {
  const [row] = await db
    .select({ settings: tenants.settings })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row?.settings.moveOrganizations === true;
}
