import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, messages, notifications } from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { NO_RATE_LIMITS, testClock } from "./support/auth";
import { createOrganization, createTenantWithCenter } from "./support/factories";
import { signedInPerson, type TPerson } from "./support/resources";
import { createVacancy } from "./support/vacancy-factory";

// /api/v1/conversations (docs/api-conversations.md): a thread per application and direct
// threads from a centre's staff; only the two sides read and write; unread counts per person;
// the organisation's first reply moves the application; notices with at most one mail per
// thread per 15 minutes.

let t: TestApp;
// The job worker runs on this clock too: the 15 minutes between mails pass by hand. An hour
// ahead of the database's clock, so a job enqueued now (run_at = now()) is due at once.
const clock = testClock(new Date(Date.now() + 60 * 60 * 1000));
let tenant: { id: number; slug: string };
let C: number;
let O: number;
let volunteer: TPerson;
let other: TPerson;
let memberO: TPerson;
let adminO: TPerson;
let adminC: TPerson;
let memberC: TPerson;
let superadmin: TPerson;
let foreign: TPerson;

const person = (
  tenantRow: { id: number; slug: string },
  attrs?: Parameters<typeof signedInPerson>[2],
  role?: Parameters<typeof signedInPerson>[3],
  resource?: Parameters<typeof signedInPerson>[4],
) => signedInPerson(t.database.db, tenantRow, attrs, role, resource);

beforeAll(async () => {
  t = await createTestApp(
    { TOKEN_ROTATION: "false" },
    { auth: { rateLimits: NO_RATE_LIMITS, now: clock.now }, jobs: { now: clock.now } },
  );
  const db = t.database.db;
  const made = await createTenantWithCenter(db);
  tenant = made.tenant;
  C = made.center.id;
  O = (await createOrganization(db, tenant.id, { volunteerCenterId: C, name: "Buurthuis" })).id;
  volunteer = await person(tenant, { firstName: "Vera", lastName: "Vrijwilliger" });
  other = await person(tenant);
  memberO = await person(tenant, { firstName: "Mo", lastName: "Medewerker" }, "member", {
    type: "Organization",
    id: O,
  });
  adminO = await person(tenant, { locale: "en" }, "admin", { type: "Organization", id: O });
  adminC = await person(tenant, {}, "admin", { type: "Organization", id: C });
  memberC = await person(tenant, { firstName: "Cees" }, "member", { type: "Organization", id: C });
  superadmin = await person(tenant, {}, "superadmin");
  const elsewhere = await createTenantWithCenter(db);
  foreign = await person(elsewhere.tenant, {}, "superadmin");
});
afterAll(() => t.close());

const json = { "content-type": "application/vnd.api+json" };
const get = (url: string, who: TPerson | Record<string, string>) =>
  t.app.inject({
    method: "GET",
    url: `/api/v1${url}`,
    headers: "headers" in who ? (who.headers as Record<string, string>) : who,
  });
const send = (method: "POST" | "PUT", url: string, who: TPerson, body?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...who.headers, ...(body === undefined ? {} : json) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
const write = (id: number, who: TPerson, body: unknown) =>
  send("POST", `/conversations/${id}/messages`, who, {
    data: { type: "messages", attributes: { body } },
  });

/** Applies to a fresh vacancy of O and answers the application's thread id. */
async function appliedThread(who: TPerson = volunteer, title = "Voorlezen") {
  const vacancy = await createVacancy(t.database.db, tenant.id, {
    organizationId: O,
    volunteerCenterId: C,
    title,
  });
  const res = await send("POST", "/applications?include=conversation", who, {
    data: {
      type: "applications",
      attributes: { motivation: "Graag" },
      relationships: { vacancy: { data: { type: "vacancies", id: String(vacancy.id) } } },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  const thread = Number(body.data.relationships.conversation.data.id);
  return { application: Number(body.data.id), thread };
}

const unreadOf = async (who: TPerson) =>
  (await get("/conversations", who)).json().meta.unread_count as number;
const mailsTo = (email: string) => t.mailer.sent.filter((m) => m.to === email);
const messageNotices = (userId: number) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, "message")));

describe("a thread per application", () => {
  it("starts with the application, read by the applicant and the organisation's staff only", async () => {
    const { thread } = await appliedThread();
    for (const who of [volunteer, memberO, adminO]) {
      const res = await get(`/conversations/${thread}?include=messages,participants`, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.attributes).toMatchObject({
        kind: "application",
        title: "Voorlezen",
        organization_name: "Buurthuis",
        volunteer_name: "Vera Vrijwilliger",
        messages_count: 0,
        unread_count: 0,
      });
      const people = res.json().included.filter((r: { type: string }) => r.type === "user");
      expect(people.map((p: { id: string }) => Number(p.id)).sort()).toEqual(
        [volunteer.id, memberO.id, adminO.id].sort(),
      );
    }
    // The centre's admins and superadmins read the application, never the conversation.
    for (const who of [other, adminC, memberC, superadmin, foreign]) {
      expect((await get(`/conversations/${thread}`, who)).statusCode).toBe(404);
      expect((await write(thread, who, "Hallo")).statusCode).toBe(404);
      expect((await send("PUT", `/conversations/${thread}/read`, who)).statusCode).toBe(404);
    }
    expect((await get(`/conversations/${thread}`, { "x-tenant": tenant.slug })).statusCode).toBe(
      401,
    );
  });

  it("moves a new application to in_conversation on the organisation's first reply, counts unread and tells the volunteer once per 15 minutes", async () => {
    const { application, thread } = await appliedThread(volunteer, "Tuinieren");
    const mailsBefore = mailsTo(volunteer.email).length;
    const first = await write(thread, memberO, "Welkom! Zie https://example.org/rooster");
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.attributes).toMatchObject({
      body: "Welkom! Zie https://example.org/rooster",
      author_name: "Mo Medewerker",
      mine: true,
    });
    const [row] = await t.database.db
      .select()
      .from(applications)
      .where(eq(applications.id, application));
    expect(row.status).toBe("in_conversation");
    expect(row.respondedAt).not.toBeNull();

    expect(await unreadOf(volunteer)).toBeGreaterThanOrEqual(1);
    const notices = await messageNotices(volunteer.id);
    const mine = notices.filter((n) => n.url === `/conversations?id=${thread}`);
    expect(mine).toHaveLength(1);
    expect(mine[0].title).toBe("Nieuw bericht van Mo Medewerker");
    expect(mine[0].body).toBe("Tuinieren: Welkom! Zie https://example.org/rooster");
    expect(mailsTo(volunteer.email).length).toBe(mailsBefore + 1);

    // A burst: a second message minutes later adds to the count, not to the bell or the inbox.
    clock.advance(5 * 60 * 1000);
    expect((await write(thread, adminO, "Nog iets")).statusCode).toBe(201);
    const listed = await get(`/conversations?filter[application_id_eq]=${application}`, volunteer);
    expect(listed.json().data[0].attributes).toMatchObject({
      unread_count: 2,
      last_message_preview: "Nog iets",
      side: "volunteer",
    });
    expect(
      (await messageNotices(volunteer.id)).filter((n) => n.url === `/conversations?id=${thread}`),
    ).toHaveLength(1);
    expect(mailsTo(volunteer.email).length).toBe(mailsBefore + 1);

    // Past the quarter of an hour, the next message mails again.
    clock.advance(11 * 60 * 1000);
    expect((await write(thread, adminO, "En nu?")).statusCode).toBe(201);
    expect(mailsTo(volunteer.email).length).toBe(mailsBefore + 2);

    // Read: the count drops to nothing for the reader, not for the others.
    const read = await send("PUT", `/conversations/${thread}/read`, volunteer);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.attributes.unread_count).toBe(0);
    const after = await get(`/conversations?filter[application_id_eq]=${application}`, volunteer);
    expect(after.json().data[0].attributes.unread_count).toBe(0);

    // The volunteer answers: unread for every member of staff (for Mo on top of the two his
    // colleague wrote); the status stays.
    expect((await write(thread, volunteer, "Dank je!")).statusCode).toBe(201);
    const forMember = await get(`/conversations?filter[application_id_eq]=${application}`, memberO);
    expect(forMember.json().data[0].attributes.unread_count).toBe(3);
    const [still] = await t.database.db
      .select()
      .from(applications)
      .where(eq(applications.id, application));
    expect(still.status).toBe("in_conversation");
    const englishMail = mailsTo(adminO.email).at(-1);
    expect(englishMail?.subject).toBe("New message from Vera Vrijwilliger");
    expect(englishMail?.text).toContain(`/conversations?id=${thread}`);
  });

  it("includes the newest messages oldest first, marking the caller's own", async () => {
    const { thread } = await appliedThread();
    await write(thread, memberO, "Een");
    await write(thread, volunteer, "Twee");
    const res = await get(`/conversations/${thread}?include=messages`, volunteer);
    const bodies = res
      .json()
      .included.filter((r: { type: string }) => r.type === "message")
      .map((m: { attributes: { body: string; mine: boolean } }) => [
        m.attributes.body,
        m.attributes.mine,
      ]);
    expect(bodies).toEqual([
      ["Een", false],
      ["Twee", true],
    ]);
  });

  it("refuses an empty, too long or malformed message with a 422 and stores nothing", async () => {
    const { thread } = await appliedThread();
    for (const body of ["", "   ", "x".repeat(5001), 42, null]) {
      const res = await write(thread, volunteer, body);
      expect(res.statusCode, String(body)).toBe(422);
      expect(res.json().errors[0].source.pointer).toBe("/data/attributes/body");
    }
    expect((await write(thread, volunteer, "x".repeat(5000))).statusCode).toBe(201);
    const stored = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, thread));
    expect(stored).toHaveLength(1);
  });
});

describe("GET /api/v1/conversations", () => {
  it("lists the caller's threads, newest activity first, with filters; refuses unknown ones", async () => {
    const a = await appliedThread(other, "Eerste");
    const b = await appliedThread(other, "Tweede");
    await write(a.thread, memberO, "Later bericht");
    const list = await get("/conversations?filter[kind_eq]=application", other);
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json().data.map((d: { id: string }) => Number(d.id));
    expect(ids.indexOf(a.thread)).toBeLessThan(ids.indexOf(b.thread));
    const unread = await get("/conversations?filter[unread]=true", other);
    expect(unread.json().data.map((d: { id: string }) => Number(d.id))).toEqual([a.thread]);
    expect(unread.json().meta.unread_count).toBe(1);
    // Staff see their organisation's threads; someone else sees none of them.
    const staff = (await get("/conversations?page[size]=100", memberO)).json();
    expect(staff.data.map((d: { id: string }) => Number(d.id))).toEqual(
      expect.arrayContaining([a.thread, b.thread]),
    );
    expect((await get("/conversations", adminC)).json().data).toEqual([]);
    for (const query of [
      "sort=created_at",
      "filter[kind_eq]=chat",
      "filter[unread]=yes",
      "filter[volunteer_id_eq]=1",
    ]) {
      expect((await get(`/conversations?${query}`, other)).statusCode, query).toBe(400);
    }
  });
});

describe("POST /api/v1/conversations (direct threads)", () => {
  const direct = (volunteerId: unknown, extra: Record<string, unknown> = {}) => ({
    data: {
      type: "conversations",
      attributes: { subject: "Een vraag", body: "Heb je zaterdag tijd?", ...extra },
      relationships: { volunteer: { data: { type: "users", id: String(volunteerId) } } },
    },
  });

  it("lets a centre's staff start one with a volunteer, who then reads and answers it", async () => {
    const res = await send(
      "POST",
      "/conversations?include=messages",
      memberC,
      direct(volunteer.id),
    );
    expect(res.statusCode, res.body).toBe(201);
    const thread = Number(res.json().data.id);
    expect(res.json().data.attributes).toMatchObject({
      kind: "direct",
      title: "Een vraag",
      organization_id: C,
      messages_count: 1,
    });
    const seen = await get(`/conversations/${thread}`, volunteer);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.attributes.unread_count).toBe(1);
    expect((await write(thread, volunteer, "Ja hoor")).statusCode).toBe(201);
    // The centre's other staff are on the thread's side too; the organisation's are not.
    expect((await get(`/conversations/${thread}`, adminC)).statusCode).toBe(200);
    expect((await get(`/conversations/${thread}`, memberO)).statusCode).toBe(404);
  });

  it("refuses anyone who is no centre staff, an unknown or foreign volunteer, and bad input", async () => {
    for (const who of [volunteer, memberO, adminO, superadmin]) {
      expect((await send("POST", "/conversations", who, direct(other.id))).statusCode).toBe(403);
    }
    for (const id of [999999, foreign.id, memberC.id]) {
      const res = await send("POST", "/conversations", memberC, direct(id));
      expect(res.statusCode, String(id)).toBe(422);
      expect(res.json().errors[0].source.pointer).toBe("/data/relationships/volunteer");
    }
    const noSubject = await send(
      "POST",
      "/conversations",
      memberC,
      direct(other.id, { subject: "" }),
    );
    expect(noSubject.statusCode).toBe(422);
    const orgNotCentre = await send("POST", "/conversations", adminO, {
      data: {
        ...direct(other.id).data,
        relationships: {
          volunteer: { data: { type: "users", id: String(other.id) } },
          organization: { data: { type: "organizations", id: String(O) } },
        },
      },
    });
    expect(orgNotCentre.statusCode).toBe(422);
  });
});
