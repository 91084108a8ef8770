import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  activityRegistrations,
  calendarTokens,
  conversations,
  dataExports,
  helpPosts,
  messages,
  poolInvitations,
} from "../../backend/db/schema";
import { createActivity } from "./support/activity-factories";
import { createTestApp, type TestApp } from "./support/app";
import { linkIn, NO_RATE_LIMITS } from "./support/auth";
import {
  addRole,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";
import { createHelpPost } from "./support/help-post-factory";
import { signedIn } from "./support/resources";
import { createVacancy } from "./support/vacancy-factory";

// Account deletion (docs/impersonation-and-account-deletion.md) and what came with the
// calendar address and "download my data": the deleted person's messages stay in their
// threads without an author, their pool invitations, calendar address and data exports go.

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
let a: TSetup;

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" }, { auth: { rateLimits: NO_RATE_LIMITS } });
  a = await createTenantWithCenter(t.database.db);
});
afterAll(() => t.close());

async function deleteAccount(userId: number, email: string) {
  const headers = await signedIn(t.database.db, a.tenant, userId);
  const asked = await t.app.inject({
    method: "POST",
    url: "/api/v1/account_deletions",
    headers,
  });
  expect(asked.statusCode).toBe(202);
  const token = linkIn(t.mailer.last(email)?.text ?? "").searchParams.get("token");
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/account_deletions/confirm",
    headers: { "x-tenant": a.tenant.slug, "content-type": "application/vnd.api+json" },
    payload: JSON.stringify({ data: { type: "account_deletion", attributes: { token } } }),
  });
  expect(res.statusCode).toBe(200);
}

describe("deleting an account", () => {
  it("keeps the person's messages in the thread, without an author; the other side's stay", async () => {
    const db = t.database.db;
    const tenantId = a.tenant.id;
    const vera = await createUser(db, tenantId, { volunteerCenterId: a.center.id });
    const staff = await createUser(db, tenantId, { volunteerCenterId: a.center.id });
    const [thread] = await db
      .insert(conversations)
      .values({ tenantId, kind: "direct", organizationId: a.center.id, volunteerId: vera.id })
      .returning();
    await db.insert(messages).values([
      { tenantId, conversationId: thread.id, authorId: vera.id, body: "Van Vera" },
      { tenantId, conversationId: thread.id, authorId: staff.id, body: "Van het centrum" },
    ]);
    await deleteAccount(vera.id, vera.email);
    const rows = await db
      .select({ authorId: messages.authorId, body: messages.body })
      .from(messages)
      .where(eq(messages.conversationId, thread.id))
      .orderBy(messages.id);
    expect(rows).toEqual([
      { authorId: null, body: "Van Vera" },
      { authorId: staff.id, body: "Van het centrum" },
    ]);
    // The centre's side still reads the thread, the deleted author nameless.
    await addRole(db, tenantId, staff.id, "member", { type: "Organization", id: a.center.id });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/conversations/${thread.id}?include=messages`,
      headers: await signedIn(db, a.tenant, staff.id),
    });
    expect(res.statusCode).toBe(200);
    const shown = res
      .json()
      .included.filter((r: { type: string }) => r.type === "message")
      .map((r: { attributes: Record<string, unknown> }) => r.attributes);
    expect(shown).toEqual([
      expect.objectContaining({ body: "Van Vera", author_id: null, author_name: null }),
      expect.objectContaining({ body: "Van het centrum", author_id: staff.id }),
    ]);
  });

  it("deletes their pool invitations, calendar address and data exports, and no one else's", async () => {
    const db = t.database.db;
    const tenantId = a.tenant.id;
    const org = await createOrganization(db, tenantId, { volunteerCenterId: a.center.id });
    const vacancy = await createVacancy(db, tenantId, {
      organizationId: org.id,
      volunteerCenterId: a.center.id,
    });
    const vera = await createUser(db, tenantId, { volunteerCenterId: a.center.id });
    const bob = await createUser(db, tenantId, { volunteerCenterId: a.center.id });
    for (const user of [vera, bob]) {
      await db.insert(poolInvitations).values({
        tenantId,
        volunteerCenterId: a.center.id,
        vacancyId: vacancy.id,
        userId: user.id,
      });
      await db.insert(dataExports).values({ tenantId, userId: user.id, status: "pending" });
      await createHelpPost(db, tenantId, { userId: user.id });
    }
    // Vera's calendar address through the api, so the feed can be asked afterwards.
    const made = await t.app.inject({
      method: "POST",
      url: "/api/v1/calendar_tokens",
      headers: await signedIn(db, a.tenant, vera.id),
    });
    const feed = new URL(made.json().data.attributes.url).pathname;
    await t.app.inject({
      method: "POST",
      url: "/api/v1/calendar_tokens",
      headers: await signedIn(db, a.tenant, bob.id),
    });

    await deleteAccount(vera.id, vera.email);

    const left = async (userId: number) => ({
      invitations: (
        await db.select().from(poolInvitations).where(eq(poolInvitations.userId, userId))
      ).length,
      exports: (await db.select().from(dataExports).where(eq(dataExports.userId, userId))).length,
      calendar: (await db.select().from(calendarTokens).where(eq(calendarTokens.userId, userId)))
        .length,
      posts: (await db.select().from(helpPosts).where(eq(helpPosts.userId, userId))).length,
    });
    expect(await left(vera.id)).toEqual({ invitations: 0, exports: 0, calendar: 0, posts: 0 });
    expect(await left(bob.id)).toEqual({ invitations: 1, exports: 1, calendar: 1, posts: 1 });
    const res = await t.app.inject({
      method: "GET",
      url: feed,
      headers: { "x-tenant": a.tenant.slug },
    });
    expect(res.statusCode).toBe(404);
  });

  it("gives back their places at activities to come, to the first in line; the past ones stay", async () => {
    const db = t.database.db;
    const tenantId = a.tenant.id;
    const vera = await createUser(db, tenantId, { volunteerCenterId: a.center.id });
    const bob = await createUser(db, tenantId, { volunteerCenterId: a.center.id });
    const day = 86_400_000;
    const soon = await createActivity(db, tenantId, {
      volunteerCenterId: a.center.id,
      startsAt: new Date(Date.now() + 7 * day),
      capacity: 1,
    });
    const past = await createActivity(db, tenantId, {
      volunteerCenterId: a.center.id,
      startsAt: new Date(Date.now() - 7 * day),
    });
    await db.insert(activityRegistrations).values([
      { tenantId, activityId: soon.id, userId: vera.id, status: "registered" },
      { tenantId, activityId: soon.id, userId: bob.id, status: "waitlisted" },
      {
        tenantId,
        activityId: past.id,
        userId: vera.id,
        status: "registered",
        attended: true,
        minutes: 60,
      },
    ]);

    await deleteAccount(vera.id, vera.email);

    const statusOf = async (activityId: number, userId: number) =>
      (
        await db
          .select()
          .from(activityRegistrations)
          .where(eq(activityRegistrations.userId, userId))
      )
        .filter((r) => r.activityId === activityId)
        .map((r) => r.status);
    expect(await statusOf(soon.id, vera.id)).toEqual(["cancelled"]);
    expect(await statusOf(soon.id, bob.id)).toEqual(["registered"]);
    expect(await statusOf(past.id, vera.id)).toEqual(["registered"]);
  });
});
