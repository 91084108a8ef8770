import { describe, expect, it, vi } from "vitest";
import { config, secret, seen, startFakeApi, WEB } from "./support/fake-api";

vi.mock("server-only", () => ({}));

const { sealSession } = await import("@/lib/auth/session");
const { handleApiRequest } = await import("@/lib/bff/handlers");

startFakeApi();

// RFC 8058: a mail client posts the periodic mail's List-Unsubscribe link itself, from no
// origin of ours and without the browser's cookie. The BFF lets that one path through the
// same-origin wall and sends it upstream without any session (docs/matching.md).

const session = { accessToken: "tok-1", client: "cl-1", uid: "jane@example.com", expiry: 1000 };
const PATH = "/api/v1/periodic_mail/unsubscribe?token=abc";

describe("BFF: the one-click unsubscribe", () => {
  it("forwards a mail client's POST without an Origin, as a form, without a session", async () => {
    const response = await handleApiRequest(
      new Request(`${WEB}${PATH}`, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          cookie: `volunteerly_session=${await sealSession(session, secret)}`,
        },
      }),
      config,
    );
    expect(response.status).not.toBe(403);
    expect(seen[0]).toMatchObject({
      method: "POST",
      url: PATH,
      body: "List-Unsubscribe=One-Click",
    });
    expect(seen[0].headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(seen[0].headers["access-token"]).toBeUndefined();
    expect(seen[0].headers.uid).toBeUndefined();
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("keeps the same-origin wall for every other write", async () => {
    const response = await handleApiRequest(
      new Request(`${WEB}/api/v1/current_user/volunteer_profile`, {
        method: "PATCH",
        body: "{}",
        headers: { origin: "https://evil.example", "content-type": "application/json" },
      }),
      config,
    );
    expect(response.status).toBe(403);
    expect(seen).toHaveLength(0);
  });
});
