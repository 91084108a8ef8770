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
const { handleTokenLanding } = await import("@/lib/bff/token-landing");

// GET /auth/token, the landing of a sign-in link with devise credentials (docs/auth-token.md),
// against a real api stand-in that records what arrived.
startFakeApi();

const link = "access-token=tok-1&client=cl-1&uid=anna%40example.com&expiry=4000";

async function stored(response: Response) {
  const cookie = response.headers.get("set-cookie");
  if (!cookie) return undefined;
  return unsealSession(/^volunteerly_session=([^;]*)/.exec(cookie)?.[1] ?? "", secret);
}

const land = (query: string, headers: Record<string, string> = {}) =>
  handleTokenLanding(new Request(`${WEB}/auth/token?${query}`, { headers }), config);

describe("GET /auth/token", () => {
  it("checks the link's credentials with the api, keeps the rotated ones and sends the browser on", async () => {
    upstream.reply = (_req, res) =>
      json(
        res,
        200,
        { success: true, data: { id: 4 } },
        { "access-token": "tok-2", client: "cl-1", uid: "anna@example.com", expiry: "5000" },
      );
    const response = await land(`${link}&redirect=%2Fprofiel`);
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe("/auth/validate_token");
    expect(seen[0].headers).toMatchObject({
      "access-token": "tok-1",
      client: "cl-1",
      uid: "anna@example.com",
    });
    expect(response.status).toBe(303);
    // Nothing of the link is in the next address, and no page after it learns it.
    expect(response.headers.get("location")).toBe("/profiel");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await stored(response)).toEqual({
      accessToken: "tok-2",
      client: "cl-1",
      uid: "anna@example.com",
      expiry: 5000,
    });
  });

  it("takes devise's other spellings (token, client_id) and goes to the dashboard by default", async () => {
    upstream.reply = (_req, res) => json(res, 200, { success: true, data: { id: 4 } });
    const response = await land("token=tok-1&client_id=cl-1&uid=anna%40example.com");
    expect(response.headers.get("location")).toBe("/dashboard");
    // No rotation (the api may not rotate): the link's own credentials are the session.
    expect(await stored(response)).toMatchObject({ accessToken: "tok-1", client: "cl-1" });
  });

  it("never sends the browser off-site", async () => {
    upstream.reply = (_req, res) => json(res, 200, { success: true, data: { id: 4 } });
    for (const target of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      const response = await land(`${link}&redirect=${encodeURIComponent(target)}`);
      expect(response.headers.get("location"), target).toBe("/dashboard");
    }
  });

  it("a spent or wrong link signs nobody in and says so on the sign-in page", async () => {
    upstream.reply = (_req, res) => json(res, 401, { success: false, errors: ["Invalid token"] });
    const response = await land(`${link}&redirect=%2Fprofiel`);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/auth/login-1?redirect=%2Fprofiel&link=invalid");
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("an api that does not answer: the sign-in page says to try again, nothing stored", async () => {
    const response = await handleTokenLanding(new Request(`${WEB}/auth/token?${link}`), {
      ...config,
      apiBaseUrl: downUrl,
    });
    expect(response.headers.get("location")).toBe("/auth/login-1?link=failed");
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("without credentials: on to the page when signed in, else to sign in; the api is not asked", async () => {
    const cookie = `volunteerly_session=${await sealSession(
      { accessToken: "a", client: "c", uid: "u@example.com" },
      secret,
    )}`;
    expect((await land("redirect=%2Fprofiel", { cookie })).headers.get("location")).toBe(
      "/profiel",
    );
    expect((await land("redirect=%2Fprofiel")).headers.get("location")).toBe(
      "/auth/login-1?redirect=%2Fprofiel",
    );
    // Only part of the credentials is no link.
    expect((await land("access-token=tok-1&uid=x")).headers.get("location")).toBe("/auth/login-1");
    expect(seen).toEqual([]);
  });
});
