import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../backend/app";
import type { Database } from "../../backend/db/client";
import { jobs, volunteerProfiles, volunteerProfileTags } from "../../backend/db/schema";
import { parseEnv } from "../../backend/env";
import { createMailer } from "../../backend/mail/transport";
import { freshDatabase } from "./support/database";
import { createOrganization, createTenantWithCenter, createUser } from "./support/factories";
import { startSmtpSink, type TReceived, type TSmtpSink } from "./support/smtp-sink";
import { createTag, createVacancy } from "./support/vacancy-factory";

// The periodic mail (docs/matching.md) on a fake clock, through a real SMTP server: the
// daily 08:00 plan, the first working day of the week and of the month (2026: King's Day
// is Monday 27 April, 1 August a Saturday), only vacancies new since the last mail, nothing
// when nothing is new, each volunteer's language, and the one-click unsubscribe headers.

const ORIGIN = "https://vrijwilligers.example.nl";
const UTRECHT = { latitude: 52.0907, longitude: 5.1214 };
/** 08:30 Dutch summer time on `day`: after the 08:00 occurrence. */
const morning = (day: string) => new Date(`${day}T08:30:00+02:00`);

let database: Database;
let sink: TSmtpSink;
let app: FastifyInstance;
let clock = morning("2026-04-20");
let tenantSlug = "";
const people: Record<"daan" | "emma" | "mo", { id: number; email: string }> = {
  daan: { id: 0, email: "" },
  emma: { id: 0, email: "" },
  mo: { id: 0, email: "" },
};
let publish: (title: string, at: string, near?: boolean) => Promise<void>;

async function at(day: string) {
  clock = morning(day);
  await app.jobs.drain({ schedules: true });
}

const subjects = (email: string) => sink.to(email).map((m) => m.mail.subject);
/** A header of the raw message, its folded lines joined. */
const header = (message: TReceived, name: string) =>
  new RegExp(`^${name}: (.*)$`, "im").exec(message.raw.replace(/\r?\n[ \t]+/g, " "))?.[1];

async function profileOf(userId: number) {
  const [row] = await database.db
    .select()
    .from(volunteerProfiles)
    .where(eq(volunteerProfiles.userId, userId));
  return row;
}

beforeAll(async () => {
  database = await freshDatabase();
  sink = await startSmtpSink();
  const db = database.db;
  const { tenant, center } = await createTenantWithCenter(db);
  tenantSlug = tenant.slug;
  const config = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SMTP_URL: sink.url,
    SITE_ORIGINS: JSON.stringify({ [tenant.slug]: ORIGIN }),
  });
  app = await buildApp({
    database,
    config,
    mailer: createMailer(config, db),
    logger: false,
    jobs: { drainBeforeReply: false, now: () => clock },
  });
  await app.ready();

  const organization = await createOrganization(db, tenant.id, {
    name: "Sportclub Één",
    volunteerCenterId: center.id,
  });
  const sport = await createTag(db, tenant.id, { name: "Sport", nameEn: "Sports" });
  publish = async (title, when, near = true) => {
    await createVacancy(db, tenant.id, {
      organizationId: organization.id,
      volunteerCenterId: center.id,
      title,
      publishedAt: new Date(when),
      tagIds: [sport.id],
      ...(near
        ? { latitude: UTRECHT.latitude + 0.027, longitude: UTRECHT.longitude }
        : { latitude: UTRECHT.latitude + 0.5, longitude: UTRECHT.longitude }),
    });
  };
  const volunteer = async (
    key: keyof typeof people,
    locale: "nl" | "en",
    frequency: "weekly" | "monthly",
    sentThrough: string,
  ) => {
    const email = `${key}-${tenant.slug}@example.test`;
    const user = await createUser(db, tenant.id, {
      email,
      firstName: key[0].toUpperCase() + key.slice(1),
      locale,
      volunteerCenterId: center.id,
    });
    await db.insert(volunteerProfiles).values({
      tenantId: tenant.id,
      userId: user.id,
      ...UTRECHT,
      periodicMailFrequency: frequency,
      periodicMailRadiusKm: 10,
      periodicMailSentThrough: new Date(sentThrough),
    });
    await db
      .insert(volunteerProfileTags)
      .values({ tenantId: tenant.id, userId: user.id, tagId: sport.id });
    people[key] = { id: user.id, email };
  };
  // The weekly ones last heard on Monday 20 April at 08:00, the monthly one on 1 April.
  await volunteer("daan", "nl", "weekly", "2026-04-20T08:00:00+02:00");
  await volunteer("emma", "en", "weekly", "2026-04-20T08:00:00+02:00");
  await volunteer("mo", "nl", "monthly", "2026-04-01T08:00:00+02:00");

  await publish("Oud nieuws", "2026-04-19T12:00:00+02:00");
  await publish("Zaterdagtraining", "2026-04-25T10:00:00+02:00");
  await publish("Koningsdagspelen", "2026-04-27T12:00:00+02:00");
  await publish("Te ver weg", "2026-04-25T10:00:00+02:00", false);
});

afterAll(async () => {
  await app?.close();
  await sink?.close();
  await database?.close();
});

describe("the periodic mail", () => {
  it("sends nothing on King's Day, a Monday: the weekly mail waits for Tuesday", async () => {
    await at("2026-04-27");
    expect(sink.received).toEqual([]);
    const planned = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, "periodic_mail.send"));
    expect(planned).toEqual([]);
  });

  it("sends the weekly mail on Tuesday: the vacancies new since the last one, in each language", async () => {
    await at("2026-04-28");
    expect(subjects(people.daan.email)).toEqual(["2 nieuwe vacatures die bij je passen deze week"]);
    expect(subjects(people.emma.email)).toEqual(["2 new vacancies that fit you this week"]);
    expect(sink.to(people.mo.email)).toEqual([]);

    const [mail] = sink.to(people.daan.email);
    const text = mail.mail.text ?? "";
    expect(text).toContain("Hallo Daan,");
    expect(text).toContain("Zaterdagtraining (bij Sportclub Één)");
    expect(text).toContain("Koningsdagspelen");
    expect(text).toContain("Sport · 3 km");
    expect(text).not.toContain("Oud nieuws");
    expect(text).not.toContain("Te ver weg");
    expect(mail.mail.html).toContain(`href="${ORIGIN}/vacancies/`);

    const { periodicMailUnsubscribeToken: token, periodicMailSentThrough } = await profileOf(
      people.daan.id,
    );
    expect(token).toMatch(/^[\w-]{20,}$/);
    expect(periodicMailSentThrough).toEqual(morning("2026-04-28"));
    expect(header(mail, "List-Unsubscribe")).toBe(
      `<${ORIGIN}/api/v1/periodic_mail/unsubscribe?token=${token}>`,
    );
    expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(text).toContain(`${ORIGIN}/periodieke-mail/afmelden?token=${token}`);

    const [english] = sink.to(people.emma.email);
    expect(english.mail.text).toContain("Hello Emma,");
    expect(english.mail.text).toContain("(at Sportclub Één)");
    // The reason names the interest in the reader's language.
    expect(english.mail.text).toContain("Sports · 3 km");
  });

  it("sends nothing twice when the same day is planned again", async () => {
    const before = sink.received.length;
    await at("2026-04-28");
    expect(sink.received.length).toBe(before);
  });

  it("sends the monthly mail on the 1st, a Friday, with what is new since April 1", async () => {
    await at("2026-05-01");
    expect(subjects(people.mo.email)).toEqual(["3 nieuwe vacatures die bij je passen deze maand"]);
    expect(sink.to(people.daan.email)).toHaveLength(1);
  });

  it("sends nothing when nothing is new, but moves the mark on", async () => {
    await at("2026-05-04");
    expect(sink.to(people.daan.email)).toHaveLength(1);
    expect((await profileOf(people.daan.id)).periodicMailSentThrough).toEqual(
      morning("2026-05-04"),
    );
  });

  it("moves the monthly mail off Saturday 1 August to Monday 3 August", async () => {
    await publish("Zomerkamp", "2026-07-15T10:00:00+02:00");
    await at("2026-08-01");
    expect(sink.to(people.mo.email)).toHaveLength(1);
    await at("2026-08-03");
    expect(subjects(people.mo.email)[1]).toBe("Een nieuwe vacature die bij je past deze maand");
    expect(sink.to(people.mo.email)[1].mail.text).toContain("Zomerkamp");
    // The weekly one too: Monday 3 August is that week's first working day.
    expect(sink.to(people.daan.email)).toHaveLength(2);
  });

  it("stops after the one-click unsubscribe of the mail's header", async () => {
    const [mail] = sink.to(people.emma.email);
    const link = new URL(/^<(.*)>$/.exec(header(mail, "List-Unsubscribe") ?? "")?.[1] ?? "");
    const res = await app.inject({
      method: "POST",
      url: `${link.pathname}${link.search}`,
      headers: { "x-tenant": tenantSlug, "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode).toBe(204);
    expect((await profileOf(people.emma.id)).periodicMailFrequency).toBe("never");
    await publish("Herfstloop", "2026-08-05T10:00:00+02:00");
    const before = sink.to(people.emma.email).length;
    await at("2026-08-10");
    expect(sink.to(people.emma.email)).toHaveLength(before);
    expect(sink.to(people.daan.email)).toHaveLength(3);
  });
});
