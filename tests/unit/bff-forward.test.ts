import { describe, expect, it, vi } from "vitest";
import {
  config,
  downUrl,
  json,
  secret,
  seen,
  startFakeApi,
  upstream,
  WEB,
} from "./support/fake-api";

vi.mock("server-only", () => ({}));

const { sealSession, unsealSession } = await import("@/lib/auth/session");
const { handleApiRequest, handleAuthRequest, handleSessionStatus } = await import(
  "@/lib/bff/handlers"
);

startFakeApi();

const session = { accessToken: "tok-1", client: "cl-1", uid: "jane@example.com", expiry: 1000 };

async function sessionCookie(value = session): Promise<string> {
  return `volunteerly_session=${await sealSession(value, secret)}`;
}

function browser(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return new Request(`${WEB}${path}`, init);
}

/** The session a response's Set-Cookie stores, or undefined when it sets none. */
async function storedSession(response: Response) {
  const cookie = response.headers.get("set-cookie");
  if (!cookie) return undefined;
  const value = /^volunteerly_session=([^;]*)/.exec(cookie)?.[1] ?? "";
  return unsealSession(value, secret);
}

describe("BFF forwarding of /api/v1/*", () => {
  it("sends the spec §7 headers and the session's auth values to the api", async () => {
    const response = await handleApiRequest(
      browser("/api/v1/current_user?include=roles", {
        headers: {
          cookie: `tenant=meedoen; ${await sessionCookie()}`,
          "volunteer-center-id": "12",
          "current-organization-id": "7",
          "accept-language": "en",
          "x-forwarded-for": "203.0.113.9, 10.0.0.2",
          "x-request-id": "req-abc",
        },
      }),
      config,
    );
    expect(response.status).toBe(200);
    const [call] = seen;
    expect(call.method).toBe("GET");
    expect(call.url).toBe("/api/v1/current_user?include=roles");
    expect(call.headers).toMatchObject({
      "x-tenant": "roermond",
      "app-context": "main",
      "volunteer-center-id": "12",
      "current-organization-id": "7",
      "access-token": "tok-1",
      client: "cl-1",
      uid: "jane@example.com",
      "accept-language": "en",
      "x-forwarded-for": "10.0.0.2",
      "x-request-id": "req-abc",
    });
    expect(call.headers["content-organization-id"]).toBeUndefined();
    expect(call.headers.cookie).toBeUndefined();
  });

  it("sends the stored interface language over the browser's languages", async () => {
    await handleApiRequest(
      browser("/api/v1/organizations", {
        headers: { cookie: "i18n_redirected=en", "accept-language": "nl-NL,nl;q=0.9" },
      }),
      config,
    );
    expect(seen[0].headers["accept-language"]).toBe("en");
  });

  it("uses the tenant cookie on a plain host and sends App-Context meedoen for meedoen", async () => {
    await handleApiRequest(
      new Request("http://localhost:3000/api/v1/organizations", {
        headers: { cookie: "tenant=meedoen" },
      }),
      config,
    );
    expect(seen[0].headers).toMatchObject({ "x-tenant": "meedoen", "app-context": "meedoen" });
  });

  it("drops ids that are not positive integers and auth headers the browser tries to send", async () => {
    await handleApiRequest(
      browser("/api/v1/organizations", {
        headers: {
          "volunteer-center-id": "0",
          "current-organization-id": "7 OR 1=1",
          "access-token": "forged",
          client: "forged",
          uid: "admin@example.com",
          "x-tenant": "public",
        },
      }),
      config,
    );
    const headers = seen[0].headers;
    expect(headers["volunteer-center-id"]).toBeUndefined();
    expect(headers["current-organization-id"]).toBeUndefined();
    expect(headers["access-token"]).toBeUndefined();
    expect(headers.uid).toBeUndefined();
    expect(headers["x-tenant"]).toBe("roermond");
    expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("forwards method, query and the raw body of a same-origin write", async () => {
    const body = '{"data":{"type":"users","id":"5","attributes":{"first_name":"Ån"}}}';
    await handleApiRequest(
      browser("/api/v1/users/5?x=1&y=%20", {
        method: "PATCH",
        body,
        headers: { origin: WEB, "content-type": "application/vnd.api+json" },
      }),
      config,
    );
    expect(seen[0]).toMatchObject({ method: "PATCH", url: "/api/v1/users/5?x=1&y=%20", body });
    expect(seen[0].headers["content-type"]).toBe("application/vnd.api+json");
  });

  it("never passes auth headers of the api's answer to the browser", async () => {
    upstream.reply = (_req, res) =>
      json(
        res,
        201,
        { data: { id: "1" } },
        {
          "access-token": "tok-2",
          client: "cl-1",
          uid: "jane@example.com",
          expiry: "2000",
          "token-type": "Bearer",
          authorization: "Bearer abc",
          "set-cookie": "api=1",
          "x-request-id": "up-1",
          "retry-after": "3",
        },
      );
    const response = await handleApiRequest(
      browser("/api/v1/users", {
        method: "POST",
        body: "{}",
        headers: { origin: WEB, cookie: await sessionCookie() },
      }),
      config,
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ data: { id: "1" } });
    for (const name of ["access-token", "client", "uid", "expiry", "token-type", "authorization"]) {
      expect(response.headers.get(name)).toBeNull();
    }
    expect(response.headers.get("set-cookie")).not.toContain("api=1");
    expect(response.headers.get("x-request-id")).toBe("up-1");
    expect(response.headers.get("retry-after")).toBe("3");
    expect(response.headers.get("content-type")).toBe("application/json");
  });

  it("stores a rotated token in the sealed session cookie", async () => {
    upstream.reply = (_req, res) =>
      json(
        res,
        200,
        {},
        { "access-token": "tok-2", client: "cl-1", uid: "jane@example.com", expiry: "2000" },
      );
    const response = await handleApiRequest(
      browser("/api/v1/current_user", { headers: { cookie: await sessionCookie() } }),
      config,
    );
    expect(await storedSession(response)).toEqual({
      accessToken: "tok-2",
      client: "cl-1",
      uid: "jane@example.com",
      expiry: 2000,
    });
  });

  it("leaves the cookie alone on a batch answer with a blank token", async () => {
    upstream.reply = (_req, res) =>
      json(
        res,
        200,
        {},
        { "access-token": " ", expiry: " ", client: "cl-1", uid: "jane@example.com" },
      );
    const response = await handleApiRequest(
      browser("/api/v1/current_user", { headers: { cookie: await sessionCookie() } }),
      config,
    );
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("leaves the cookie alone when the answer's token is older than the stored one", async () => {
    upstream.reply = (_req, res) =>
      json(
        res,
        200,
        {},
        { "access-token": "tok-0", expiry: "999", client: "cl-1", uid: "jane@example.com" },
      );
    const response = await handleApiRequest(
      browser("/api/v1/current_user", { headers: { cookie: await sessionCookie() } }),
      config,
    );
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("passes a 204 on without a body", async () => {
    upstream.reply = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    const response = await handleApiRequest(
      browser("/api/v1/organizations/3", { method: "DELETE", headers: { origin: WEB } }),
      config,
    );
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });

  it("stores the impersonated user's session after sign_in_as_user", async () => {
    upstream.reply = (_req, res) =>
      json(
        res,
        200,
        {},
        { "access-token": "imp", client: "cl-9", uid: "joe@example.com", expiry: "10" },
      );
    const response = await handleApiRequest(
      browser("/api/v1/sign_in_as_user", {
        method: "POST",
        body: "{}",
        headers: { origin: WEB, cookie: await sessionCookie() },
      }),
      config,
    );
    // expiry 10 is older than the admin's 1000: a fresh session, not a rotation.
    expect(await storedSession(response)).toMatchObject({
      accessToken: "imp",
      uid: "joe@example.com",
    });
  });
});

describe("BFF with the site's volunteer centre configured (VOLUNTEER_CENTER_IDS)", () => {
  it("sends it as Content-Organization-Id, and as Volunteer-Center-Id when none was selected", async () => {
    upstream.reply = (_req, res) => json(res, 200, { data: [] });
    const withCenter = { ...config, centerIds: { roermond: 3 } };
    await handleApiRequest(browser("/api/v1/things"), withCenter);
    expect(seen[0].headers["content-organization-id"]).toBe("3");
    expect(seen[0].headers["volunteer-center-id"]).toBe("3");

    await handleApiRequest(
      browser("/api/v1/things", { headers: { "volunteer-center-id": "12" } }),
      withCenter,
    );
    expect(seen[1].headers["content-organization-id"]).toBe("3");
    expect(seen[1].headers["volunteer-center-id"]).toBe("12");
  });

  it("signs in on the site's centre whatever centre the browser names", async () => {
    upstream.reply = (_req, res) => json(res, 401, { success: false, errors: ["wrong center"] });
    await handleAuthRequest(
      browser("/api/auth/sign_in", {
        method: "POST",
        body: "{}",
        headers: { origin: WEB, "content-type": "application/json", "volunteer-center-id": "12" },
      }),
      { ...config, centerIds: { roermond: 3 } },
    );
    expect(seen[0].headers["volunteer-center-id"]).toBe("3");
  });

  it("sends no centre for a tenant without one configured", async () => {
    upstream.reply = (_req, res) => json(res, 200, { data: [] });
    await handleApiRequest(browser("/api/v1/things"), { ...config, centerIds: { demo: 3 } });
    expect(seen[0].headers["content-organization-id"]).toBeUndefined();
    expect(seen[0].headers["volunteer-center-id"]).toBeUndefined();
  });
});

describe("BFF same-origin rule", () => {
  it("refuses a cross-origin POST with a JSON:API 403 and never calls the api", async () => {
    const response = await handleApiRequest(
      browser("/api/v1/users", {
        method: "POST",
        body: "{}",
        headers: { origin: "https://evil.example" },
      }),
      config,
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      errors: [{ status: "403", code: "cross_origin" }],
    });
    expect(seen).toHaveLength(0);
  });

  it("refuses an unsafe request with neither Origin nor Sec-Fetch-Site", async () => {
    const response = await handleApiRequest(
      browser("/api/v1/users/1", { method: "DELETE" }),
      config,
    );
    expect(response.status).toBe(403);
  });

  it("refuses another tenant's origin on the same site", async () => {
    const response = await handleApiRequest(
      browser("/api/v1/users", {
        method: "POST",
        headers: { origin: "http://oldebroek.localhost:3000" },
      }),
      config,
    );
    expect(response.status).toBe(403);
  });

  it("accepts Sec-Fetch-Site same-origin when the browser sent no Origin", async () => {
    const response = await handleApiRequest(
      browser("/api/v1/users/1", {
        method: "DELETE",
        headers: { "sec-fetch-site": "same-origin" },
      }),
      config,
    );
    expect(response.status).toBe(200);
  });

  it("compares with the public origin behind a proxy (X-Forwarded-Host/Proto)", async () => {
    const response = await handleApiRequest(
      new Request("http://127.0.0.1:3000/api/v1/users", {
        method: "POST",
        headers: {
          origin: "https://cordaad.example.nl",
          "x-forwarded-host": "cordaad.example.nl",
          "x-forwarded-proto": "https",
        },
      }),
      config,
    );
    expect(response.status).toBe(200);
    expect(seen[0].headers["x-tenant"]).toBe("cordaad");
  });

  it("lets a cross-origin GET through (reads change nothing)", async () => {
    const response = await handleApiRequest(
      browser("/api/v1/organizations", { headers: { origin: "https://evil.example" } }),
      config,
    );
    expect(response.status).toBe(200);
  });
});

describe("BFF when the api is unavailable", () => {
  const badGateway = {
    errors: [
      {
        status: "502",
        source: null,
        title: "Bad Gateway",
        detail: "The service is unavailable, please try again later.",
        code: "upstream_unavailable",
      },
    ],
  };

  it("answers 502 with a JSON:API error when the api is down", async () => {
    const response = await handleApiRequest(browser("/api/v1/current_user"), {
      ...config,
      apiBaseUrl: downUrl,
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual(badGateway);
  });

  it("answers 503 when the api does not answer in time", async () => {
    upstream.reply = () => {}; // never answers
    const response = await handleApiRequest(browser("/api/v1/current_user"), {
      ...config,
      timeoutMs: 150,
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      errors: [
        {
          status: "503",
          source: null,
          title: "Service Unavailable",
          detail: "The service took too long to answer, please try again later.",
          code: "upstream_timeout",
        },
      ],
    });
  });
});

describe("BFF auth endpoints", () => {
  it("stores a fresh session from a successful sign-in, replacing the old one", async () => {
    upstream.reply = (_req, res) =>
      json(
        res,
        200,
        { data: { id: 1 } },
        { "access-token": "new", client: "cl-new", uid: "joe@example.com", expiry: "5" },
      );
    const response = await handleAuthRequest(
      browser("/api/auth/sign_in", {
        method: "POST",
        body: '{"email":"joe@example.com","password":"x"}',
        headers: { origin: WEB, "content-type": "application/json", cookie: await sessionCookie() },
      }),
      config,
    );
    expect(seen[0].url).toBe("/auth/sign_in");
    expect(seen[0].headers["access-token"]).toBeUndefined();
    expect(seen[0].body).toBe('{"email":"joe@example.com","password":"x"}');
    expect(await storedSession(response)).toEqual({
      accessToken: "new",
      client: "cl-new",
      uid: "joe@example.com",
      expiry: 5,
    });
  });

  it("never lets the browser name the centre it signs in on (the wrong-centre check)", async () => {
    upstream.reply = (_req, res) => json(res, 401, { success: false, errors: ["wrong center"] });
    await handleAuthRequest(
      browser("/api/auth/sign_in", {
        method: "POST",
        body: '{"email":"joe@example.com","password":"x"}',
        headers: {
          origin: WEB,
          "content-type": "application/json",
          "volunteer-center-id": "12",
          "current-organization-id": "5",
        },
      }),
      config,
    );
    expect(seen[0].url).toBe("/auth/sign_in");
    expect(seen[0].headers["volunteer-center-id"]).toBeUndefined();
    expect(seen[0].headers["current-organization-id"]).toBeUndefined();
  });

  it("stores nothing when sign-in fails", async () => {
    upstream.reply = (_req, res) =>
      json(res, 401, { success: false, errors: ["Invalid login credentials. Please try again."] });
    const response = await handleAuthRequest(
      browser("/api/auth/sign_in", { method: "POST", body: "{}", headers: { origin: WEB } }),
      config,
    );
    expect(response.status).toBe(401);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it.each([
    ["answers 500", false],
    ["is down", true],
  ])("signs out (200, cookie cleared) even when the api %s", async (_label, down) => {
    upstream.reply = (_req, res) => json(res, 500, { errors: ["boom"] });
    const response = await handleAuthRequest(
      browser("/api/auth/sign_out", {
        method: "DELETE",
        headers: { origin: WEB, cookie: await sessionCookie() },
      }),
      down ? { ...config, apiBaseUrl: downUrl } : config,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(response.headers.get("set-cookie")).toMatch(/^volunteerly_session=; .*Max-Age=0/);
    if (!down) expect(seen[0].headers).toMatchObject({ "access-token": "tok-1", client: "cl-1" });
  });

  it("passes the password-edit redirect to the reset page through", async () => {
    const location = "http://roermond.localhost:3000/auth/reset?reset_password_token=abc";
    upstream.reply = (_req, res) => {
      res.writeHead(302, { location });
      res.end();
    };
    const response = await handleAuthRequest(
      browser("/api/auth/password/edit?reset_password_token=abc&redirect_url=x"),
      config,
    );
    expect(seen[0].url).toBe("/auth/password/edit?reset_password_token=abc&redirect_url=x");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(location);
  });

  it("keeps credentials of a devise default-mode redirect in the session, not the URL", async () => {
    upstream.reply = (_req, res) => {
      res.writeHead(302, {
        location:
          "http://roermond.localhost:3000/auth/reset?access-token=t9&client=c9&client_id=c9&expiry=77&reset_password=true&token=t9&uid=jane%40example.com",
      });
      res.end();
    };
    const response = await handleAuthRequest(
      browser("/api/auth/password/edit?reset_password_token=abc"),
      config,
    );
    expect(response.headers.get("location")).toBe(
      "http://roermond.localhost:3000/auth/reset?reset_password=true",
    );
    expect(await storedSession(response)).toEqual({
      accessToken: "t9",
      client: "c9",
      uid: "jane@example.com",
      expiry: 77,
    });
  });

  it("moves uid, client and access token of a password update body into headers", async () => {
    await handleAuthRequest(
      browser("/api/auth/password", {
        method: "PUT",
        body: JSON.stringify({
          password: "N3w!",
          password_confirmation: "N3w!",
          uid: "u@x.nl",
          client: "c1",
          access_token: "t1",
        }),
        headers: { origin: WEB, "content-type": "application/json" },
      }),
      config,
    );
    expect(seen[0].headers).toMatchObject({ "access-token": "t1", client: "c1", uid: "u@x.nl" });
    expect(JSON.parse(seen[0].body)).toEqual({ password: "N3w!", password_confirmation: "N3w!" });
  });

  it("forwards a password update with a reset token as it came", async () => {
    const body = JSON.stringify({
      password: "N3w!",
      password_confirmation: "N3w!",
      reset_password_token: "rt",
    });
    await handleAuthRequest(
      browser("/api/auth/password", {
        method: "PUT",
        body,
        headers: { origin: WEB, "content-type": "application/json" },
      }),
      config,
    );
    expect(seen[0].body).toBe(body);
    expect(seen[0].headers["access-token"]).toBeUndefined();
  });

  it("stores the invitee's session from an accepted invitation, replacing the old one", async () => {
    upstream.reply = (_req, res) =>
      json(
        res,
        200,
        { success: true, data: { id: 9 } },
        { "access-token": "inv", client: "cl-inv", uid: "ina@example.com", expiry: "7" },
      );
    const body = JSON.stringify({
      invitation_token: "raw",
      password: "Invitee-pass-42",
      password_confirmation: "Invitee-pass-42",
    });
    const response = await handleAuthRequest(
      browser("/api/auth/invitation", {
        method: "PUT",
        body,
        headers: { origin: WEB, "content-type": "application/json", cookie: await sessionCookie() },
      }),
      config,
    );
    expect(seen[0].method).toBe("PUT");
    expect(seen[0].url).toBe("/auth/invitation");
    expect(seen[0].body).toBe(body);
    // Whoever was signed in in this browser is not sent along: the token decides.
    expect(seen[0].headers["access-token"]).toBeUndefined();
    expect(response.status).toBe(200);
    expect(await storedSession(response)).toEqual({
      accessToken: "inv",
      client: "cl-inv",
      uid: "ina@example.com",
      expiry: 7,
    });
  });

  it("keeps the session as it was when accepting an invitation fails", async () => {
    upstream.reply = (_req, res) =>
      json(res, 404, { success: false, errors: ["Invitation token is invalid or has expired."] });
    const response = await handleAuthRequest(
      browser("/api/auth/invitation", {
        method: "PUT",
        body: '{"invitation_token":"x"}',
        headers: { origin: WEB, "content-type": "application/json", cookie: await sessionCookie() },
      }),
      config,
    );
    expect(response.status).toBe(404);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a path that climbs out of /api/auth without calling the api", async () => {
    const response = await handleAuthRequest(browser("/api/auth/%2e%2e/v1/users"), config);
    expect(response.status).toBe(404);
    expect(seen).toHaveLength(0);
  });
});

describe("GET /api/session", () => {
  it("says whether the browser holds a complete session", async () => {
    const signedIn = await handleSessionStatus(
      browser("/api/session", { headers: { cookie: await sessionCookie() } }),
      config,
    );
    expect(await signedIn.json()).toEqual({ signedIn: true, impersonating: false });
    const anonymous = await handleSessionStatus(browser("/api/session"), config);
    expect(await anonymous.json()).toEqual({ signedIn: false, impersonating: false });
    expect(seen).toHaveLength(0);
  });
});
