import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { tokenDigest } from "../../../backend/auth/tokens";
import {
  activityRegistrations,
  calendarTokens,
  dataExports,
  poolInvitations,
  tenants,
  users,
  volunteerProfiles,
  volunteerProfileTags,
} from "../../../backend/db/schema";
import { insertConversation } from "../../../backend/queries/conversations";
import { createActivity } from "./activity-factories";
import type { TestApp } from "./app";
import { createApplication } from "./application-factory";
import { createContentPage, createNewsArticle, createStoredImage } from "./content-factories";
import {
  addRole,
  createNotification,
  createOrganization,
  createTenantWithCenter,
  createTranslation,
  createUser,
} from "./factories";
import { createForm, createSubmission } from "./form-factory";
import { createHelpPost } from "./help-post-factory";
import { mailDeletionLink } from "./permission-world";
import { createDesk, signedIn } from "./resources";
import { createFailedJob } from "./test-jobs";
import { createTag, createVacancy } from "./vacancy-factory";

/**
 * The two tenants of the cross-tenant sweep (tests/api/cross-tenant-sweep.test.ts). A is the
 * caller's: a superadmin and records to prove that a request is valid. B is the victim:
 * every kind of record, every name carrying SECRET (an answer that holds it read B), and a
 * user for each mailed token with the raw token known, as the mail would carry it.
 */

const hex = () => randomBytes(4).toString("hex");

async function placeAt(
  db: TestApp["database"]["db"],
  tenantId: number,
  centre: number,
  userId: number,
  when: "future" | "past",
) {
  const startsAt = new Date(Date.now() + (when === "future" ? 10 : -1) * 86_400_000);
  const activity = await createActivity(db, tenantId, { volunteerCenterId: centre, startsAt });
  const [row] = await db
    .insert(activityRegistrations)
    .values({ tenantId, activityId: activity.id, userId, status: "registered" })
    .returning({ id: activityRegistrations.id });
  return row.id;
}

export async function buildHome(t: TestApp) {
  const db = t.database.db;
  const { tenant, center } = await createTenantWithCenter(db);
  await db
    .update(tenants)
    .set({ settings: { moveOrganizations: true, peerHelp: true } })
    .where(eq(tenants.id, tenant.id));
  const D = await createOrganization(db, tenant.id, { type: "VolunteerCenter" });
  const O = await createOrganization(db, tenant.id, { volunteerCenterId: center.id });
  const desk = await createDesk(db, tenant.id, { volunteerCenterId: center.id });
  const superadmin = await createUser(db, tenant.id);
  await addRole(db, tenant.id, superadmin.id, "superadmin");
  const headers = await signedIn(db, tenant, superadmin.id);
  const neighbour = await createUser(db, tenant.id);
  const activity = (await createActivity(db, tenant.id, { volunteerCenterId: center.id })).id;
  const vacancy = await createVacancy(db, tenant.id, {
    organizationId: O.id,
    volunteerCenterId: center.id,
  });
  return {
    ...{ tenant, C: center.id, D: D.id, O: O.id, desk: desk.id, superadmin, headers },
    activity,
    vacancy: vacancy.id,
    /** A fresh live post of the caller (A's superadmin), who may close it and edit it. */
    helpPost: async () => (await createHelpPost(db, tenant.id, { userId: superadmin.id })).id,
    /** A fresh place of the caller's at an activity of C: "future" to give back, "past" to
     *  mark attendance (the caller, a superadmin, runs every activity). */
    registration: (when: "future" | "past") =>
      placeAt(db, tenant.id, center.id, superadmin.id, when),
    /** A fresh live post of someone else, which the caller may answer. */
    othersHelpPost: async () => (await createHelpPost(db, tenant.id, { userId: neighbour.id })).id,
  };
}
export type THome = Awaited<ReturnType<typeof buildHome>>;

export async function buildVictim(t: TestApp) {
  const db = t.database.db;
  const secret = `SECRET-${hex()}`;
  const { tenant, center } = await createTenantWithCenter(db);
  // Peer help on in B too: its posts are refused for their tenant, not for the feature.
  await db
    .update(tenants)
    .set({ settings: { peerHelp: true } })
    .where(eq(tenants.id, tenant.id));
  const org = (attrs: Parameters<typeof createOrganization>[2]) =>
    createOrganization(db, tenant.id, { name: `${secret} ${hex()}`, ...attrs });
  const D = await org({ type: "VolunteerCenter" });
  const O = await org({ volunteerCenterId: center.id });
  const pending = await org({ volunteerCenterId: center.id, status: "pending" });
  const desk = await createDesk(db, tenant.id, { volunteerCenterId: center.id });
  const person = async (attrs: Parameters<typeof createUser>[2] = {}) =>
    createUser(db, tenant.id, {
      email: `${secret.toLowerCase()}-${hex()}@example.test`,
      lastName: secret,
      volunteerCenterId: center.id,
      ...attrs,
    });
  const superadmin = await person();
  await addRole(db, tenant.id, superadmin.id, "superadmin");
  const admin = await person();
  await addRole(db, tenant.id, admin.id, "admin", { type: "Organization", id: O.id });
  const plain = await person({ confirmed: false });
  const notification = await createNotification(db, tenant.id, plain.id, { title: secret });
  const translation = await createTranslation(db, tenant.id, { value: secret });

  // A user per mailed token, each stored as the digest the api would store.
  const now = t.app.authSettings.now();
  const raw = {
    confirm: hex() + hex(),
    reset: hex() + hex(),
    unlock: hex() + hex(),
    invite: hex() + hex(),
    reconfirm: hex() + hex(),
  };
  const withToken = async (set: Partial<typeof users.$inferInsert>, confirmed = true) => {
    const row = await person({ confirmed });
    await db.update(users).set(set).where(eq(users.id, row.id));
    return row;
  };
  const unconfirmed = await withToken(
    { confirmationToken: tokenDigest(raw.confirm), confirmationSentAt: now },
    false,
  );
  // A confirmed user whose change of address waits for the link mailed to the new one.
  const pendingEmail = `${secret.toLowerCase()}-new-${hex()}@example.test`;
  const reconfirming = await withToken({
    unconfirmedEmail: pendingEmail,
    confirmationToken: tokenDigest(raw.reconfirm),
    confirmationSentAt: now,
  });
  const resetting = await withToken({
    resetPasswordToken: tokenDigest(raw.reset),
    resetPasswordSentAt: now,
  });
  const locked = await withToken({
    lockedAt: now,
    failedAttempts: 5,
    unlockToken: tokenDigest(raw.unlock),
  });
  const invited = await withToken({
    status: "invited",
    encryptedPassword: null,
    invitationToken: tokenDigest(raw.invite),
    invitationSentAt: now,
  });
  await addRole(db, tenant.id, invited.id, "member", { type: "Organization", id: O.id });
  const leaving = await person();
  const deletion = await mailDeletionLink(t, tenant.id, leaving.id);
  const vacancy = await createVacancy(db, tenant.id, {
    organizationId: O.id,
    volunteerCenterId: center.id,
    title: `${secret} vacature`,
  });
  // A tag of B's vocabulary, and a volunteer profile of B's with it as an interest.
  const tag = await createTag(db, tenant.id, { name: `${secret} tag` });
  await db.insert(volunteerProfiles).values({
    tenantId: tenant.id,
    userId: plain.id,
    about: secret,
    // In B's volunteer pool, so an invitation from A can only miss them by the tenant.
    inPool: true,
    poolOptedInAt: now,
  });
  await db
    .insert(volunteerProfileTags)
    .values({ tenantId: tenant.id, userId: plain.id, tagId: tag.id });
  const news = await createNewsArticle(db, tenant.id, {
    volunteerCenterId: center.id,
    title: secret,
  });
  // The plain user's calendar address and a ready data export with its mailed token
  // (docs/calendar-feed.md, docs/data-exports.md): the raw tokens are known to the sweep.
  const calendar = randomBytes(32).toString("base64url");
  const exportToken = randomBytes(32).toString("base64url");
  await db
    .insert(calendarTokens)
    .values({ tenantId: tenant.id, userId: plain.id, tokenDigest: tokenDigest(calendar) });
  await db.insert(dataExports).values({
    tenantId: tenant.id,
    userId: plain.id,
    status: "ready",
    content: JSON.stringify({ secret }),
    tokenDigest: tokenDigest(exportToken),
    readyAt: now,
    expiresAt: new Date(Date.now() + 24 * 3600_000),
  });

  const form = await createForm(db, tenant.id, {
    organizationId: O.id,
    volunteerCenterId: center.id,
    status: "published",
    title: secret,
  });
  const formSubmission = await createSubmission(db, tenant.id, form, { name: secret });

  return {
    tenant,
    secret,
    form: { id: form.id, token: form.token, submission: formSubmission.id },
    C: center.id,
    D: D.id,
    O: O.id,
    pending: pending.id,
    desk: desk.id,
    users: {
      superadmin,
      admin,
      plain,
      unconfirmed,
      reconfirming,
      resetting,
      locked,
      invited,
      leaving,
    },
    notification: notification.id,
    translation: translation.id,
    tag: tag.id,
    news: news.id,
    page: (await createContentPage(db, tenant.id, { title: secret })).id,
    image: (await createStoredImage(t.app, db, tenant.id)).id,
    raw: { ...raw, deletion, calendar, export: exportToken },
    pendingEmail,
    activity: (await createActivity(db, tenant.id, { volunteerCenterId: center.id, title: secret }))
      .id,
    job: (await createFailedJob(db, tenant.id, secret)).id,
    vacancy: vacancy.id,
    conversation: (
      await insertConversation(db, {
        tenantId: tenant.id,
        kind: "direct",
        applicationId: null,
        organizationId: center.id,
        volunteerId: plain.id,
        subject: secret,
        createdById: admin.id,
      })
    ).id,
    helpPost: (await createHelpPost(db, tenant.id, { userId: plain.id, title: secret })).id,
    registration: await placeAt(db, tenant.id, center.id, plain.id, "past"),
    poolInvitation: (
      await db
        .insert(poolInvitations)
        .values({
          tenantId: tenant.id,
          volunteerCenterId: center.id,
          vacancyId: vacancy.id,
          userId: plain.id,
          message: secret,
        })
        .returning({ id: poolInvitations.id })
    )[0].id,
    application: (
      await createApplication(db, tenant.id, {
        vacancyId: vacancy.id,
        organizationId: O.id,
        volunteerCenterId: center.id,
        userId: plain.id,
        motivation: secret,
      })
    ).id,
  };
}
export type TVictim = Awaited<ReturnType<typeof buildVictim>>;
