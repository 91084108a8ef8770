import { describe, expect, it, vi } from "vitest";
import {
  config,
  downUrl,
  json,
  secret,
  seen,
  startFakeApi,
  type TSeen,
  upstream,
  WEB,
} from "./support/fake-api";

vi.mock("server-only", () => ({}));

const { sealSession, unsealSession } = await import("@/lib/auth/session");
const { handleApiRequest, handleAuthRequest, handleSessionStatus, handleStopImpersonating } =
  await import("@/lib/bff/handlers");
type TSession = import("@/lib/auth/session").TSession;

// Sign in as another user through the BFF and back (docs/impersonation-and-account-deletion.md),
// against a real api stand-in on a loopback port that records what arrived.
startFakeApi();

const admin = { accessToken: "adm-1", client: "cl-a", uid: "admin@example.com", expiry: 5000 };
const joe = { accessToken: "joe-1", client: "cl-j", uid: "joe@example.com", expiry: 4000 };
const impersonating: TSession = { ...joe, impersonator: admin };

const cookieOf = async (session: TSession) =>
  `volunteerly_session=${await sealSession(session, secret)}`;

function browser(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return new Request(`${WEB}${path}`, init);
}

async function storedSession(response: Response) {
  const cookie = response.headers.get("set-cookie");
  if (!cookie) return undefined;
  const value = /^volunteerly_session=([^;]*)/.exec(cookie)?.[1] ?? "";
  return unsealSession(value, secret);
}

const authSeen = (call: TSeen) => ({
  "access-token": call.headers["access-token"],
  client: call.headers.client,
  uid: call.headers.uid,
});

async function signInAs(session: TSession) {
  return handleApiRequest(
    browser("/api/v1/sign_in_as_user", {
      method: "POST",
      body: '{"data":{"type":"user","attributes":{"user_id":"9"}}}',
      headers: {
        origin: WEB,
        "content-type": "application/vnd.api+json",
        cookie: await cookieOf(session),
      },
    }),
    config,
  );
}

async function stop(session: TSession | null, init: { origin?: string; method?: string } = {}) {
  const headers: Record<string, string> = { origin: init.origin ?? WEB };
  if (session) headers.cookie = await cookieOf(session);
  return handleStopImpersonating(
    browser("/api/session/stop_impersonating", { method: init.method ?? "POST", headers }),
    config,
  );
}

describe("POST /api/v1/sign_in_as_user through the BFF", () => {
  it("sends the admin's session, and keeps it beside the new one in the cookie", async () => {
    upstream.reply = (_req, res) =>
      json(
        res,
        200,
        { data: { id: "9", type: "user" } },
        { "access-token": "joe-1", client: "cl-j", uid: "joe@example.com", expiry: "4000" },
      );
    const response = await signInAs(admin);
    expect(response.status).toBe(200);
    expect(authSeen(seen[0])).toEqual({
      "access-token": "adm-1",
      client: "cl-a",
      uid: "admin@example.com",
    });
    expect(seen[0].body).toContain('"user_id":"9"');
    // An expiry older than the admin's is no reason to refuse: this is a new session.
    expect(await storedSession(response)).toEqual({ ...joe, impersonator: admin });
    for (const name of ["access-token", "client", "uid", "expiry", "authorization"]) {
      expect(response.headers.get(name)).toBeNull();
    }
  });

  it("leaves the cookie alone when the api refuses", async () => {
    upstream.reply = (_req, res) =>
      json(res, 403, { errors: [{ status: "403", title: "Forbidden", code: null }] });
    const response = await signInAs(admin);
    expect(response.status).toBe(403);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a second level with 409 before calling the api", async () => {
    const response = await signInAs(impersonating);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      errors: [
        {
          status: "409",
          source: null,
          title: "Conflict",
          detail: "You are already signed in as another user. Return to your own account first.",
          code: "already_impersonating",
        },
      ],
    });
    expect(seen).toHaveLength(0);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("refuses it from another origin, like every unsafe call", async () => {
    const response = await handleApiRequest(
      browser("/api/v1/sign_in_as_user", {
        method: "POST",
        body: "{}",
        headers: { origin: "https://evil.example", cookie: await cookieOf(admin) },
      }),
      config,
    );
    expect(response.status).toBe(403);
    expect(seen).toHaveLength(0);
  });
});

describe("while signed in as someone else", () => {
  it("sends the impersonated user's token, and keeps the admin's session through a rotation", async () => {
    upstream.reply = (_req, res) =>
      json(
        res,
        200,
        { data: [] },
        { "access-token": "joe-2", client: "cl-j", uid: "joe@example.com", expiry: "4100" },
      );
    const response = await handleApiRequest(
      browser("/api/v1/current_user", { headers: { cookie: await cookieOf(impersonating) } }),
      config,
    );
    expect(authSeen(seen[0])).toMatchObject({ "access-token": "joe-1", uid: "joe@example.com" });
    expect(await storedSession(response)).toEqual({
      ...joe,
      accessToken: "joe-2",
      expiry: 4100,
      impersonator: admin,
    });
  });

  it("GET /api/session says so", async () => {
    const answers = [];
    for (const session of [impersonating, admin, {}]) {
      const response = await handleSessionStatus(
        browser("/api/session", { headers: { cookie: await cookieOf(session) } }),
        config,
      );
      answers.push(await response.json());
    }
    expect(answers).toEqual([
      { signedIn: true, impersonating: true },
      { signedIn: true, impersonating: false },
      { signedIn: false, impersonating: false },
    ]);
    expect(seen).toHaveLength(0);
  });
});

describe("POST /api/session/stop_impersonating", () => {
  it("ends the impersonation at the api with its own headers and restores the admin's session", async () => {
    upstream.reply = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    const response = await stop(impersonating);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ signedIn: true });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "DELETE", url: "/api/v1/sign_in_as_user" });
    expect(authSeen(seen[0])).toEqual({
      "access-token": "joe-1",
      client: "cl-j",
      uid: "joe@example.com",
    });
    expect(seen[0].headers["x-tenant"]).toBe("roermond");
    expect(await storedSession(response)).toEqual(admin);
  });

  it.each([
    ["answers 422", false],
    ["is down", true],
  ])("restores the admin's session even when the api %s", async (_label, down) => {
    upstream.reply = (_req, res) => json(res, 422, { errors: [{ code: "not_impersonating" }] });
    const headers = { origin: WEB, cookie: await cookieOf(impersonating) };
    const response = await handleStopImpersonating(
      browser("/api/session/stop_impersonating", { method: "POST", headers }),
      down ? { ...config, apiBaseUrl: downUrl } : config,
    );
    expect(response.status).toBe(200);
    expect(await storedSession(response)).toEqual(admin);
  });

  it("answers 409 without an impersonation, calls nothing and leaves the cookie alone", async () => {
    for (const session of [admin, null]) {
      const response = await stop(session);
      expect(response.status).toBe(409);
      expect((await response.json()).errors[0]).toMatchObject({
        status: "409",
        code: "not_impersonating",
      });
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    expect(seen).toHaveLength(0);
  });

  it("refuses another origin (403) and any method but POST (405), calling nothing", async () => {
    const crossOrigin = await stop(impersonating, { origin: "https://evil.example" });
    expect(crossOrigin.status).toBe(403);
    const get = await stop(impersonating, { method: "GET" });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(seen).toHaveLength(0);
  });

  it("is also what DELETE /api/v1/sign_in_as_user through the BFF does", async () => {
    const response = await handleApiRequest(
      browser("/api/v1/sign_in_as_user", {
        method: "DELETE",
        headers: { origin: WEB, cookie: await cookieOf(impersonating) },
      }),
      config,
    );
    expect(response.status).toBe(200);
    expect(authSeen(seen[0])).toMatchObject({ "access-token": "joe-1" });
    expect(await storedSession(response)).toEqual(admin);
  });
});

describe("signing out while signed in as someone else", () => {
  it.each([
    ["answers", false],
    ["is down", true],
  ])(
    "ends the impersonation, signs the admin out too, and clears the cookie when the api %s",
    async (_label, down) => {
      const response = await handleAuthRequest(
        browser("/api/auth/sign_out", {
          method: "DELETE",
          headers: { origin: WEB, cookie: await cookieOf(impersonating) },
        }),
        down ? { ...config, apiBaseUrl: downUrl } : config,
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true });
      expect(response.headers.get("set-cookie")).toMatch(/^volunteerly_session=; .*Max-Age=0/);
      if (down) return;
      expect(seen.map((call) => `${call.method} ${call.url}`)).toEqual([
        "DELETE /api/v1/sign_in_as_user",
        "DELETE /auth/sign_out",
      ]);
      expect(authSeen(seen[0])).toMatchObject({ "access-token": "joe-1", client: "cl-j" });
      expect(authSeen(seen[1])).toEqual({
        "access-token": "adm-1",
        client: "cl-a",
        uid: "admin@example.com",
      });
    },
  );
});
