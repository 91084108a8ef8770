import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { hashPassword } from "../auth/password";
import { tokenDigest } from "../auth/tokens";
import { mailJob } from "../jobs/mail";
import type { AppDb } from "./client";
import {
  addresses,
  desks,
  jobs,
  notifications,
  organizationProfiles,
  organizations,
  redirectRules,
  roles,
  siteSettings,
  type TRoleName,
  tenants,
  translations,
  users,
  usersRoles,
  ZNotification,
  ZRedirectRule,
  ZTranslation,
} from "./schema";
import { seedActivityEvents } from "./seed/activity-events";
import { seedConversations, type TConversationSeedCounts } from "./seed/conversations";
import { SEED_DESKS } from "./seed/desks";
import { seedForms } from "./seed/forms";
import { seedHelpPosts } from "./seed/help-posts";
import { seedJobs } from "./seed/jobs";
import { seedNotifications } from "./seed/notifications";
import { SEED_ORGANIZATIONS } from "./seed/organizations";
import { seedPublicContent, type TPublicSeedCounts } from "./seed/public-content";
import { SEED_REDIRECT_RULES } from "./seed/redirect-rules";
import { SEED_SITE_SETTINGS } from "./seed/site-settings";
import { seedTags } from "./seed/tags";
import { SEED_TENANTS, type TSeedTenant } from "./seed/tenants";
import { SEED_TRANSLATIONS } from "./seed/translations";
import type { TSeedAddress, TSeedOrganization } from "./seed/types";
import { SEED_PASSWORD, SEED_USERS, seedEmail, seedRawToken, type TSeedUser } from "./seed/users";
import { seedVolunteerProfiles } from "./seed/volunteer-profiles";

export type TSeedCounts = {
  tenants: number;
  organizations: number;
  organizationProfiles: number;
  addresses: number;
  desks: number;
  roles: number;
  users: number;
  usersRoles: number;
  redirectRules: number;
  translations: number;
  siteSettings: number;
  notifications: number;
  activityEvents: number;
  jobs: number;
  volunteerProfiles: number;
  helpPosts: number;
} & TPublicSeedCounts &
  TConversationSeedCounts;

/**
 * Loads the demo data of the six tenants (spec §1). Idempotent: every row is found by its
 * natural key and only inserted when missing, and nothing existing is updated, so a second
 * run changes nothing. One transaction, so a failed run leaves no half-seeded database that
 * `npm start` would then take for a seeded one. Runs as the owner (no row security).
 * Returns how many rows it inserted per table.
 */
export async function seed(db: AppDb): Promise<TSeedCounts> {
  // Hashed once for every account: argon2 is slow on purpose.
  const passwordDigest = await hashPassword(SEED_PASSWORD);
  return db.transaction(async (tx) => {
    // Two seeds at once (two api starts on one PostgreSQL) must not both insert a role.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('volunteerly.seed'))`);
    const seeder = new Seeder(tx as unknown as AppDb, passwordDigest);
    for (const tenant of SEED_TENANTS) await seeder.tenant(tenant);
    return seeder.created;
  });
}

type TResource = { type: "Organization" | "Desk"; id: number };

class Seeder {
  readonly created: TSeedCounts = {
    tenants: 0,
    organizations: 0,
    organizationProfiles: 0,
    addresses: 0,
    desks: 0,
    roles: 0,
    users: 0,
    usersRoles: 0,
    redirectRules: 0,
    translations: 0,
    siteSettings: 0,
    notifications: 0,
    activityEvents: 0,
    jobs: 0,
    volunteerProfiles: 0,
    helpPosts: 0,
    tags: 0,
    activities: 0,
    vacancies: 0,
    content: 0,
    socialMapOrganizations: 0,
    applications: 0,
    conversations: 0,
    messages: 0,
  };
  private readonly now = new Date();

  constructor(
    private readonly db: AppDb,
    private readonly passwordDigest: string,
  ) {}

  async tenant(t: TSeedTenant): Promise<void> {
    const [inserted] = await this.db
      .insert(tenants)
      .values({ slug: t.slug, name: t.name, settings: t.settings })
      .onConflictDoNothing({ target: tenants.slug })
      .returning({ id: tenants.id });
    if (inserted) this.created.tenants++;
    const tenantId =
      inserted?.id ??
      (await this.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, t.slug)))[0]
        .id;

    const orgs = SEED_ORGANIZATIONS[t.slug] ?? [];
    const orgIds = new Map<string, number>();
    // Centres first: everything else points at one.
    for (const org of orgs.filter((o) => o.type === "VolunteerCenter")) {
      orgIds.set(org.slug, await this.organization(tenantId, org, null));
    }
    const defaultCenterId = need(orgIds, t.anchors.defaultCenter, t.slug);
    await this.db
      .update(tenants)
      .set({ defaultVolunteerCenterId: defaultCenterId })
      .where(and(eq(tenants.id, tenantId), isNull(tenants.defaultVolunteerCenterId)));
    for (const org of orgs.filter((o) => o.type !== "VolunteerCenter")) {
      const centerId = org.center ? need(orgIds, org.center, t.slug) : defaultCenterId;
      orgIds.set(org.slug, await this.organization(tenantId, org, centerId));
    }

    const deskIds = new Map<string, number>();
    for (const desk of SEED_DESKS[t.slug] ?? []) {
      const [row] = await this.db
        .insert(desks)
        .values({
          tenantId,
          slug: desk.slug,
          azcName: desk.azcName,
          volunteerCenterId: desk.center ? need(orgIds, desk.center, t.slug) : defaultCenterId,
          organizationId: desk.organization ? need(orgIds, desk.organization, t.slug) : null,
          email: `${desk.slug}@${t.slug}.volunteerly.test`,
        })
        .onConflictDoNothing({ target: [desks.tenantId, desks.slug] })
        .returning({ id: desks.id });
      if (row) this.created.desks++;
      const id =
        row?.id ??
        (
          await this.db
            .select({ id: desks.id })
            .from(desks)
            .where(and(eq(desks.tenantId, tenantId), eq(desks.slug, desk.slug)))
        )[0].id;
      deskIds.set(desk.slug, id);
      if (desk.address) await this.address(tenantId, { type: "Desk", id }, desk.address);
    }

    const anchors: Record<string, TResource> = {
      defaultCenter: { type: "Organization", id: defaultCenterId },
      school: { type: "Organization", id: need(orgIds, t.anchors.school, t.slug) },
      organization: { type: "Organization", id: need(orgIds, t.anchors.organization, t.slug) },
      desk: { type: "Desk", id: need(deskIds, t.anchors.desk, t.slug) },
    };
    const secondCenterId = t.anchors.secondCenter
      ? need(orgIds, t.anchors.secondCenter, t.slug)
      : null;
    const userIds: number[] = [];
    for (const user of SEED_USERS) {
      if (user.secondCenter && secondCenterId === null) continue;
      const userId = await this.user(
        tenantId,
        t.slug,
        user,
        user.secondCenter ? secondCenterId : defaultCenterId,
      );
      userIds.push(userId);
      for (const role of user.roles) {
        const roleId = await this.role(tenantId, role.name, role.on ? anchors[role.on] : null);
        const added = await this.db
          .insert(usersRoles)
          .values({ tenantId, userId, roleId })
          .onConflictDoNothing()
          .returning({ userId: usersRoles.userId });
        this.created.usersRoles += added.length;
      }
    }

    await this.redirectRules(tenantId, t.slug);
    await this.translations(tenantId, t.slug);
    await this.siteSettings(tenantId, t.slug, defaultCenterId);
    const center = orgs.find((o) => o.slug === t.anchors.defaultCenter);
    await this.notifications(tenantId, userIds, { tenant: t.name, center: center?.name ?? t.name });
    this.created.activityEvents += await seedActivityEvents(this.db, tenantId, t.slug, this.now);
    await this.jobs(tenantId, t.slug, t.name);
    await seedPublicContent(
      { db: this.db, tenantId, slug: t.slug, orgIds, deskIds, defaultCenterId, now: this.now },
      this.created,
    );
    // After the vacancies (public content) and the users: an application joins both.
    const talked = await seedConversations(this.db, {
      tenantId,
      slug: t.slug,
      anchors: { school: anchors.school.id, organization: anchors.organization.id },
      now: this.now,
    });
    this.created.applications += talked.applications;
    this.created.conversations += talked.conversations;
    this.created.messages += talked.messages;
    await seedForms(this.db, { tenantId, slug: t.slug, centreId: defaultCenterId });
    if (t.settings.peerHelp) {
      this.created.helpPosts += await seedHelpPosts(this.db, {
        tenantId,
        slug: t.slug,
        now: this.now,
      });
    }
    if (t.settings.volunteerProfiles) {
      // The tags are there by now (public content); this only reads their ids.
      const { ids } = await seedTags(this.db, tenantId);
      this.created.volunteerProfiles += await seedVolunteerProfiles(
        this.db,
        tenantId,
        t.slug,
        ids,
        this.now,
      );
    }
  }

  /**
   * The four notifications of seed/notifications.ts for each user who has none yet (they
   * have no natural key: a user with any notification counts as seeded), in one insert
   * per tenant. Times count back from the seed's start.
   */
  private async notifications(
    tenantId: number,
    userIds: number[],
    names: { tenant: string; center: string },
  ): Promise<void> {
    if (userIds.length === 0) return;
    const seeded = await this.db
      .selectDistinct({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.tenantId, tenantId), inArray(notifications.userId, userIds)));
    const done = new Set(seeded.map((row) => row.userId));
    const at = (ms: number) => new Date(this.now.getTime() - ms);
    const values = userIds
      .filter((userId) => !done.has(userId))
      .flatMap((userId) =>
        seedNotifications(names).map(({ ageMs, readAfterMs, ...data }) => {
          const createdAt = at(ageMs);
          const readAt = readAfterMs === undefined ? null : at(ageMs - readAfterMs);
          return {
            tenantId,
            userId,
            ...ZNotification.parse(data),
            readAt,
            createdAt,
            updatedAt: readAt ?? createdAt,
          };
        }),
      );
    if (values.length === 0) return;
    const added = await this.db
      .insert(notifications)
      .values(values)
      .returning({ id: notifications.id });
    this.created.notifications += added.length;
  }

  /** The demo jobs of seed/jobs.ts; a job already there (same key) is left as it is. */
  private async jobs(tenantId: number, tenantSlug: string, siteName: string): Promise<void> {
    const at = (ms: number) => new Date(this.now.getTime() - ms);
    const values = seedJobs(tenantSlug, siteName).map(
      ({ createdAgoMs, finishedAgoMs, ...job }) => ({
        tenantId,
        kind: mailJob.kind,
        ...job,
        runAt: at(createdAgoMs),
        createdAt: at(createdAgoMs),
        updatedAt: at(finishedAgoMs),
        finishedAt: at(finishedAgoMs),
      }),
    );
    const added = await this.db
      .insert(jobs)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: jobs.id });
    this.created.jobs += added.length;
  }

  /** Checked against the same rules as the CHECK constraints, so a typo in the data file
   *  fails the seed with the rule it broke; an existing rule for a path is left as it is. */
  private async redirectRules(tenantId: number, tenantSlug: string): Promise<void> {
    const rules = (SEED_REDIRECT_RULES[tenantSlug] ?? []).map((r) => ZRedirectRule.parse(r));
    if (rules.length === 0) return;
    const added = await this.db
      .insert(redirectRules)
      .values(rules.map((rule) => ({ tenantId, ...rule })))
      .onConflictDoNothing({ target: [redirectRules.tenantId, redirectRules.path] })
      .returning({ id: redirectRules.id });
    this.created.redirectRules += added.length;
  }

  private async translations(tenantId: number, tenantSlug: string): Promise<void> {
    const rows = (SEED_TRANSLATIONS[tenantSlug] ?? []).map((r) => ZTranslation.parse(r));
    if (rows.length === 0) return;
    const added = await this.db
      .insert(translations)
      .values(rows.map((row) => ({ tenantId, ...row })))
      .onConflictDoNothing({
        target: [translations.tenantId, translations.locale, translations.key],
      })
      .returning({ id: translations.id });
    this.created.translations += added.length;
  }

  private async siteSettings(tenantId: number, tenantSlug: string, centerId: number) {
    const settings = SEED_SITE_SETTINGS[tenantSlug];
    if (!settings) return;
    const added = await this.db
      .insert(siteSettings)
      .values({ tenantId, volunteerCenterId: centerId, ...settings })
      .onConflictDoNothing({ target: siteSettings.volunteerCenterId })
      .returning({ id: siteSettings.id });
    this.created.siteSettings += added.length;
  }

  private async organization(
    tenantId: number,
    org: TSeedOrganization,
    volunteerCenterId: number | null,
  ): Promise<number> {
    const [row] = await this.db
      .insert(organizations)
      .values({
        tenantId,
        type: org.type,
        name: org.name,
        slug: org.slug,
        status: org.status,
        volunteerCenterId,
        email: `info@${org.slug}.volunteerly.test`,
        phone: org.phone ?? null,
      })
      .onConflictDoNothing({ target: [organizations.tenantId, organizations.slug] })
      .returning({ id: organizations.id });
    if (row) this.created.organizations++;
    const id =
      row?.id ??
      (
        await this.db
          .select({ id: organizations.id })
          .from(organizations)
          .where(and(eq(organizations.tenantId, tenantId), eq(organizations.slug, org.slug)))
      )[0].id;
    const profile = await this.db
      .insert(organizationProfiles)
      .values({
        tenantId,
        organizationId: id,
        description: org.about,
        contactName: org.contactName,
        contactEmail: `contact@${org.slug}.volunteerly.test`,
      })
      .onConflictDoNothing({ target: organizationProfiles.organizationId })
      .returning({ id: organizationProfiles.id });
    this.created.organizationProfiles += profile.length;
    await this.address(tenantId, { type: "Organization", id }, org.address);
    return id;
  }

  /** addresses has no unique key (it is polymorphic): one address per owner, found by owner. */
  private async address(tenantId: number, owner: TResource, value: TSeedAddress): Promise<void> {
    const [existing] = await this.db
      .select({ id: addresses.id })
      .from(addresses)
      .where(
        and(
          eq(addresses.tenantId, tenantId),
          eq(addresses.addressableType, owner.type),
          eq(addresses.addressableId, owner.id),
        ),
      );
    if (existing) return;
    await this.db
      .insert(addresses)
      .values({ tenantId, addressableType: owner.type, addressableId: owner.id, ...value });
    this.created.addresses++;
  }

  /** rolify `find_or_create`; the roles_name_resource_key constraint keeps roles unique. */
  private async role(tenantId: number, name: TRoleName, on: TResource | null): Promise<number> {
    const resource = on
      ? and(eq(roles.resourceType, on.type), eq(roles.resourceId, on.id))
      : and(isNull(roles.resourceType), isNull(roles.resourceId));
    const [existing] = await this.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), eq(roles.name, name), resource));
    if (existing) return existing.id;
    const [row] = await this.db
      .insert(roles)
      .values({ tenantId, name, resourceType: on?.type ?? null, resourceId: on?.id ?? null })
      .returning({ id: roles.id });
    this.created.roles++;
    return row.id;
  }

  private async user(
    tenantId: number,
    tenantSlug: string,
    user: TSeedUser,
    volunteerCenterId: number | null,
  ): Promise<number> {
    const email = seedEmail(user.localPart, tenantSlug);
    const [row] = await this.db
      .insert(users)
      .values({
        tenantId,
        email,
        uid: email,
        encryptedPassword: user.invited ? null : this.passwordDigest,
        firstName: user.firstName,
        lastName: user.lastName,
        locale: user.englishIn?.includes(tenantSlug) ? "en" : "nl",
        status: user.status,
        volunteerCenterId,
        confirmedAt: user.confirmed ? this.now : null,
        confirmationToken: user.confirmed
          ? null
          : tokenDigest(seedRawToken("confirmation", tenantSlug)),
        confirmationSentAt: user.confirmed ? null : this.now,
        invitationToken: user.invited ? tokenDigest(seedRawToken("invitation", tenantSlug)) : null,
        invitationSentAt: user.invited ? this.now : null,
      })
      .onConflictDoNothing({ target: [users.tenantId, users.email] })
      .returning({ id: users.id });
    if (row) {
      this.created.users++;
      return row.id;
    }
    const [existing] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.email, email)));
    return existing.id;
  }
}

/** A slug the data files name must exist: a typo fails the seed, not some page later. */
function need(ids: Map<string, number>, slug: string, tenantSlug: string): number {
  const id = ids.get(slug);
  if (id === undefined) throw new Error(`seed: '${slug}' is not seeded in tenant '${tenantSlug}'`);
  return id;
}
