import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenDigest } from "../../backend/auth/tokens";
import {
  activityEvents,
  applications,
  auditEvents,
  conversationParticipants,
  notifications,
  roles,
  users,
  usersRoles,
  volunteerProfiles,
} from "../../backend/db/schema";
import type { MailMessage } from "../../backend/mail/mailer";
import { DELETION_VALID_MS, REQUESTED_MESSAGE } from "../../backend/routes/account-deletions";
import { startApplicationConversation } from "../../backend/services/conversations";
import { createTestApp, type TestApp } from "./support/app";
import { createApplication } from "./support/application-factory";
import { linkIn, NO_RATE_LIMITS, signIn, testClock, userRow } from "./support/auth";
import {
  addRole,
  createActivityEvent,
  createNotification,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";
import { signedIn } from "./support/resources";
import { createVacancy } from "./support/vacancy-factory";

// POST /api/v1/account_deletions and /confirm (spec §2 /account/verwijderen).

let t: TestApp;
const clock = testClock(new Date("2026-03-02T10:00:00Z"));
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
let a: TSetup;
let b: TSetup;

const JSONAPI = /^application\/vnd\.api\+json/;
const REQUESTED = { meta: { message: REQUESTED_MESSAGE } };

function request(
  tenant: { slug: string },
  attributes: Record<string, unknown> | undefined,
  headers: Record<string, string> = {},
  app = t,
) {
  return app.app.inject({
    method: "POST",
    url: "/api/v1/account_deletions",
    headers: {
      "x-tenant": tenant.slug,
      ...headers,
      ...(attributes === undefined ? {} : { "content-type": "application/vnd.api+json" }),
    },
    ...(attributes === undefined
      ? {}
      : { payload: JSON.stringify({ data: { type: "account_deletion", attributes } }) }),
  });
}

const confirm = (tenant: { slug: string }, token: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/account_deletions/confirm",
    headers: { "x-tenant": tenant.slug, "content-type": "application/vnd.api+json" },
    payload: JSON.stringify({ data: { type: "account_deletion", attributes: { token } } }),
  });

const mailsTo = (email: string) => t.mailer.sent.filter((m) => m.to === email);

/** The raw token of the newest deletion mail to `email`. */
function tokenMailedTo(email: string): string {
  const mail = t.mailer.last(email);
  if (!mail) throw new Error(`no mail to ${email}`);
  const token = linkIn(mail.text).searchParams.get("token");
  if (!token) throw new Error("no token in the link");
  return token;
}

async function mailedUser(setup: TSetup, attrs: Parameters<typeof createUser>[2] = {}) {
  const user = await createUser(t.database.db, setup.tenant.id, {
    volunteerCenterId: setup.center.id,
    ...attrs,
  });
  const res = await request(setup.tenant, { email: user.email });
  expect(res.statusCode).toBe(202);
  return { user, token: tokenMailedTo(user.email) };
}

beforeAll(async () => {
  t = await createTestApp({}, { auth: { now: clock.now, rateLimits: NO_RATE_LIMITS } });
  a = await createTenantWithCenter(t.database.db);
  b = await createTenantWithCenter(t.database.db);
});

afterAll(async () => {
  await t?.close();
});

describe("POST /api/v1/account_deletions", () => {
  it("answers the same 202 for an unknown, a known and an anonymised address, and mails only the known one", async () => {
    const known = await createUser(t.database.db, a.tenant.id);
    const gone = await createUser(t.database.db, a.tenant.id);
    await t.database.db
      .update(users)
      .set({ anonymizedAt: clock.now(), status: "archived" })
      .where(eq(users.id, gone.id));
    const answers = [];
    for (const email of ["nobody-here@example.test", known.email, gone.email]) {
      const res = await request(a.tenant, { email });
      expect(res.headers["content-type"]).toMatch(JSONAPI);
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers).toEqual([
      { status: 202, body: REQUESTED },
      { status: 202, body: REQUESTED },
      { status: 202, body: REQUESTED },
    ]);
    expect(mailsTo("nobody-here@example.test")).toEqual([]);
    expect(mailsTo(known.email)).toHaveLength(1);
    expect(mailsTo(gone.email)).toEqual([]);
    expect((await userRow(t.database.db, gone.id)).deletionToken).toBeNull();
  });

  it("mails a link to /account/verwijderen on the site, stores only the token's digest, in Dutch by default", async () => {
    const { user, token } = await mailedUser(a, { firstName: "Anna" });
    const mail = t.mailer.last(user.email) as MailMessage;
    expect(mail.subject).toBe(`Bevestig het verwijderen van je account bij ${a.tenant.name}`);
    expect(mail.text).toContain("Hallo Anna,");
    expect(mail.text).toContain("De link is 24 uur geldig.");
    expect(mail.tenantId).toBe(a.tenant.id);
    const link = linkIn(mail.text);
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost/account/verwijderen");
    expect(mail.html).toContain('href="http://localhost/account/verwijderen?token=');
    const row = await userRow(t.database.db, user.id);
    expect(row.deletionToken).toBe(tokenDigest(token));
    expect(row.deletionToken).not.toContain(token);
    expect(row.deletionSentAt).toEqual(clock.now());
  });

  it("writes in English to a user who chose English, and links to the site the web forwarded", async () => {
    const user = await createUser(t.database.db, a.tenant.id, { locale: "en", firstName: "Ed" });
    await request(
      a.tenant,
      { email: `  ${user.email.toUpperCase()} ` },
      { "x-forwarded-host": "oldebroek.localhost:3000", "x-forwarded-proto": "https" },
    );
    const mail = t.mailer.last(user.email) as MailMessage;
    expect(mail.subject).toBe(`Confirm the deletion of your ${a.tenant.name} account`);
    expect(mail.text).toContain("Hello Ed,");
    expect(mail.text).toContain("The link is valid for 24 hours.");
    expect(linkIn(mail.text).origin).toBe("https://oldebroek.localhost:3000");
  });

  it("puts no link into the mail for a host that is not allowed", async () => {
    const user = await createUser(t.database.db, a.tenant.id);
    await request(a.tenant, { email: user.email }, { "x-forwarded-host": "evil.example.com" });
    const mail = t.mailer.last(user.email) as MailMessage;
    expect(mail.text).not.toMatch(/https?:\/\//);
    expect(mail.text).not.toContain("evil");
  });

  it("signed in, the address may be left out: the caller's own account is meant", async () => {
    const user = await createUser(t.database.db, a.tenant.id);
    const withEmptyAttributes = await request(
      a.tenant,
      {},
      await signedIn(t.database.db, a.tenant, user.id),
    );
    expect(withEmptyAttributes.statusCode).toBe(202);
    expect(withEmptyAttributes.json()).toEqual(REQUESTED);
    const withoutBody = await request(
      a.tenant,
      undefined,
      await signedIn(t.database.db, a.tenant, user.id),
    );
    expect(withoutBody.statusCode).toBe(202);
    expect(mailsTo(user.email)).toHaveLength(2);
  });

  it("signed in, an address given is the account asked about, not the caller's", async () => {
    const caller = await createUser(t.database.db, a.tenant.id);
    const other = await createUser(t.database.db, a.tenant.id);
    const headers = await signedIn(t.database.db, a.tenant, caller.id);
    await request(a.tenant, { email: other.email }, headers);
    expect(mailsTo(other.email)).toHaveLength(1);
    expect(mailsTo(caller.email)).toEqual([]);
  });

  it("signed out, the address is required and must be an address: 422, no mail", async () => {
    const before = t.mailer.sent.length;
    for (const [attributes, code] of [
      [{}, "blank"],
      [{ email: "   " }, "blank"],
      [{ email: "not-an-address" }, "invalid"],
      [{ email: 42 }, "invalid"],
    ] as const) {
      const res = await request(a.tenant, attributes);
      expect(res.statusCode, JSON.stringify(attributes)).toBe(422);
      expect(res.json().errors[0]).toMatchObject({
        code,
        source: { pointer: "/data/attributes/email" },
      });
    }
    const missing = await request(a.tenant, undefined);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0]).toMatchObject({ code: "parameter_missing" });
    expect(t.mailer.sent.length).toBe(before);
  });

  it("looks only in the request's tenant: the same address in another tenant gets no mail", async () => {
    const email = `twice-${Date.now()}@example.test`;
    const inA = await createUser(t.database.db, a.tenant.id, { email });
    const inB = await createUser(t.database.db, b.tenant.id, { email });
    await request(b.tenant, { email });
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].tenantId).toBe(b.tenant.id);
    expect((await userRow(t.database.db, inA.id)).deletionToken).toBeNull();
    expect((await userRow(t.database.db, inB.id)).deletionToken).not.toBeNull();
  });

  it("answers 202 even when the mail cannot be sent, so a failure tells nothing", async () => {
    const user = await createUser(t.database.db, a.tenant.id);
    const send = t.mailer.send;
    t.mailer.send = async () => {
      throw new Error("smtp down");
    };
    try {
      const res = await request(a.tenant, { email: user.email });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual(REQUESTED);
    } finally {
      t.mailer.send = send;
    }
  });

  it("a new request replaces the token: the older link stops working", async () => {
    const { user, token: first } = await mailedUser(a);
    await request(a.tenant, { email: user.email });
    const second = tokenMailedTo(user.email);
    expect(second).not.toBe(first);
    const res = await confirm(a.tenant, first);
    expect(res.statusCode).toBe(422);
    expect((await userRow(t.database.db, user.id)).anonymizedAt).toBeNull();
  });
});

describe("POST /api/v1/account_deletions rate limits", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp(
      {},
      {
        auth: {
          rateLimits: {
            ...NO_RATE_LIMITS,
            mailPerAccount: { points: 2, durationSeconds: 900 },
            mailPerIp: { points: 4, durationSeconds: 900 },
          },
        },
      },
    );
  });
  afterAll(async () => {
    await limited?.close();
  });

  const ask = (email: string, ip: string) =>
    limited.app.inject({
      method: "POST",
      url: "/api/v1/account_deletions",
      remoteAddress: ip,
      headers: { "x-tenant": "demo", "content-type": "application/vnd.api+json" },
      payload: JSON.stringify({ data: { type: "account_deletion", attributes: { email } } }),
    });

  it("counts per account and per IP, and answers 429 with Retry-After once either is spent", async () => {
    const { tenant } = await createTenantWithCenter(limited.database.db, "demo");
    const user = await createUser(limited.database.db, tenant.id);
    expect((await ask(user.email, "192.0.2.1")).statusCode).toBe(202);
    expect((await ask(user.email, "192.0.2.2")).statusCode).toBe(202);
    const perAccount = await ask(user.email, "192.0.2.3");
    expect(perAccount.statusCode).toBe(429);
    expect(Number(perAccount.headers["retry-after"])).toBeGreaterThan(0);
    expect(perAccount.json().errors[0]).toMatchObject({
      status: "429",
      title: "Too Many Requests",
    });
    expect(limited.mailer.sent.filter((m) => m.to === user.email)).toHaveLength(2);

    // An unknown address counts the same way, so the limit tells nothing either.
    for (const n of [1, 2, 3, 4]) {
      expect((await ask(`stranger-${n}@example.test`, "192.0.2.9")).statusCode).toBe(202);
    }
    expect((await ask("stranger-5@example.test", "192.0.2.9")).statusCode).toBe(429);
  });
});

describe("POST /api/v1/account_deletions/confirm", () => {
  it("refuses a blank token and an unknown one with 422 on /data/attributes/token", async () => {
    for (const [token, code] of [
      ["", "blank"],
      ["   ", "blank"],
      ["not-a-token-anybody-got", "invalid"],
    ] as const) {
      const res = await confirm(a.tenant, token);
      expect(res.statusCode, token).toBe(422);
      expect(res.json().errors[0]).toMatchObject({
        status: "422",
        code,
        source: { pointer: "/data/attributes/token" },
      });
    }
  });

  it("refuses a token older than 24 hours with 422 expired, and changes nothing", async () => {
    const { user, token } = await mailedUser(a);
    clock.advance(DELETION_VALID_MS + 1);
    try {
      const res = await confirm(a.tenant, token);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toMatchObject({
        code: "expired",
        source: { pointer: "/data/attributes/token" },
      });
      const row = await userRow(t.database.db, user.id);
      expect(row.email).toBe(user.email);
      expect(row.anonymizedAt).toBeNull();
    } finally {
      clock.advance(-(DELETION_VALID_MS + 1));
    }
  });

  it("accepts a token just inside 24 hours", async () => {
    const { user, token } = await mailedUser(a);
    clock.advance(DELETION_VALID_MS);
    try {
      expect((await confirm(a.tenant, token)).statusCode).toBe(200);
      expect((await userRow(t.database.db, user.id)).anonymizedAt).not.toBeNull();
    } finally {
      clock.advance(-DELETION_VALID_MS);
    }
  });

  it("does not take another tenant's token (422), and changes nothing there", async () => {
    const { user, token } = await mailedUser(a);
    const res = await confirm(b.tenant, token);
    expect(res.statusCode).toBe(422);
    expect((await userRow(t.database.db, user.id)).anonymizedAt).toBeNull();
  });

  describe("with a good token", () => {
    const db = () => t.database.db;
    let user: Awaited<ReturnType<typeof createUser>>;
    let other: Awaited<ReturnType<typeof createUser>>;
    let organization: { id: number };
    let ownOrganization: { id: number };
    let session: Record<string, string>;
    let answer: Awaited<ReturnType<typeof confirm>>;
    let token: string;

    beforeAll(async () => {
      organization = await createOrganization(db(), a.tenant.id, {
        volunteerCenterId: a.center.id,
      });
      ownOrganization = await createOrganization(db(), a.tenant.id, {
        volunteerCenterId: a.center.id,
      });
      other = await createUser(db(), a.tenant.id);
      await addRole(db(), a.tenant.id, other.id, "admin", {
        type: "Organization",
        id: organization.id,
      });
      await createNotification(db(), a.tenant.id, other.id);
      const mailed = await mailedUser(a, { firstName: "Dora", lastName: "Delete" });
      user = mailed.user;
      token = mailed.token;
      await db().update(users).set({ phone: "0612345678" }).where(eq(users.id, user.id));
      await addRole(db(), a.tenant.id, user.id, "volunteer");
      await addRole(db(), a.tenant.id, user.id, "admin", {
        type: "Organization",
        id: organization.id,
      });
      await addRole(db(), a.tenant.id, user.id, "member", {
        type: "Organization",
        id: ownOrganization.id,
      });
      await createNotification(db(), a.tenant.id, user.id);
      await createActivityEvent(db(), a.tenant.id, user.id, { action: "signed_in" });
      session = await signedIn(db(), a.tenant, user.id);
      answer = await confirm(a.tenant, token);
    });

    it("answers 200 with a message", () => {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-type"]).toMatch(JSONAPI);
      expect(answer.json()).toEqual({ meta: { message: "The account has been deleted." } });
    });

    it("anonymises the account and keeps the row", async () => {
      const row = await userRow(db(), user.id);
      const address = `deleted-${user.id}@deleted.invalid`;
      expect(row).toMatchObject({
        email: address,
        uid: address,
        firstName: null,
        lastName: null,
        phone: null,
        encryptedPassword: null,
        tokens: {},
        confirmationToken: null,
        resetPasswordToken: null,
        unlockToken: null,
        invitationToken: null,
        deletionToken: null,
        currentSignInIp: null,
        lastSignInIp: null,
        status: "archived",
        volunteerCenterId: a.center.id,
      });
      expect(row.anonymizedAt).toEqual(clock.now());
    });

    it("removes every role, and the role rows nobody else holds", async () => {
      const held = await db().select().from(usersRoles).where(eq(usersRoles.userId, user.id));
      expect(held).toEqual([]);
      const shared = await db()
        .select()
        .from(roles)
        .where(and(eq(roles.name, "admin"), eq(roles.resourceId, organization.id)));
      expect(shared).toHaveLength(1);
      const own = await db()
        .select()
        .from(roles)
        .where(and(eq(roles.name, "member"), eq(roles.resourceId, ownOrganization.id)));
      expect(own).toEqual([]);
    });

    it("deletes the user's notifications and nobody else's; keeps their activity", async () => {
      const mine = await db().select().from(notifications).where(eq(notifications.userId, user.id));
      expect(mine).toEqual([]);
      const theirs = await db()
        .select()
        .from(notifications)
        .where(eq(notifications.userId, other.id));
      expect(theirs).toHaveLength(1);
      const activity = await db()
        .select()
        .from(activityEvents)
        .where(eq(activityEvents.userId, user.id));
      expect(activity).toHaveLength(1);
    });

    it("audits account_deleted by the user, without a label, under their centre", async () => {
      const entries = await db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.subjectType, "User"), eq(auditEvents.subjectId, user.id)));
      expect(entries).toEqual([
        expect.objectContaining({
          tenantId: a.tenant.id,
          actorId: user.id,
          action: "account_deleted",
          subjectLabel: null,
          volunteerCenterId: a.center.id,
          details: {},
        }),
      ]);
    });

    it("ends every session of the account", async () => {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/v1/current_user",
        headers: session,
      });
      expect(res.statusCode).toBe(401);
    });

    it("can never sign in again, by the old address or the new one", async () => {
      for (const email of [user.email, `deleted-${user.id}@deleted.invalid`]) {
        const { res } = await signIn(t.app, a.tenant.slug, email, user.password);
        expect(res.statusCode, email).toBe(401);
        expect(res.json().errors).toEqual(["Invalid login credentials. Please try again."]);
        expect(res.headers["access-token"]).toBeUndefined();
      }
    });

    it("is not found by e-mail any more (password reset, deletion)", async () => {
      const before = t.mailer.sent.length;
      const reset = await t.app.inject({
        method: "POST",
        url: "/auth/password",
        headers: { "x-tenant": a.tenant.slug },
        payload: {
          email: `deleted-${user.id}@deleted.invalid`,
          redirect_url: "http://localhost/auth/reset",
        },
      });
      expect(reset.statusCode).toBe(404);
      for (const email of [user.email, `deleted-${user.id}@deleted.invalid`]) {
        const res = await request(a.tenant, { email });
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual(REQUESTED);
      }
      expect(t.mailer.sent.length).toBe(before);
      expect((await userRow(db(), user.id)).deletionToken).toBeNull();
    });

    it("does not take the same token twice", async () => {
      const res = await confirm(a.tenant, token);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ code: "invalid" });
    });
  });
});

describe("a deleted account's volunteering", () => {
  it("takes the profile and motivations away, withdraws what was open and tells the organisation", async () => {
    const db = t.database.db;
    const organization = await createOrganization(db, a.tenant.id, {
      volunteerCenterId: a.center.id,
    });
    const staff = await createUser(db, a.tenant.id, { volunteerCenterId: a.center.id });
    await addRole(db, a.tenant.id, staff.id, "member", {
      type: "Organization",
      id: organization.id,
    });
    const { user, token } = await mailedUser(a);
    const vacancy = await createVacancy(db, a.tenant.id, {
      organizationId: organization.id,
      volunteerCenterId: a.center.id,
      title: "Boodschappen doen",
    });
    const application = await createApplication(db, a.tenant.id, {
      vacancyId: vacancy.id,
      organizationId: organization.id,
      volunteerCenterId: a.center.id,
      userId: user.id,
      motivation: "Ik woon om de hoek, Dorpsstraat 1.",
    });
    const thread = await startApplicationConversation(db, application);
    await db
      .insert(volunteerProfiles)
      .values({ tenantId: a.tenant.id, userId: user.id, about: "Ik heet Jan." });

    expect((await confirm(a.tenant, token)).statusCode).toBe(200);

    const [after] = await db.select().from(applications).where(eq(applications.id, application.id));
    expect(after).toMatchObject({ status: "withdrawn", motivation: "" });
    expect(
      await db.select().from(volunteerProfiles).where(eq(volunteerProfiles.userId, user.id)),
    ).toEqual([]);
    const places = await db
      .select()
      .from(conversationParticipants)
      .where(eq(conversationParticipants.conversationId, thread.id));
    expect(places.map((p) => p.userId)).toEqual([staff.id]);
    const [notice] = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, staff.id))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(notice).toMatchObject({
      title: "Reactie teruggetrokken: Boodschappen doen",
      body: "Een vrijwilliger heeft de reactie op de vacature Boodschappen doen teruggetrokken.",
    });
  });
});
