import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../backend/app";
import { issueToken } from "../../backend/auth/authenticate";
import type { Database } from "../../backend/db/client";
import {
  applicationTransitions,
  conversations,
  dataExports,
  messages,
  poolInvitations,
  tags,
  users,
  volunteerProfiles,
  volunteerProfileTags,
} from "../../backend/db/schema";
import { parseEnv } from "../../backend/env";
import { cleanupJobsJob } from "../../backend/jobs/cleanup";
import { enqueue } from "../../backend/jobs/queue";
import { createMailer } from "../../backend/mail/transport";
import { amsterdamToday } from "../../backend/queries/vacancies";
import { EXPORTS_PER_DAY } from "../../backend/routes/data-exports";
import { DATA_EXPORT_LINK_HOURS } from "../../lib/contract/data-exports";
import { createApplication } from "./support/application-factory";
import { linkIn, NO_RATE_LIMITS, signIn, testClock } from "./support/auth";
import { freshDatabase } from "./support/database";
import {
  createNotification,
  createOrganization,
  createTenantWithCenter,
  createUser,
  TEST_PASSWORD,
} from "./support/factories";
import { createHelpPost } from "./support/help-post-factory";
import { startSmtpSink, type TSmtpSink } from "./support/smtp-sink";
import { createVacancy } from "./support/vacancy-factory";

// "Download my data" (docs/data-exports.md): POST and GET /api/v1/data_exports, the job that
// prepares the file and mails its link through a real SMTP server, and the download that
// needs the token and the session of its owner, for DATA_EXPORT_LINK_HOURS.

type THeaders = Record<string, string>;
type TPerson = { id: number; email: string; headers: THeaders };
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;

// Real time onwards (queued jobs are due from the database's now), moved by hand.
const clock = testClock(new Date(Date.now() + 60_000));
const HOUR_MS = 3_600_000;
let database: Database;
let app: FastifyInstance;
let sink: TSmtpSink;
let a: TSetup;
let b: TSetup;
let vera: TPerson;
let eve: TPerson;
let other: TPerson;
let orgName: string;

async function person(setup: TSetup, attrs: Parameters<typeof createUser>[2] = {}) {
  const user = await createUser(database.db, setup.tenant.id, {
    volunteerCenterId: setup.center.id,
    ...attrs,
  });
  const auth = await issueToken(database.db, setup.tenant.id, user.id, { now: clock.now });
  return { id: user.id, email: user.email, headers: { "x-tenant": setup.tenant.slug, ...auth } };
}

/** Vera's life on the site: a profile with an interest, an application that moved, a thread
 *  with a message of hers and one of the organisation's, a notification, an invitation. */
async function fillVera() {
  const db = database.db;
  const tenantId = a.tenant.id;
  orgName = "Buurthuis Één";
  const org = await createOrganization(db, tenantId, {
    name: orgName,
    volunteerCenterId: a.center.id,
  });
  const [tag] = await db.insert(tags).values({ tenantId, name: "Zorg", slug: "zorg" }).returning();
  await db
    .insert(volunteerProfiles)
    .values({ tenantId, userId: vera.id, about: "Ik lees graag voor", city: "Oldebroek" });
  await db.insert(volunteerProfileTags).values({ tenantId, userId: vera.id, tagId: tag.id });
  const vacancy = await createVacancy(db, tenantId, {
    organizationId: org.id,
    volunteerCenterId: a.center.id,
    title: "Voorlezen",
  });
  const application = await createApplication(db, tenantId, {
    vacancyId: vacancy.id,
    organizationId: org.id,
    volunteerCenterId: a.center.id,
    userId: vera.id,
    motivation: "Ik wil graag helpen",
  });
  await db.insert(applicationTransitions).values({
    tenantId,
    applicationId: application.id,
    event: "reply",
    fromStatus: "new",
    toStatus: "in_conversation",
    actorId: null,
  });
  const [thread] = await db
    .insert(conversations)
    .values({
      tenantId,
      kind: "application",
      applicationId: application.id,
      organizationId: org.id,
      volunteerId: vera.id,
    })
    .returning();
  await db.insert(messages).values([
    { tenantId, conversationId: thread.id, authorId: vera.id, body: "Wanneer kan ik beginnen?" },
    { tenantId, conversationId: thread.id, authorId: null, body: "Geheim van de organisatie" },
  ]);
  await createNotification(db, tenantId, vera.id, { title: "Nieuwe reactie", kind: "message" });
  await db.insert(poolInvitations).values({
    tenantId,
    volunteerCenterId: a.center.id,
    vacancyId: vacancy.id,
    userId: vera.id,
    message: "Zou je dit willen doen?",
  });
  await createHelpPost(db, tenantId, { userId: vera.id, title: "Wie doet mijn boodschappen?" });
  // A real sign-in, so the file has one to show.
  const { res } = await signIn(app, a.tenant.slug, vera.email, TEST_PASSWORD);
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  database = await freshDatabase();
  sink = await startSmtpSink();
  const config = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    TOKEN_ROTATION: "false",
    SMTP_URL: sink.url,
  });
  app = await buildApp({
    database,
    config,
    mailer: createMailer(config, database.db),
    logger: false,
    auth: { rateLimits: NO_RATE_LIMITS, now: clock.now },
    jobs: { drainBeforeReply: true, now: clock.now },
  });
  await app.ready();
  a = await createTenantWithCenter(database.db);
  b = await createTenantWithCenter(database.db);
  vera = await person(a, { firstName: "Vera" });
  eve = await person(a, { firstName: "Eve", locale: "en" });
  other = await person(b, { firstName: "Otto" });
  await fillVera();
});
afterAll(async () => {
  await app?.close();
  await sink?.close();
  await database?.close();
});

const URL = "/api/v1/data_exports";
const ask = (headers: THeaders) =>
  app.inject({
    method: "POST",
    url: URL,
    headers: {
      ...headers,
      "x-forwarded-host": "oldebroek.localhost:3000",
      "x-forwarded-proto": "https",
    },
  });
const download = (token: string, headers: THeaders) =>
  app.inject({
    method: "GET",
    url: `${URL}/download?${new URLSearchParams({ token })}`,
    headers,
  });

/** Asks for an export and returns the token of the link that was mailed. */
async function exportFor(who: TPerson) {
  const before = sink.to(who.email).length;
  const res = await ask(who.headers);
  expect(res.statusCode).toBe(202);
  const mails = sink.to(who.email);
  expect(mails).toHaveLength(before + 1);
  const mail = mails[mails.length - 1].mail;
  const link = linkIn(mail.text ?? "");
  expect(link.pathname).toMatch(/^\/profiel\/download\/[\w-]{43}$/);
  return { res, mail, link, token: link.pathname.split("/").pop() as string };
}

async function clearExports(userId: number) {
  await database.db.delete(dataExports).where(eq(dataExports.userId, userId));
}

describe("asking for an export", () => {
  it("answers 202 pending, then the job mails a link to the download page in Dutch", async () => {
    const { res, mail, link } = await exportFor(vera);
    expect(res.json().data).toMatchObject({
      type: "data_export",
      attributes: { status: "pending" },
    });
    expect(mail.subject).toBe(`Je gegevens bij ${a.tenant.name} staan klaar`);
    expect(link.origin).toBe("https://oldebroek.localhost:3000");
    expect(mail.text).toContain(`${DATA_EXPORT_LINK_HOURS} uur`);
    const html = String(mail.html);
    expect(html).toContain(link.toString());

    const list = await app.inject({ method: "GET", url: URL, headers: vera.headers });
    expect(list.statusCode).toBe(200);
    const [first] = list.json().data;
    expect(first.attributes).toMatchObject({ status: "ready", downloaded_at: null });
    expect(first.attributes.byte_size).toBeGreaterThan(100);
    expect(new Date(first.attributes.expires_at).getTime()).toBe(
      clock.now().getTime() + DATA_EXPORT_LINK_HOURS * HOUR_MS,
    );
    expect(first.attributes).not.toHaveProperty("content");
    await clearExports(vera.id);
  });

  it("mails in the person's language", async () => {
    const { mail } = await exportFor(eve);
    expect(mail.subject).toBe(`Your data from ${a.tenant.name} is ready`);
    await clearExports(eve.id);
  });

  it("one at a time: while one is pending, another is a 409 and nothing is queued", async () => {
    await database.db
      .insert(dataExports)
      .values({ tenantId: a.tenant.id, userId: eve.id, status: "pending" });
    const before = sink.received.length;
    const res = await ask(eve.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toMatchObject({ code: "export_pending", source: { pointer: "" } });
    const rows = await database.db.select().from(dataExports).where(eq(dataExports.userId, eve.id));
    expect(rows).toHaveLength(1);
    expect(sink.received.length).toBe(before);
    await clearExports(eve.id);
  });

  it(`at most ${EXPORTS_PER_DAY} a day: the next is a 429 with Retry-After`, async () => {
    for (let i = 0; i < EXPORTS_PER_DAY; i++) await exportFor(eve);
    const res = await ask(eve.headers);
    expect(res.statusCode).toBe(429);
    expect(res.json().errors[0].code).toBe("export_limit");
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(23 * 3600);
    await clearExports(eve.id);
  });

  it("signed out it is a 401; another tenant's session is none", async () => {
    expect((await ask({ "x-tenant": a.tenant.slug })).statusCode).toBe(401);
    expect((await ask({ ...other.headers, "x-tenant": a.tenant.slug })).statusCode).toBe(401);
  });
});

describe("the file", () => {
  it("opens with the token and the owner's session: the whole of their data, as JSON", async () => {
    const { token } = await exportFor(vera);
    const res = await download(token, vera.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const [row] = await database.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, vera.id));
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="volunteerly-data-${amsterdamToday(row.readyAt ?? new Date())}.json"`,
    );
    expect(row.downloadedAt?.toISOString()).toBe(clock.now().toISOString());
    const data = res.json();
    expect(data.user).toMatchObject({ id: vera.id, email: vera.email, first_name: "Vera" });
    expect(data.volunteer_profile).toMatchObject({
      about: "Ik lees graag voor",
      city: "Oldebroek",
    });
    expect(data.volunteer_profile.tags.map((t: { name: string }) => t.name)).toEqual(["Zorg"]);
    expect(data.applications).toHaveLength(1);
    expect(data.applications[0]).toMatchObject({
      vacancy_title: "Voorlezen",
      organization_name: orgName,
      motivation: "Ik wil graag helpen",
      status: "new",
    });
    expect(data.applications[0].transitions).toEqual([
      expect.objectContaining({ event: "reply", to_status: "in_conversation", by_me: false }),
    ]);
    expect(data.conversations).toEqual([
      expect.objectContaining({ kind: "application", side: "volunteer" }),
    ]);
    expect(data.messages.map((m: { body: string }) => m.body)).toEqual([
      "Wanneer kan ik beginnen?",
    ]);
    expect(data.notifications.map((n: { title: string }) => n.title)).toContain("Nieuwe reactie");
    expect(data.sign_ins.sign_in_count).toBe(1);
    expect(data.sign_ins.events.map((e: { action: string }) => e.action)).toContain("signed_in");
    expect(data.pool_invitations).toEqual([
      expect.objectContaining({ message: "Zou je dit willen doen?", vacancy_title: "Voorlezen" }),
    ]);
    // Their own posts, with the place they gave: it is their data, only others never see it.
    expect(data.posts).toEqual([
      expect.objectContaining({ title: "Wie doet mijn boodschappen?", city: "Oldebroek" }),
    ]);
    expect(data.posts[0].latitude).toBe(52.4449);
    // Nothing that would open the account, and nothing the other side wrote.
    const text = res.body;
    for (const secret of ["encrypted_password", "tokens", "token_digest", "unsubscribe"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain("Geheim van de organisatie");
    // A second download within the time works too.
    expect((await download(token, vera.headers)).statusCode).toBe(200);
    await clearExports(vera.id);
  });

  it("another user's session with the link gets a 404, signed out a 401", async () => {
    const { token } = await exportFor(vera);
    const res = await download(token, eve.headers);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("Vera");
    expect((await download(token, { "x-tenant": a.tenant.slug })).statusCode).toBe(401);
    // Under another tenant the same request has no session there.
    expect((await download(token, { ...vera.headers, "x-tenant": b.tenant.slug })).statusCode).toBe(
      401,
    );
    expect((await download(token, other.headers)).statusCode).toBe(404);
    await clearExports(vera.id);
  });

  it("an unknown or malformed token is a 404 or a 400", async () => {
    expect((await download("A".repeat(43), vera.headers)).statusCode).toBe(404);
    const bad = await download("short", vera.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].source).toEqual({ parameter: "token" });
  });

  it("after 24 hours the link is a 404 `expired`, and the cleanup deletes the content", async () => {
    const { token } = await exportFor(vera);
    clock.advance(DATA_EXPORT_LINK_HOURS * HOUR_MS + 1000);
    const res = await download(token, vera.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe("expired");
    await enqueue(database.db, cleanupJobsJob, {}, { tenantId: null });
    await app.jobs.drain();
    const [row] = await database.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, vera.id));
    expect(row).toMatchObject({ status: "expired", content: null, tokenDigest: null });
    expect((await download(token, vera.headers)).statusCode).toBe(404);
    const list = await app.inject({ method: "GET", url: URL, headers: vera.headers });
    expect(list.json().data[0].attributes.status).toBe("expired");
    await clearExports(vera.id);
  });

  it("an account archived before the job ran gets no file and no mail", async () => {
    const db = database.db;
    const [row] = await db
      .insert(dataExports)
      .values({ tenantId: a.tenant.id, userId: eve.id, status: "pending" })
      .returning();
    await db.update(users).set({ status: "archived" }).where(eq(users.id, eve.id));
    const before = sink.to(eve.email).length;
    const { prepareDataExportJob } = await import("../../backend/jobs/data-exports");
    await enqueue(
      db,
      prepareDataExportJob,
      { exportId: row.id, origin: null },
      {
        tenantId: a.tenant.id,
      },
    );
    await app.jobs.drain();
    const [after] = await db.select().from(dataExports).where(eq(dataExports.id, row.id));
    expect(after.status).toBe("failed");
    expect(sink.to(eve.email)).toHaveLength(before);
    await db.update(users).set({ status: "active" }).where(eq(users.id, eve.id));
  });
});
