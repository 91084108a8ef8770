import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueToken } from "../../backend/auth/token-store";
import { jobs, tenants, users } from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { authOf, linkIn, NO_RATE_LIMITS, signIn, testClock, userRow } from "./support/auth";
import { createTenantWithCenter, createUser, TEST_PASSWORD } from "./support/factories";

// PUT/PATCH /auth: a change of address with devise's reconfirmable, and following the link
// mailed to the new address (docs/api-email-change.md).

const clock = testClock();
let t: TestApp;
let a: Awaited<ReturnType<typeof createTenantWithCenter>>;
let b: Awaited<ReturnType<typeof createTenantWithCenter>>;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({}, { auth: { now: clock.now, rateLimits: NO_RATE_LIMITS } });
  a = await createTenantWithCenter(t.database.db);
  await t.database.db.update(tenants).set({ name: "Oldebroek" }).where(eq(tenants.id, a.tenant.id));
  b = await createTenantWithCenter(t.database.db);
});
afterAll(() => t.close());

const db = () => t.database.db;
const address = (label = "new") => `${label}-${Date.now()}-${++n}@example.test`;
type TTenant = typeof a;

async function person(attrs: Parameters<typeof createUser>[2] = {}, site: TTenant = a) {
  const user = await createUser(db(), site.tenant.id, {
    volunteerCenterId: site.center.id,
    firstName: "Zoë",
    ...attrs,
  });
  const auth = await issueToken(db(), site.tenant.id, user.id, { now: clock.now });
  return { user, auth };
}

const change = (
  auth: Record<string, string> | null,
  payload: Record<string, unknown> | undefined,
  { method = "PUT", site = a }: { method?: "PUT" | "PATCH"; site?: TTenant } = {},
) =>
  t.app.inject({
    method,
    url: "/auth",
    headers: { "x-tenant": site.tenant.slug, ...(auth ?? {}) },
    ...(payload === undefined ? {} : { payload }),
  });

const confirm = (token: string, headers: Record<string, string> = {}, site: TTenant = a) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/confirm",
    headers: { "x-tenant": site.tenant.slug, ...headers },
    payload: { confirmation_token: token },
  });

const currentUser = (headers: Record<string, string>) =>
  t.app.inject({
    method: "GET",
    url: "/api/v1/current_user",
    headers: { "x-tenant": a.tenant.slug, ...headers },
  });

const tokenIn = (to: string) =>
  linkIn(t.mailer.last(to)!.text).searchParams.get("confirmation_token")!;

const jobCount = async () => (await db().select({ n: count() }).from(jobs))[0].n;

/** The row without what every signed-in request rewrites (tokens, updated_at). */
async function stable(id: number) {
  const { tokens: _tokens, updatedAt: _updatedAt, ...rest } = await userRow(db(), id);
  return rest;
}

/** A refusal: the exact answer, and no change to the row or the outbox. */
async function refused(
  id: number,
  send: () => Promise<{ statusCode: number; json: () => unknown }>,
  status: number,
  body: unknown,
) {
  const before = await stable(id);
  const mails = t.mailer.sent.length;
  const queued = await jobCount();
  const res = await send();
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual(body);
  expect(await stable(id)).toEqual(before);
  expect(t.mailer.sent.length).toBe(mails);
  expect(await jobCount()).toBe(queued);
}

const updateError = (field: string, label: string, message: string) => ({
  status: "error",
  errors: { [field]: [message], full_messages: [`${label} ${message}`] },
});

describe("PUT /auth — asking for a new address", () => {
  it("keeps the address, mails the link to the new one and a notice to the old one, in Dutch", async () => {
    const { user, auth } = await person({ locale: "nl" });
    const next = address();
    const res = await change(auth, { email: next.toUpperCase(), current_password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe("success");
    expect(body.data).toMatchObject({
      id: user.id,
      email: user.email,
      uid: user.email,
      provider: "email",
      unconfirmed_email: next,
    });
    expect(body.data.created_at).toEqual(expect.any(String));
    expect(body.data).not.toHaveProperty("tokens");
    expect(body.data).not.toHaveProperty("confirmation_token");
    // Rotated like every signed-in devise route.
    expect(res.headers["access-token"]).toBeTruthy();
    expect(res.headers["access-token"]).not.toBe(auth["access-token"]);
    expect(res.headers.uid).toBe(user.email);

    const toNew = t.mailer.last(next)!;
    expect(toNew.subject).toBe("Bevestig je nieuwe e-mailadres voor Oldebroek");
    expect(toNew.text).toContain("Hallo Zoë,");
    expect(toNew.text).toContain(`wijzigen naar ${next}`);
    const link = linkIn(toNew.text);
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost/confirm");
    const toOld = t.mailer.last(user.email)!;
    expect(toOld.subject).toBe("Je e-mailadres voor Oldebroek wordt gewijzigd");
    expect(toOld.text).toContain(`Je e-mailadres voor Oldebroek wordt gewijzigd naar ${next}`);
    expect(toOld.text).toContain("Was jij dit niet?");
    expect(toOld.text).not.toContain("confirmation_token");

    const row = await userRow(db(), user.id);
    expect(row).toMatchObject({ email: user.email, uid: user.email, unconfirmedEmail: next });
    expect(row.confirmationToken).not.toBe(link.searchParams.get("confirmation_token"));

    // The current user shows the pending address; the old address still signs in.
    const me = await currentUser(authOf(res));
    expect(me.statusCode).toBe(200);
    expect(me.json().data.attributes).toMatchObject({
      email: user.email,
      unconfirmed_email: next,
    });
    expect((await signIn(t.app, a.tenant.slug, user.email, TEST_PASSWORD)).res.statusCode).toBe(
      200,
    );
    expect((await signIn(t.app, a.tenant.slug, next, TEST_PASSWORD)).res.statusCode).toBe(401);
  });

  it("PATCH /auth does the same, in English for an English user; the link swaps the address", async () => {
    const { user, auth } = await person({ locale: "en" });
    const next = address();
    const res = await change(
      auth,
      { email: next, current_password: TEST_PASSWORD },
      { method: "PATCH" },
    );
    expect(res.statusCode, res.body).toBe(200);
    const toNew = t.mailer.last(next)!;
    expect(toNew.subject).toBe("Confirm your new email address for Oldebroek");
    expect(toNew.text).toContain("Hello Zoë,");
    expect(toNew.text).toContain(`Until you do, you keep signing in with ${user.email}.`);
    expect(t.mailer.last(user.email)!.subject).toBe(
      "Your email address for Oldebroek is being changed",
    );

    // The devise link: GET /auth/confirmation redirects with the outcome.
    const url = `/auth/confirmation?${new URLSearchParams({
      confirmation_token: tokenIn(next),
      redirect_url: "http://localhost:3000/welkom",
    })}`;
    const followed = await t.app.inject({
      method: "GET",
      url,
      headers: { "x-tenant": a.tenant.slug },
    });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(
      "http://localhost:3000/welkom?account_confirmation_success=true",
    );
    expect(await userRow(db(), user.id)).toMatchObject({
      email: next,
      uid: next,
      unconfirmedEmail: null,
    });
    expect((await signIn(t.app, a.tenant.slug, next, TEST_PASSWORD)).res.statusCode).toBe(200);
    expect((await signIn(t.app, a.tenant.slug, user.email, TEST_PASSWORD)).res.statusCode).toBe(
      401,
    );
  });

  it("answers the confirmation link with the new address, and new headers for the confirming session", async () => {
    const { user, auth } = await person();
    const other = await issueToken(db(), a.tenant.id, user.id, { now: clock.now });
    const next = address();
    const res = await change(auth, { email: next, current_password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const session = authOf(res);
    const before = (await userRow(db(), user.id)).confirmedAt!;
    clock.advance(60_000);

    const confirmed = await confirm(tokenIn(next), session);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // userResource, as before: unconfirmed_email is for the user's own record only.
    expect(confirmed.json().data.attributes.email).toBe(next);
    expect(confirmed.headers.uid).toBe(next);
    expect(confirmed.headers["access-token"]).toBeTruthy();
    expect(confirmed.headers.client).toBe(session.client);
    const row = await userRow(db(), user.id);
    expect(row).toMatchObject({ email: next, uid: next, unconfirmedEmail: null });
    expect(row.confirmedAt!.getTime()).toBeGreaterThan(before.getTime());

    // The confirming browser goes on with the new uid; a client still sending the old uid
    // is signed out (devise_token_auth finds the user by uid); with the new uid it works.
    expect((await currentUser(authOf(confirmed))).statusCode).toBe(200);
    expect((await currentUser(other)).statusCode).toBe(401);
    expect((await currentUser({ ...other, uid: next })).statusCode).toBe(200);

    // Followed again: devise's 'already confirmed'; nothing changes.
    const again = await confirm(tokenIn(next));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0].code).toBe("already_confirmed");
  });

  it("confirming without a session, or with someone else's, answers no auth headers", async () => {
    const { auth } = await person();
    const stranger = await person();
    const next = address();
    expect((await change(auth, { email: next, current_password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
    const res = await confirm(tokenIn(next), stranger.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-token"]).toBeUndefined();
    expect(res.headers.uid).toBeUndefined();
  });

  it("resending the instructions while a change waits goes to the new address", async () => {
    const { user, auth } = await person();
    const next = address();
    await change(auth, { email: next, current_password: TEST_PASSWORD });
    const first = tokenIn(next);
    const res = await t.app.inject({
      method: "POST",
      url: "/auth/confirmation",
      headers: { "x-tenant": a.tenant.slug },
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    const second = tokenIn(next);
    expect(second).not.toBe(first);
    expect(t.mailer.last(next)!.subject).toBe("Bevestig je nieuwe e-mailadres voor Oldebroek");
    expect((await confirm(first)).statusCode).toBe(404);
    expect((await confirm(second)).statusCode).toBe(200);
    expect((await userRow(db(), user.id)).email).toBe(next);
  });

  it("a second change before confirming replaces the first: the first link no longer works", async () => {
    const { user, auth } = await person();
    const first = address("first");
    const second = address("second");
    expect((await change(auth, { email: first, current_password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
    const firstToken = tokenIn(first);
    const res = await change(auth, { email: second, current_password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.unconfirmed_email).toBe(second);
    await refused(user.id, () => confirm(firstToken), 404, {
      errors: [{ status: "404", source: null, title: "Not Found", detail: null, code: null }],
    });
    expect((await confirm(tokenIn(second))).statusCode).toBe(200);
    expect(await userRow(db(), user.id)).toMatchObject({ email: second, unconfirmedEmail: null });
    // The first address is free again.
    const someone = await person();
    const taken = await change(someone.auth, { email: first, current_password: TEST_PASSWORD });
    expect(taken.statusCode).toBe(200);
  });
});

describe("PUT /auth — refusals change nothing and mail nothing", () => {
  it("a wrong or missing current password: devise's current_password error only", async () => {
    const { user, auth } = await person();
    const taken = await person();
    await refused(
      user.id,
      () => change(auth, { email: taken.user.email, current_password: "Wrong-pass-1" }),
      422,
      updateError("current_password", "Current password", "is invalid"),
    );
    await refused(
      user.id,
      () => change(auth, { email: address() }),
      422,
      updateError("current_password", "Current password", "can't be blank"),
    );
  });

  it("an address another account of the tenant has, or is confirming, is taken", async () => {
    const { user, auth } = await person();
    const holder = await person();
    await refused(
      user.id,
      () => change(auth, { email: holder.user.email, current_password: TEST_PASSWORD }),
      422,
      updateError("email", "Email", "has already been taken"),
    );
    const pending = address();
    expect(
      (await change(holder.auth, { email: pending, current_password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    await refused(
      user.id,
      () => change(auth, { email: pending, current_password: TEST_PASSWORD }),
      422,
      updateError("email", "Email", "has already been taken"),
    );
    // The same address in another tenant is another account.
    const elsewhere = await createUser(db(), b.tenant.id, { email: address("b") });
    const res = await change(auth, { email: elsewhere.email, current_password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it("the same address, an invalid one, a blank one, or a password", async () => {
    const { user, auth } = await person();
    const cases: [Record<string, unknown>, unknown][] = [
      [
        { email: ` ${user.email.toUpperCase()} `, current_password: TEST_PASSWORD },
        updateError("email", "Email", "is the same as the current one"),
      ],
      [
        { email: "not-an-address", current_password: TEST_PASSWORD },
        updateError("email", "Email", "is not an email"),
      ],
      [
        { email: `${"x".repeat(250)}@example.test`, current_password: TEST_PASSWORD },
        updateError("email", "Email", "is too long (maximum is 255 characters)"),
      ],
      [{ current_password: TEST_PASSWORD }, updateError("email", "Email", "can't be blank")],
      [
        { email: address(), current_password: TEST_PASSWORD, password: "Another-pass-9" },
        updateError("password", "Password", "can only be changed with PUT /auth/password"),
      ],
      [
        {
          email: address(),
          current_password: TEST_PASSWORD,
          confirm_success_url: "https://evil.example.com/",
        },
        {
          success: false,
          errors: ["Redirect to 'https://evil.example.com/' not allowed."],
          status: "error",
          data: null,
        },
      ],
      [
        { first_name: "Anders" },
        {
          success: false,
          errors: ["Please submit proper account update data in request body."],
          status: "error",
        },
      ],
    ];
    for (const [payload, body] of cases) {
      await refused(user.id, () => change(auth, payload), 422, body);
    }
  });

  it("signed out: devise_token_auth's 404", async () => {
    const { user, auth } = await person();
    const body = { success: false, errors: ["User not found."], status: "error" };
    await refused(
      user.id,
      () => change(null, { email: address(), current_password: TEST_PASSWORD }),
      404,
      body,
    );
    await refused(
      user.id,
      () =>
        change(
          { ...auth, "access-token": "forged" },
          { email: address(), current_password: TEST_PASSWORD },
        ),
      404,
      body,
    );
  });

  it("another tenant's session is nobody here, and its token is an unknown token", async () => {
    const other = await person({}, b);
    const next = address();
    const res = await change(
      other.auth,
      { email: next, current_password: TEST_PASSWORD },
      { site: b },
    );
    expect(res.statusCode).toBe(200);
    const token = tokenIn(next);
    await refused(
      other.user.id,
      () => change(other.auth, { email: address(), current_password: TEST_PASSWORD }),
      404,
      { success: false, errors: ["User not found."], status: "error" },
    );
    await refused(other.user.id, () => confirm(token), 404, {
      errors: [{ status: "404", source: null, title: "Not Found", detail: null, code: null }],
    });
    const followed = await t.app.inject({
      method: "GET",
      url: `/auth/confirmation?confirmation_token=${token}`,
      headers: { "x-tenant": a.tenant.slug },
    });
    expect(followed.statusCode).toBe(404);
    expect(await userRow(db(), other.user.id)).toMatchObject({
      email: other.user.email,
      unconfirmedEmail: next,
    });
    expect((await confirm(token, {}, b)).statusCode).toBe(200);
  });

  it("confirming after someone took the address meanwhile: 422, the old address stays", async () => {
    const { user, auth } = await person();
    const next = address();
    expect((await change(auth, { email: next, current_password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
    const token = tokenIn(next);
    const signUp = await t.app.inject({
      method: "POST",
      url: "/auth",
      headers: { "x-tenant": a.tenant.slug },
      payload: {
        email: next,
        password: TEST_PASSWORD,
        password_confirmation: TEST_PASSWORD,
        confirm_success_url: "http://localhost:3000/confirm",
        first_name: "Snel",
        last_name: "Eerder",
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    await refused(user.id, () => confirm(token, auth), 422, {
      errors: [
        {
          status: "422",
          source: { pointer: "/data/attributes/email" },
          title: "Unprocessable Entity",
          detail: "Email has already been taken",
          code: "taken",
        },
      ],
    });
    const followed = await t.app.inject({
      method: "GET",
      url: `/auth/confirmation?${new URLSearchParams({
        confirmation_token: token,
        redirect_url: "http://localhost:3000/welkom",
      })}`,
      headers: { "x-tenant": a.tenant.slug },
    });
    expect(followed.headers.location).toBe(
      "http://localhost:3000/welkom?account_confirmation_success=false",
    );
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: user.email, uid: user.email, unconfirmedEmail: next });
  });

  it("an expired link changes nothing", async () => {
    const { user, auth } = await person();
    const next = address();
    await change(auth, { email: next, current_password: TEST_PASSWORD });
    const token = tokenIn(next);
    clock.advance(73 * 3600_000);
    const res = await confirm(token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe("confirmation_period_expired");
    expect(await userRow(db(), user.id)).toMatchObject({
      email: user.email,
      unconfirmedEmail: next,
    });
  });
});

describe("PUT /auth — mail limit", () => {
  it("counts against the account's mail limit, before the password is checked", async () => {
    const limited = await createTestApp(
      {},
      {
        auth: {
          rateLimits: { ...NO_RATE_LIMITS, mailPerAccount: { points: 2, durationSeconds: 60 } },
        },
      },
    );
    try {
      const site = await createTenantWithCenter(limited.database.db);
      const user = await createUser(limited.database.db, site.tenant.id, {});
      const put = async (current_password: string) =>
        limited.app.inject({
          method: "PUT",
          url: "/auth",
          headers: {
            "x-tenant": site.tenant.slug,
            ...(await issueToken(limited.database.db, site.tenant.id, user.id)),
          },
          payload: { email: address(), current_password },
        });
      expect((await put("Wrong-pass-1")).statusCode).toBe(422);
      expect((await put(TEST_PASSWORD)).statusCode).toBe(200);
      const res = await put(TEST_PASSWORD);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        success: false,
        errors: ["Too many attempts. Try again later."],
      });
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
