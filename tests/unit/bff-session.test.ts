import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { applyUpstreamAuthHeaders, isSignedIn } = await import("@/lib/auth/auth-headers");
const { clearSession, impersonatorOf, readSession, sealSession, unsealSession, writeSession } =
  await import("@/lib/auth/session");
const { sealData } = await import("iron-session");

const secret = "a-test-secret-that-is-at-least-32-characters-long";
const config = { cookieName: "volunteerly_session", secret };
const signedIn = { accessToken: "tok-1", client: "cl-1", uid: "jane@example.com", expiry: 1000 };

function upstream(values: Record<string, string>): Headers {
  return new Headers(values);
}

describe("applyUpstreamAuthHeaders (api-contract §4 rotation rules)", () => {
  it("keeps the current token when a batch response sends a blank access-token", () => {
    const result = applyUpstreamAuthHeaders(
      signedIn,
      upstream({ "access-token": " ", expiry: " ", client: "cl-1", uid: "jane@example.com" }),
    );
    expect(result.changed).toBe(false);
    expect(result.session).toEqual(signedIn);
  });

  it("ignores a token whose expiry is older than the stored one", () => {
    const result = applyUpstreamAuthHeaders(
      signedIn,
      upstream({
        "access-token": "tok-old",
        expiry: "999",
        client: "cl-1",
        uid: "jane@example.com",
      }),
    );
    expect(result.changed).toBe(false);
    expect(result.session.accessToken).toBe("tok-1");
  });

  it("ignores a token without expiry once an expiry is stored", () => {
    const result = applyUpstreamAuthHeaders(signedIn, upstream({ "access-token": "tok-2" }));
    expect(result.changed).toBe(false);
  });

  it("accepts a newer token together with its client and uid", () => {
    const result = applyUpstreamAuthHeaders(
      signedIn,
      upstream({ "access-token": "tok-2", expiry: "2000", client: "cl-2", uid: "joe@example.com" }),
    );
    expect(result.changed).toBe(true);
    expect(result.session).toEqual({
      accessToken: "tok-2",
      client: "cl-2",
      uid: "joe@example.com",
      expiry: 2000,
    });
  });

  it("accepts a different token with the same expiry (equal is not older)", () => {
    const result = applyUpstreamAuthHeaders(
      signedIn,
      upstream({
        "access-token": "tok-2",
        expiry: "1000",
        client: "cl-1",
        uid: "jane@example.com",
      }),
    );
    expect(result.changed).toBe(true);
    expect(result.session.accessToken).toBe("tok-2");
  });

  it("reports no change when the api echoes the same headers (rotation off)", () => {
    const result = applyUpstreamAuthHeaders(
      signedIn,
      upstream({
        "access-token": "tok-1",
        expiry: "1000",
        client: "cl-1",
        uid: "jane@example.com",
      }),
    );
    expect(result.changed).toBe(false);
  });

  it("keeps client and uid when the response names only a new token", () => {
    const result = applyUpstreamAuthHeaders(signedIn, { "access-token": "tok-3", expiry: "3000" });
    expect(result.session).toMatchObject({
      accessToken: "tok-3",
      client: "cl-1",
      uid: "jane@example.com",
    });
  });

  it("starts a session from nothing when the answer carries all three values", () => {
    const { session } = applyUpstreamAuthHeaders(
      {},
      upstream({ "access-token": "t", expiry: "5", client: "c", uid: "u" }),
    );
    expect(isSignedIn(session)).toBe(true);
  });
});

describe("isSignedIn", () => {
  it("needs access token, client and uid", () => {
    expect(isSignedIn(signedIn)).toBe(true);
    expect(isSignedIn({ accessToken: "t", client: "c" })).toBe(false);
    expect(isSignedIn({})).toBe(false);
    expect(isSignedIn(null)).toBe(false);
  });
});

describe("session cookie", () => {
  it("unseals what it sealed", async () => {
    const seal = await sealSession(signedIn, secret);
    expect(seal).not.toContain("tok-1");
    expect(await unsealSession(seal, secret)).toEqual(signedIn);
  });

  it("reads a tampered or foreign cookie as no session", async () => {
    const seal = await sealSession(signedIn, secret);
    expect(await unsealSession(`${seal.slice(0, -4)}AAAA`, secret)).toEqual({});
    expect(await unsealSession(seal, "another-secret-that-is-at-least-32-characters")).toEqual({});
    expect(await unsealSession("garbage", secret)).toEqual({});
  });

  it("writes an HttpOnly, SameSite=Lax cookie on path / over http", async () => {
    const headers = new Headers();
    await writeSession(headers, signedIn, config, false);
    const cookie = headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^volunteerly_session=Fe26\.2\*/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain(`Max-Age=${14 * 24 * 3600}`);
    expect(cookie).not.toContain("Secure");
  });

  it("uses a Secure __Host- cookie over https", async () => {
    const headers = new Headers();
    await writeSession(headers, signedIn, config, true);
    const cookie = headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^__Host-volunteerly_session=/);
    expect(cookie).toContain("; Secure");
    expect(cookie).not.toContain("Domain");
  });

  it("clears the cookie instead of storing a session that is not signed in", async () => {
    const headers = new Headers();
    await writeSession(headers, { accessToken: "only-a-token" }, config, false);
    expect(headers.get("set-cookie")).toMatch(/^volunteerly_session=; .*Max-Age=0/);
  });

  it("reads the session from a request's cookie, by the name its protocol uses", async () => {
    const seal = await sealSession(signedIn, secret);
    const http = new Request("http://demo.localhost:3000/api/session", {
      headers: { cookie: `tenant=demo; volunteerly_session=${seal}` },
    });
    expect(await readSession(http, config)).toEqual(signedIn);

    const httpsWithPlainName = new Request("http://x/api/session", {
      headers: { cookie: `volunteerly_session=${seal}`, "x-forwarded-proto": "https" },
    });
    expect(await readSession(httpsWithPlainName, config)).toEqual({});

    const https = new Request("http://x/api/session", {
      headers: { cookie: `__Host-volunteerly_session=${seal}`, "x-forwarded-proto": "https" },
    });
    expect(await readSession(https, config)).toEqual(signedIn);
  });

  it("keeps the admin's own session beside an impersonated one, and says so", async () => {
    const admin = { accessToken: "adm", client: "cl-a", uid: "admin@example.com", expiry: 900 };
    const seal = await sealSession({ ...signedIn, impersonator: admin }, secret);
    const read = await unsealSession(seal, secret);
    expect(read).toEqual({ ...signedIn, impersonator: admin });
    expect(impersonatorOf(read)).toEqual(admin);
    expect(impersonatorOf(signedIn)).toBeUndefined();
    // Half an impersonator, or one without a session of its own, is none.
    expect(impersonatorOf({ ...signedIn, impersonator: { ...admin, client: "" } })).toBeUndefined();
    expect(impersonatorOf({ impersonator: admin })).toBeUndefined();
  });

  it("never nests: an impersonator's own impersonator is dropped", async () => {
    const admin = { accessToken: "adm", client: "cl-a", uid: "admin@example.com", expiry: 900 };
    const deeper = { ...admin, impersonator: { accessToken: "x", client: "y", uid: "z" } };
    const seal = await sealData(
      { ...signedIn, impersonator: deeper },
      { password: secret, ttl: 15 * 24 * 3600 },
    );
    expect(await unsealSession(seal, secret)).toEqual({ ...signedIn, impersonator: admin });
    const sealed = await sealSession({ ...signedIn, impersonator: deeper }, secret);
    expect(await unsealSession(sealed, secret)).toEqual({ ...signedIn, impersonator: admin });
  });

  it("reads a cookie whose impersonator is incomplete as no session", async () => {
    const seal = await sealData(
      { ...signedIn, impersonator: { accessToken: "adm" } },
      { password: secret, ttl: 15 * 24 * 3600 },
    );
    expect(await unsealSession(seal, secret)).toEqual({});
  });

  it("clearSession expires the cookie", () => {
    const headers = new Headers();
    clearSession(headers, config, true);
    expect(headers.get("set-cookie")).toBe(
      "__Host-volunteerly_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure",
    );
  });
});
