import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  contactMessages,
  organizationProfiles,
  organizations,
} from "../../backend/db/schema";
import { cleanupJobsJob } from "../../backend/jobs/cleanup";
import { enqueue } from "../../backend/jobs/queue";
import { CONTACT_LIMITS } from "../../lib/contract/contact";
import { createTestApp, type TestApp } from "./support/app";
import { createOrganization, createTenantWithCenter } from "./support/factories";
import { signedInPerson, type TPerson } from "./support/resources";

// The messages to a centre (docs/contact-form.md): sending with its mails through the job
// queue, validation, the honeypot, the rate limit, and the centre admins' list, read,
// handled and delete with their audit entries; another tenant's messages never reached.

type TTenant = { id: number; slug: string };

let t: TestApp;
let tenant: TTenant;
let C: number;
let D: number;
let adminC: TPerson;
let adminD: TPerson;
let superadmin: TPerson;
let volunteer: TPerson;
let english: TPerson;
let foreign: TPerson;
let foreignMessage: number;

const PER_ACCOUNT = 3;

beforeAll(async () => {
  t = await createTestApp(
    { TOKEN_ROTATION: "false" },
    {
      auth: {
        rateLimits: {
          mailPerIp: { points: 1000, durationSeconds: 900 },
          mailPerAccount: { points: PER_ACCOUNT, durationSeconds: 900 },
        },
      },
    },
  );
  const db = t.database.db;
  const made = await createTenantWithCenter(db);
  tenant = made.tenant;
  C = made.center.id;
  await db
    .update(organizations)
    .set({ email: "centrum@example.org" })
    .where(eq(organizations.id, C));
  await db.insert(organizationProfiles).values({
    tenantId: tenant.id,
    organizationId: C,
    contactEmail: "contactpersoon@example.org",
  });
  D = (await createOrganization(db, tenant.id, { type: "VolunteerCenter", name: "Centre D" })).id;
  adminC = await signedInPerson(db, tenant, {}, "admin", { type: "Organization", id: C });
  adminD = await signedInPerson(db, tenant, {}, "admin", { type: "Organization", id: D });
  superadmin = await signedInPerson(db, tenant, {}, "superadmin");
  volunteer = await signedInPerson(db, tenant, { firstName: "Eva" }, "volunteer");
  english = await signedInPerson(db, tenant, { locale: "en" }, "volunteer");
  const elsewhere = await createTenantWithCenter(db);
  foreign = await signedInPerson(db, elsewhere.tenant, {}, "superadmin");
  foreignMessage = (await insertMessage(elsewhere.tenant.id, elsewhere.center.id)).id;
});
afterAll(() => t.close());

async function insertMessage(tenantId: number, centre: number, at?: Date) {
  const [row] = await t.database.db
    .insert(contactMessages)
    .values({
      tenantId,
      volunteerCenterId: centre,
      name: "Jan",
      email: "jan@example.org",
      subject: `Vraag ${Math.random().toString(36).slice(2)}`,
      body: "Hoe word ik vrijwilliger?",
      ...(at ? { createdAt: at } : {}),
    })
    .returning();
  return row;
}

const json = { "content-type": "application/vnd.api+json" };
const call = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  headers: Record<string, string>,
  body?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: body === undefined ? headers : { ...headers, ...json },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
const doc = (attributes: Record<string, unknown>, id?: number) => ({
  data: {
    type: "contact_messages",
    ...(id === undefined ? {} : { id: String(id) }),
    attributes,
  },
});
const valid = (subject: string) => ({
  name: "Eva de Vries",
  email: "eva@example.org",
  subject,
  body: "Ik wil graag helpen bij de voedselbank.",
  consent: true,
});
const stored = (subject: string) =>
  t.database.db.select().from(contactMessages).where(eq(contactMessages.subject, subject));
const mailsAbout = (subject: string) =>
  t.mailer.sent.filter((m) => m.subject.includes(subject) || m.text.includes(subject));
const auditOf = (id: number) =>
  t.database.db
    .select({ action: auditEvents.action, details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, "ContactMessage"), eq(auditEvents.subjectId, id)))
    .orderBy(auditEvents.id);

describe("POST /api/v1/contact_messages", () => {
  it("stores the message for the site's centre and mails the centre and the sender through the queue", async () => {
    const res = await call(
      "POST",
      "/contact_messages",
      volunteer.headers,
      doc(valid("Voedselbank")),
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().meta.message).toBeTruthy();
    const [row] = await stored("Voedselbank");
    expect(row).toMatchObject({
      tenantId: tenant.id,
      volunteerCenterId: C,
      userId: volunteer.id,
      name: "Eva de Vries",
      email: "eva@example.org",
      locale: "nl",
      readAt: null,
      handledAt: null,
    });
    const mails = mailsAbout("Voedselbank");
    // The contact person's address wins over the centre's own.
    const toCentre = mails.find((m) => m.to === "contactpersoon@example.org");
    expect(toCentre?.subject).toBe("Contactformulier: Voedselbank");
    expect(toCentre?.text).toContain("Ik wil graag helpen bij de voedselbank.");
    expect(toCentre?.text).toContain("eva@example.org");
    const toSender = mails.find((m) => m.to === "eva@example.org");
    expect(toSender?.subject).toBe("We hebben je bericht ontvangen: Voedselbank");
    expect(mails).toHaveLength(2);
  });

  it("confirms in the language the sender wrote in, whatever the account's", async () => {
    const res = await call(
      "POST",
      "/contact_messages",
      volunteer.headers,
      doc({ ...valid("In English"), locale: "en" }),
    );
    expect(res.statusCode, res.body).toBe(202);
    const toSender = mailsAbout("In English").find((m) => m.to === "eva@example.org");
    expect(toSender?.subject).toBe("We received your message: In English");
    expect(toSender?.text).toContain("Thank you for your message");
    expect((await stored("In English"))[0].locale).toBe("en");
  });

  it("takes the account's language when the page sends none", async () => {
    const res = await call("POST", "/contact_messages", english.headers, doc(valid("Account en")));
    expect(res.statusCode, res.body).toBe(202);
    expect(mailsAbout("Account en").find((m) => m.to === "eva@example.org")?.subject).toBe(
      "We received your message: Account en",
    );
  });

  it("refuses a message without consent, blank or too long fields with 422 pointers, and keeps nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid("Geen toestemming"), consent: false }, "/data/attributes/consent"],
      [{ ...valid("Zonder"), consent: undefined }, "/data/attributes/consent"],
      [{ ...valid("Leeg"), body: "   " }, "/data/attributes/body"],
      [{ ...valid("x".repeat(CONTACT_LIMITS.subject + 1)) }, "/data/attributes/subject"],
      [{ ...valid("Adres"), email: "geen adres" }, "/data/attributes/email"],
      [{ ...valid("Taal"), locale: "de" }, "/data/attributes/locale"],
    ];
    const before = await t.database.db.$count(contactMessages);
    const mailsBefore = t.mailer.sent.length;
    for (const [attributes, pointer] of cases) {
      const res = await call("POST", "/contact_messages", adminD.headers, doc(attributes));
      expect(res.statusCode, JSON.stringify(attributes)).toBe(422);
      expect(
        res.json().errors.map((e: { source: { pointer: string } }) => e.source.pointer),
      ).toContain(pointer);
    }
    expect(await t.database.db.$count(contactMessages)).toBe(before);
    expect(t.mailer.sent.length).toBe(mailsBefore);
  });

  it("answers a filled honeypot as accepted, and keeps and mails nothing", async () => {
    const before = await t.database.db.$count(contactMessages);
    const mailsBefore = t.mailer.sent.length;
    const res = await call(
      "POST",
      "/contact_messages",
      superadmin.headers,
      doc({ ...valid("Robot"), website: "https://spam.example" }),
    );
    expect(res.statusCode).toBe(202);
    const real = await call("POST", "/contact_messages", superadmin.headers, doc(valid("Mens")));
    expect(res.json()).toEqual(real.json());
    expect(await stored("Robot")).toEqual([]);
    expect(await t.database.db.$count(contactMessages)).toBe(before + 1);
    expect(mailsAbout("Robot")).toEqual([]);
    expect(t.mailer.sent.length).toBe(mailsBefore + 2);
  });

  it("refuses the sender past the limit with 429 and Retry-After, and keeps nothing more", async () => {
    const sender = await signedInPerson(t.database.db, tenant, {}, "volunteer");
    for (let i = 0; i < PER_ACCOUNT; i += 1) {
      const res = await call(
        "POST",
        "/contact_messages",
        sender.headers,
        doc(valid(`Limiet ${i}`)),
      );
      expect(res.statusCode).toBe(202);
    }
    const res = await call("POST", "/contact_messages", sender.headers, doc(valid("Limiet over")));
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(await stored("Limiet over")).toEqual([]);
    expect(mailsAbout("Limiet over")).toEqual([]);
  });

  it("keeps the message and confirms it when the centre has no address at all", async () => {
    const db = t.database.db;
    const bare = await createTenantWithCenter(db);
    const sender = await signedInPerson(db, bare.tenant, {}, "volunteer");
    const res = await call("POST", "/contact_messages", sender.headers, doc(valid("Geen adres")));
    expect(res.statusCode, res.body).toBe(202);
    expect(await stored("Geen adres")).toHaveLength(1);
    expect(mailsAbout("Geen adres").map((m) => m.to)).toEqual(["eva@example.org"]);
  });

  it("needs a session: signed out is a 401", async () => {
    const res = await call(
      "POST",
      "/contact_messages",
      { "x-tenant": tenant.slug },
      doc(valid("Anoniem")),
    );
    expect(res.statusCode).toBe(401);
    expect(await stored("Anoniem")).toEqual([]);
  });
});

describe("the centre's messages", () => {
  it("GET lists a centre's messages to its admins and superadmins only, never another centre's or tenant's", async () => {
    const ofC = await insertMessage(tenant.id, C);
    const ofD = await insertMessage(tenant.id, D);
    const ids = async (who: TPerson) => {
      const res = await call("GET", "/contact_messages?page[size]=1000", who.headers);
      expect(res.statusCode).toBe(200);
      return res.json().data.map((d: { id: string }) => Number(d.id));
    };
    const asC = await ids(adminC);
    expect(asC).toContain(ofC.id);
    expect(asC).not.toContain(ofD.id);
    const asD = await ids(adminD);
    expect(asD).toContain(ofD.id);
    expect(asD).not.toContain(ofC.id);
    const all = await ids(superadmin);
    expect(all).toEqual(expect.arrayContaining([ofC.id, ofD.id]));
    expect(all).not.toContain(foreignMessage);
    expect((await call("GET", "/contact_messages", volunteer.headers)).statusCode).toBe(403);
  });

  it("filters the unread ones", async () => {
    const unread = await insertMessage(tenant.id, C);
    const read = await insertMessage(tenant.id, C);
    await call(
      "PATCH",
      `/contact_messages/${read.id}`,
      adminC.headers,
      doc({ read: true }, read.id),
    );
    const res = await call(
      "GET",
      "/contact_messages?filter[read_at_null]=true&page[size]=1000",
      adminC.headers,
    );
    const ids = res.json().data.map((d: { id: string }) => Number(d.id));
    expect(ids).toContain(unread.id);
    expect(ids).not.toContain(read.id);
  });

  it("GET /:id answers its centre's admin, refuses another centre's (403) and another tenant's (404)", async () => {
    const message = await insertMessage(tenant.id, C);
    const res = await call("GET", `/contact_messages/${message.id}`, adminC.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      subject: message.subject,
      body: "Hoe word ik vrijwilliger?",
      read_at: null,
    });
    expect((await call("GET", `/contact_messages/${message.id}`, adminD.headers)).statusCode).toBe(
      403,
    );
    expect(
      (await call("GET", `/contact_messages/${foreignMessage}`, superadmin.headers)).statusCode,
    ).toBe(404);
    expect((await call("GET", `/contact_messages/${message.id}`, foreign.headers)).statusCode).toBe(
      404,
    );
  });

  it("PATCH marks read and handled; handling is audited, reading is not", async () => {
    const message = await insertMessage(tenant.id, C);
    const read = await call(
      "PATCH",
      `/contact_messages/${message.id}`,
      adminC.headers,
      doc({ read: true }, message.id),
    );
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.attributes.read_at).not.toBeNull();
    expect(await auditOf(message.id)).toEqual([]);
    const handled = await call(
      "PATCH",
      `/contact_messages/${message.id}`,
      adminC.headers,
      doc({ handled: true }, message.id),
    );
    expect(handled.statusCode).toBe(200);
    expect(handled.json().data.attributes).toMatchObject({ handled_by_id: adminC.id });
    expect(handled.json().data.attributes.handled_at).not.toBeNull();
    expect(await auditOf(message.id)).toEqual([
      { action: "contact_message_updated", details: { handled: true } },
    ]);
    const undone = await call(
      "PATCH",
      `/contact_messages/${message.id}`,
      adminC.headers,
      doc({ handled: false, read: false }, message.id),
    );
    expect(undone.json().data.attributes).toMatchObject({ handled_at: null, read_at: null });
  });

  it("PATCH refuses an unknown attribute with a 422 and changes nothing; another centre's admin gets 403", async () => {
    const message = await insertMessage(tenant.id, C);
    const bad = await call(
      "PATCH",
      `/contact_messages/${message.id}`,
      adminC.headers,
      doc({ subject: "anders" }, message.id),
    );
    expect(bad.statusCode).toBe(422);
    const refused = await call(
      "PATCH",
      `/contact_messages/${message.id}`,
      adminD.headers,
      doc({ handled: true }, message.id),
    );
    expect(refused.statusCode).toBe(403);
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, message.id));
    expect(row).toMatchObject({ subject: message.subject, handledAt: null });
  });

  it("DELETE removes it with an audit entry; another tenant's is a 404 and stays", async () => {
    const message = await insertMessage(tenant.id, C);
    const res = await call("DELETE", `/contact_messages/${message.id}`, superadmin.headers);
    expect(res.statusCode).toBe(204);
    expect(await t.database.db.$count(contactMessages, eq(contactMessages.id, message.id))).toBe(0);
    expect(await auditOf(message.id)).toEqual([{ action: "contact_message_deleted", details: {} }]);
    const cross = await call("DELETE", `/contact_messages/${foreignMessage}`, superadmin.headers);
    expect(cross.statusCode).toBe(404);
    expect(
      await t.database.db.$count(contactMessages, eq(contactMessages.id, foreignMessage)),
    ).toBe(1);
  });
});

describe("retention", () => {
  it("the nightly cleanup deletes messages older than twelve months and keeps the rest", async () => {
    const month = 31 * 24 * 3600_000;
    const old = await insertMessage(tenant.id, C, new Date(Date.now() - 13 * month));
    const recent = await insertMessage(tenant.id, C, new Date(Date.now() - 10 * month));
    await enqueue(t.database.db, cleanupJobsJob, {}, { tenantId: null });
    await t.app.jobs.drain();
    const left = await t.database.db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(eq(contactMessages.tenantId, tenant.id));
    const ids = left.map((r) => r.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toContain(recent.id);
  });
});
