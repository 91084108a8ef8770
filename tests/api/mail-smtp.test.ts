import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../backend/app";
import type { Database } from "../../backend/db/client";
import { mailOutbox, tenants } from "../../backend/db/schema";
import { parseEnv } from "../../backend/env";
import { createMailer } from "../../backend/mail/transport";
import { NO_RATE_LIMITS } from "./support/auth";
import { freshDatabase } from "./support/database";
import { addRole, createTenantWithCenter, createUser } from "./support/factories";
import {
  FLOWS as ACCOUNT_FLOWS,
  FIRST_NAME,
  type TFlow,
  type TLocale,
  type TSite,
} from "./support/mail-flows";
import { ACTIVITY_FLOWS } from "./support/mail-flows-activities";
import { APPLICATION_FLOWS } from "./support/mail-flows-applications";
import { signedIn } from "./support/resources";
import { startSmtpSink, type TSmtpSink } from "./support/smtp-sink";

// Every mail in Dutch and in English, from its template, through the real
// transport of backend/mail/transport.ts to a real SMTP server in this process (SMTP_URL),
// parsed back: addressee, sender, subject in the user's language, a text and an HTML part
// in UTF-8 with the Dutch letters intact, the link on the site's own host, and its token
// used through the api. Without SMTP_URL the same mails land in mail_outbox, with the
// tenant. Both apps share one database.

const FLOWS: Record<string, TFlow> = { ...ACCOUNT_FLOWS, ...APPLICATION_FLOWS, ...ACTIVITY_FLOWS };

const FROM = { name: "Vrijwilligerspunt Zoë", address: "noreply@vrijwilligerspunt.test" };
const TENANT_NAME = "Vrijwilligerscentrale ’t Café – één voor allen";

type TMail = { to: string; subject: string; text: string; html: string };

let database: Database;
let sink: TSmtpSink;
let smtpApp: FastifyInstance;
let outboxApp: FastifyInstance;
let site: TSite;

async function build(overrides: Record<string, string>) {
  const config = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    TOKEN_ROTATION: "false",
    MAIL_FROM: `${FROM.name} <${FROM.address}>`,
    ...overrides,
  });
  const app = await buildApp({
    database,
    config,
    mailer: createMailer(config, database.db),
    logger: false,
    auth: { rateLimits: NO_RATE_LIMITS },
    // The mail job runs before the answer leaves, so the sink holds it when the test looks.
    jobs: { drainBeforeReply: true },
  });
  await app.ready();
  return app;
}

beforeAll(async () => {
  database = await freshDatabase();
  sink = await startSmtpSink();
  smtpApp = await build({ SMTP_URL: sink.url });
  outboxApp = await build({});
  const db = database.db;
  const { tenant, center } = await createTenantWithCenter(db);
  await db.update(tenants).set({ name: TENANT_NAME }).where(eq(tenants.id, tenant.id));
  const admin = await createUser(db, tenant.id, { firstName: "Carla", locale: "nl" });
  await addRole(db, tenant.id, admin.id, "admin", { type: "Organization", id: center.id });
  // The BFF forwards the site's host; links in mail are built on it (siteOrigin).
  const host = `${tenant.slug}.localhost:3000`;
  site = {
    db,
    tenant: { id: tenant.id, slug: tenant.slug, name: TENANT_NAME },
    centre: center.id,
    headers: { "x-tenant": tenant.slug, "x-forwarded-host": host, "x-forwarded-proto": "http" },
    origin: `http://${host}`,
    admin: await signedIn(db, tenant, admin.id),
  };
});

afterAll(async () => {
  await smtpApp?.close();
  await outboxApp?.close();
  await sink?.close();
  await database?.close();
});

/** The mail's one link: in the text, and the same URL as the HTML's href. */
function linkOf(mail: TMail): URL | null {
  const found = /https?:\/\/\S+/.exec(mail.text);
  if (!found) return null;
  const href = /href="([^"]+)"/.exec(mail.html)?.[1].replace(/&amp;/g, "&");
  expect(href).toBe(found[0]);
  return new URL(found[0]);
}

/** What every mail must be, whichever way it went; then its link and token. */
async function checkMail(
  app: FastifyInstance,
  flow: TFlow,
  locale: TLocale,
  mail: TMail,
  sent: Awaited<ReturnType<TFlow["trigger"]>>,
) {
  expect(mail.to).toBe(sent.address);
  expect(mail.subject).toBe(flow.subject(site, locale, sent));
  const greeting = `${locale === "en" ? "Hello" : "Hallo"} ${FIRST_NAME[locale]},`;
  expect(mail.text.startsWith(greeting)).toBe(true);
  expect(mail.html).toContain(`<p>${greeting}</p>`);
  expect(mail.text).toContain(TENANT_NAME.split(" – ")[0]);
  const link = linkOf(mail);
  if (!flow.link) {
    expect(link).toBeNull();
    return;
  }
  expect(link?.origin).toBe(site.origin);
  expect(link?.pathname).toBe(sent.path ?? flow.link.path);
  for (const [key, value] of Object.entries(sent.query ?? {})) {
    expect(link?.searchParams.get(key)).toBe(value);
  }
  if (flow.link.token) {
    const token = link?.searchParams.get(flow.link.token);
    expect(token, `${flow.link.token} in ${link}`).toBeTruthy();
    await flow.use?.(app, site, token as string, sent);
  }
}

describe("mail through a real SMTP server (SMTP_URL)", () => {
  for (const [name, flow] of Object.entries(FLOWS)) {
    for (const locale of ["nl", "en"] as const) {
      it(`${name}, ${locale}: to, from, subject, text and HTML in UTF-8, the site's link works`, async () => {
        const sent = await flow.trigger(smtpApp, site, locale);
        const arrived = sink
          .to(sent.address)
          .filter((m) => !sent.subjectHas || m.mail.subject?.includes(sent.subjectHas));
        expect(arrived).toHaveLength(1);
        const [{ mail, raw, rcptTo, mailFrom }] = arrived;
        expect(rcptTo).toEqual([sent.address]);
        expect(mailFrom).toBe(FROM.address);
        expect(mail.from?.value).toEqual([FROM]);
        expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : "").toBe(sent.address);
        // A text and an HTML part, each declared UTF-8.
        expect(raw).toMatch(/^Content-Type: multipart\/alternative/im);
        expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/im);
        expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8/im);
        expect(typeof mail.html).toBe("string");
        await checkMail(
          smtpApp,
          flow,
          locale,
          {
            to: sent.address,
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: mail.html || "",
          },
          sent,
        );
      });
    }
  }

  it("builds no link on a host that is not the site's: the mail goes out without one", async () => {
    const user = await createUser(site.db, site.tenant.id, { locale: "nl", confirmed: false });
    const res = await smtpApp.inject({
      method: "POST",
      url: "/auth/confirmation",
      headers: { ...site.headers, "x-forwarded-host": "evil.example" },
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    const [arrived] = sink.to(user.email);
    expect(arrived.mail.text).not.toMatch(/https?:\/\//);
    expect(arrived.raw).not.toContain("evil.example");
  });
});

describe("mail without SMTP_URL: the outbox", () => {
  for (const [name, flow] of Object.entries(FLOWS)) {
    it(`${name}: lands in mail_outbox with the tenant, and nothing goes over SMTP`, async () => {
      const before = sink.received.length;
      const sent = await flow.trigger(outboxApp, site, "nl");
      const rows = await site.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, sent.address))
        .orderBy(desc(mailOutbox.id));
      const mine = rows.filter((r) => !sent.subjectHas || r.subject.includes(sent.subjectHas));
      expect(mine).toHaveLength(1);
      expect(mine[0].tenantId).toBe(site.tenant.id);
      expect(sink.received.length).toBe(before);
      await checkMail(
        outboxApp,
        flow,
        "nl",
        { to: mine[0].to, subject: mine[0].subject, text: mine[0].text, html: mine[0].html ?? "" },
        sent,
      );
    });
  }
});
