import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { hashPassword } from "../../../backend/auth/password";
import { addRole as addRoleTo } from "../../../backend/auth/roles";
import type { AppDb } from "../../../backend/db/client";
import {
  activityEvents,
  notifications,
  organizations,
  redirectRules,
  type TActivityAction,
  type TNotificationKind,
  type TOrganizationStatus,
  type TOrganizationType,
  type TRoleName,
  type TTranslationLocale,
  type TUserStatus,
  tenants,
  translations,
  users,
} from "../../../backend/db/schema";

// Factories write as the owner (no row security) and make unique names, so tests never collide.
const unique = () => randomBytes(4).toString("hex");
export const TEST_PASSWORD = "Correct-horse-9";
let passwordDigest: Promise<string> | undefined;

export async function createTenant(db: AppDb, attrs: { slug?: string; name?: string } = {}) {
  const slug = attrs.slug ?? `t-${unique()}`;
  const [tenant] = await db
    .insert(tenants)
    .values({ slug, name: attrs.name ?? `Tenant ${slug}` })
    .returning();
  return tenant;
}

export async function createOrganization(
  db: AppDb,
  tenantId: number,
  attrs: {
    type?: TOrganizationType;
    status?: TOrganizationStatus;
    name?: string;
    volunteerCenterId?: number | null;
  } = {},
) {
  const [organization] = await db
    .insert(organizations)
    .values({
      tenantId,
      type: attrs.type ?? "Organization",
      status: attrs.status ?? "approved",
      name: attrs.name ?? `Organization ${unique()}`,
      volunteerCenterId: attrs.volunteerCenterId ?? null,
    })
    .returning();
  return organization;
}

/** A tenant with one volunteer centre that is its default. */
export async function createTenantWithCenter(db: AppDb, slug?: string) {
  const tenant = await createTenant(db, { slug });
  const center = await createOrganization(db, tenant.id, {
    type: "VolunteerCenter",
    name: `Centre ${tenant.slug}`,
  });
  await db
    .update(tenants)
    .set({ defaultVolunteerCenterId: center.id })
    .where(eq(tenants.id, tenant.id));
  return { tenant: { ...tenant, defaultVolunteerCenterId: center.id }, center };
}

/**
 * The three tenants of the public content tests: `a` and `b` with one centre
 * each and no centre sharing, and `shared`, whose centres share their public content
 * (spec §1, settings.centreSharing; backend/queries/public-scope.ts).
 */
export async function createPublicTenants(db: AppDb) {
  const a = await createTenantWithCenter(db);
  const b = await createTenantWithCenter(db);
  const shared = await createTenantWithCenter(db);
  await db
    .update(tenants)
    .set({ settings: { centreSharing: true } })
    .where(eq(tenants.id, shared.tenant.id));
  return { a, b, shared };
}

/** rolify add_role through the api's own implementation (role rows are shared). */
export function addRole(
  db: AppDb,
  tenantId: number,
  userId: number,
  name: TRoleName,
  resource?: { type: "Organization" | "Desk"; id: number },
) {
  return addRoleTo(db, tenantId, userId, name, resource);
}

export async function createUser(
  db: AppDb,
  tenantId: number,
  attrs: {
    email?: string;
    password?: string;
    status?: TUserStatus;
    confirmed?: boolean;
    volunteerCenterId?: number | null;
    firstName?: string;
    lastName?: string;
    locale?: "nl" | "en";
  } = {},
) {
  const email = (attrs.email ?? `user-${unique()}@example.test`).toLowerCase();
  passwordDigest ??= hashPassword(TEST_PASSWORD);
  const encryptedPassword = attrs.password
    ? await hashPassword(attrs.password)
    : await passwordDigest;
  const [user] = await db
    .insert(users)
    .values({
      tenantId,
      email,
      uid: email,
      encryptedPassword,
      status: attrs.status ?? "active",
      confirmedAt: attrs.confirmed === false ? null : new Date(),
      volunteerCenterId: attrs.volunteerCenterId ?? null,
      firstName: attrs.firstName ?? "Test",
      lastName: attrs.lastName ?? `User ${unique()}`,
      locale: attrs.locale ?? "nl",
    })
    .returning();
  return { ...user, password: attrs.password ?? TEST_PASSWORD };
}

/** A redirect rule written as is, past any normalizing: tests of the CHECK constraints
 *  hand it bad paths and targets on purpose. */
export async function createRedirectRule(
  db: AppDb,
  tenantId: number,
  attrs: { path?: string; target?: string; permanent?: boolean } = {},
) {
  const [rule] = await db
    .insert(redirectRules)
    .values({
      tenantId,
      path: attrs.path ?? `/r-${unique()}`,
      target: attrs.target ?? `/target-${unique()}`,
      permanent: attrs.permanent ?? false,
    })
    .returning();
  return rule;
}

/** A message override; locale is typed loosely so a test can try one the CHECK refuses. */
export async function createTranslation(
  db: AppDb,
  tenantId: number,
  attrs: { locale?: TTranslationLocale | (string & {}); key?: string; value?: string } = {},
) {
  const [translation] = await db
    .insert(translations)
    .values({
      tenantId,
      locale: (attrs.locale ?? "nl") as TTranslationLocale,
      key: attrs.key ?? `test.key_${unique()}`,
      value: attrs.value ?? `Text ${unique()}`,
    })
    .returning();
  return translation;
}

/** A notification written as is (owner, past row security and the zod schema): tests of
 *  the CHECK constraints hand it bad values on purpose, so kind is typed loosely. */
export async function createNotification(
  db: AppDb,
  tenantId: number,
  userId: number,
  attrs: {
    kind?: TNotificationKind | (string & {});
    title?: string;
    body?: string | null;
    url?: string | null;
    readAt?: Date | null;
    createdAt?: Date;
  } = {},
) {
  const [notification] = await db
    .insert(notifications)
    .values({
      tenantId,
      userId,
      kind: (attrs.kind ?? "system") as TNotificationKind,
      title: attrs.title ?? `Notification ${unique()}`,
      body: attrs.body === undefined ? null : attrs.body,
      url: attrs.url === undefined ? "/dashboard" : attrs.url,
      readAt: attrs.readAt ?? null,
      ...(attrs.createdAt ? { createdAt: attrs.createdAt } : {}),
    })
    .returning();
  return notification;
}

/** An activity event written as is (owner, past row security): by the user unless
 *  `actorId` says otherwise; action typed loosely so a test can try one the CHECK refuses. */
export async function createActivityEvent(
  db: AppDb,
  tenantId: number,
  userId: number,
  attrs: {
    action?: TActivityAction | (string & {});
    actorId?: number | null;
    client?: string | null;
    createdAt?: Date;
  } = {},
) {
  const [event] = await db
    .insert(activityEvents)
    .values({
      tenantId,
      userId,
      actorId: attrs.actorId === undefined ? userId : attrs.actorId,
      action: (attrs.action ?? "signed_in") as TActivityAction,
      client: attrs.client === undefined ? "Firefox op Linux" : attrs.client,
      ...(attrs.createdAt ? { createdAt: attrs.createdAt } : {}),
    })
    .returning();
  return event;
}
