import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../backend/db/schema";
import { createMailer } from "../../backend/mail/transport";
import { createTestApp, type TestApp } from "./support/app";
import { createTenant, createUser } from "./support/factories";

let t: TestApp;
let a: { id: number; slug: string };
let b: { id: number; slug: string };

const JSONAPI = /^application\/vnd\.api\+json/;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  a = await createTenant(db);
  b = await createTenant(db);
  // Inserted out of order: the list sorts newest first.
  await db.insert(mailOutbox).values([
    { tenantId: a.id, to: "old@a.test", subject: "Old", text: "old", createdAt: minutesAgo(30) },
    {
      tenantId: a.id,
      to: "new@a.test",
      subject: "New",
      text: "Reset: http://a.localhost/x",
      html: "<p>Reset</p>",
      createdAt: minutesAgo(1),
    },
    { tenantId: a.id, to: "mid@a.test", subject: "Mid", text: "mid", createdAt: minutesAgo(10) },
    { tenantId: b.id, to: "other@b.test", subject: "Other tenant", text: "b" },
    { tenantId: null, to: "nobody@x.test", subject: "No tenant", text: "none" },
  ]);
});
afterAll(() => t.close());

const list = (app: TestApp["app"], query = "", tenant = a.slug) =>
  app.inject({ method: "GET", url: `/api/v1/dev/mails${query}`, headers: { "x-tenant": tenant } });

type TBody = { data: { id: string; type: string; attributes: Record<string, unknown> }[] };
const subjects = (body: TBody) => body.data.map((d) => d.attributes.subject);

describe("GET /api/v1/dev/mails", () => {
  it("lists this tenant's outbox newest first, without another tenant's mail or mail without tenant", async () => {
    const res = await list(t.app);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(JSONAPI);
    const body = res.json();
    expect(subjects(body)).toEqual(["New", "Mid", "Old"]);
    expect(body.data[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      type: "mail",
      attributes: {
        to: "new@a.test",
        subject: "New",
        text: "Reset: http://a.localhost/x",
        html: "<p>Reset</p>",
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    expect(body.data[1].attributes.html).toBeNull();
    expect(subjects((await list(t.app, "", b.slug)).json())).toEqual(["Other tenant"]);
  });

  it("answers 404 to a browser on another machine (client address through the BFF)", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/v1/dev/mails",
      headers: { "x-tenant": a.slug, "x-forwarded-for": "192.0.2.10" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("Mid");
  });

  it("pages with page[number] and page[size], with meta.pagination and links", async () => {
    const res = await list(t.app, "?page[number]=2&page[size]=2");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(subjects(body)).toEqual(["Old"]);
    expect(body.meta).toEqual({ pagination: { current: 2, first: 1, prev: 1, records: 3 } });
    expect(body.links.self).toMatch(/\/api\/v1\/dev\/mails\?page\[number\]=2&page\[size\]=2$/);
    expect(body.links.first).toMatch(/\/api\/v1\/dev\/mails\?page\[number\]=1&page\[size\]=2$/);
    expect(body.links.next).toBeUndefined();

    const first = (await list(t.app, "?page[size]=2")).json();
    expect(subjects(first)).toEqual(["New", "Mid"]);
    expect(first.meta.pagination).toEqual({ current: 1, next: 2, last: 2, records: 3 });
  });

  it.each([
    ["NODE_ENV=production", { NODE_ENV: "production" }],
    ["SMTP_URL is set", { SMTP_URL: "smtp://127.0.0.1:2525" }],
  ])("answers a JSON:API 404, as for an unknown route, when %s", async (_name, overrides) => {
    const other = await createTestApp(overrides);
    try {
      const tenant = await createTenant(other.database.db);
      await other.database.db
        .insert(mailOutbox)
        .values({ tenantId: tenant.id, to: "x@y.test", subject: "Secret", text: "token" });
      const res = await list(other.app, "", tenant.slug);
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(JSONAPI);
      expect(res.json()).toEqual({
        errors: [expect.objectContaining({ status: "404", title: "Not Found" })],
      });
      expect(res.body).not.toContain("Secret");
    } finally {
      await other.close();
    }
  });
});

describe("the outbox mailer and the auth mails", () => {
  it("store a reset mail with the tenant it was asked on, so the tenant's list shows it", async () => {
    const user = await createUser(t.database.db, a.id);
    const asked = await t.app.inject({
      method: "POST",
      url: "/auth/password",
      headers: { "x-tenant": a.slug },
      payload: { email: user.email, redirect_url: "http://localhost:3000/auth/reset" },
    });
    expect(asked.statusCode).toBe(200);
    const mail = t.mailer.last(user.email);
    expect(mail?.tenantId).toBe(a.id);

    // The mailer npm start uses without SMTP_URL, on the same database.
    await createMailer(t.app.config, t.database.db).send(mail!);
    const listed = (await list(t.app)).json().data[0].attributes;
    expect(listed).toMatchObject({ to: user.email, subject: mail?.subject, text: mail?.text });
    expect(subjects((await list(t.app, "", b.slug)).json())).toEqual(["Other tenant"]);
  });
});
