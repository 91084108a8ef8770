import { issueToken } from "../../../backend/auth/authenticate";
import type { AppDb } from "../../../backend/db/client";
import { addresses, desks, organizationProfiles } from "../../../backend/db/schema";
import { addRole, createUser } from "./factories";

/**
 * Helpers for the resource endpoint tests (current_user, organizations, desks). They
 * write as the owner, past row security, like the shared factories.
 */

/** Request headers of a signed-in user: a token issued straight into the store. */
export async function signedIn(
  db: AppDb,
  tenant: { id: number; slug: string },
  userId: number,
): Promise<Record<string, string>> {
  const issued = await issueToken(db, tenant.id, userId);
  return {
    "x-tenant": tenant.slug,
    "access-token": issued["access-token"],
    client: issued.client,
    uid: issued.uid,
  };
}

/** A user of the tenant with request headers, holding `role` on `resource` when given. */
export type TPerson = { id: number; email: string; headers: Record<string, string> };

export async function signedInPerson(
  db: AppDb,
  tenant: { id: number; slug: string },
  attrs: Parameters<typeof createUser>[2] = {},
  role?: Parameters<typeof addRole>[3],
  resource?: Parameters<typeof addRole>[4],
): Promise<TPerson> {
  const user = await createUser(db, tenant.id, attrs);
  if (role) await addRole(db, tenant.id, user.id, role, resource);
  return { id: user.id, email: user.email, headers: await signedIn(db, tenant, user.id) };
}

let counter = 0;

export async function createDesk(
  db: AppDb,
  tenantId: number,
  attrs: {
    azcName?: string;
    volunteerCenterId: number;
    organizationId?: number | null;
    /** undefined: an address with coordinates; null: no address at all. */
    coordinates?: { latitude: number | null; longitude: number | null } | null;
  },
) {
  counter += 1;
  const azcName = attrs.azcName ?? `AZC ${counter}`;
  const [desk] = await db
    .insert(desks)
    .values({
      tenantId,
      azcName,
      slug: `${azcName.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${counter}`,
      volunteerCenterId: attrs.volunteerCenterId,
      organizationId: attrs.organizationId ?? null,
      email: `desk-${counter}@example.test`,
      phone: "0201234567",
    })
    .returning();
  const coordinates =
    attrs.coordinates === undefined ? { latitude: 52.1, longitude: 5.1 } : attrs.coordinates;
  const [address] = coordinates
    ? await db
        .insert(addresses)
        .values({
          tenantId,
          addressableType: "Desk",
          addressableId: desk.id,
          street: "Dorpsstraat",
          houseNumber: String(counter),
          postalCode: "1234 AB",
          city: "Oldebroek",
          ...coordinates,
        })
        .returning()
    : [null];
  return { ...desk, address };
}

export async function createOrganizationAddress(
  db: AppDb,
  tenantId: number,
  organizationId: number,
) {
  const [address] = await db
    .insert(addresses)
    .values({
      tenantId,
      addressableType: "Organization",
      addressableId: organizationId,
      street: "Stationsweg",
      houseNumber: "1",
      postalCode: "8091 AA",
      city: "Wezep",
      latitude: 52.46,
      longitude: 6.0,
    })
    .returning();
  return address;
}

export async function createOrganizationProfile(
  db: AppDb,
  tenantId: number,
  organizationId: number,
) {
  const [profile] = await db
    .insert(organizationProfiles)
    .values({ tenantId, organizationId, description: "We help.", contactName: "Ria" })
    .returning();
  return profile;
}
