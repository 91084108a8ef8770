import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changesPublicPages } from "../../backend/http/page-revalidation";
import { REVALIDATE_PATH, REVALIDATE_SIGNATURE_HEADER } from "../../lib/contract/revalidate";
import { verifyRevalidation } from "../../lib/contract/revalidate-signature";
import { createTestApp, type TestApp } from "./support/app";
import { addRole, createTenantWithCenter, createUser } from "./support/factories";
import { signedIn } from "./support/resources";

// docs/page-cache.md: after a committed write that may change public pages the api makes a
// signed call to the web, which drops the tenant's cached pages.

const secret = "p".repeat(48);
let t: TestApp;
let web: Server;
const calls: { tenant: string | null; path: string }[] = [];
let waiters: (() => void)[] = [];

beforeAll(async () => {
  web = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const signature = req.headers[REVALIDATE_SIGNATURE_HEADER];
      const call = verifyRevalidation(
        Buffer.concat(chunks),
        typeof signature === "string" ? signature : undefined,
        secret,
      );
      calls.push({ tenant: call?.tenant ?? null, path: req.url ?? "" });
      res.writeHead(200).end("{}");
      for (const wake of waiters) wake();
      waiters = [];
    });
  });
  await new Promise<void>((resolve) => web.listen(0, "127.0.0.1", resolve));
  const port = (web.address() as AddressInfo).port;
  t = await createTestApp({
    WEB_INTERNAL_URL: `http://127.0.0.1:${port}/`,
    REVALIDATE_SECRET: secret,
  });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => web.close(() => resolve()));
});

/** Waits until `count` calls arrived, or a second passed. */
async function callsReach(count: number) {
  const deadline = Date.now() + 1_000;
  while (calls.length < count && Date.now() < deadline) {
    await new Promise<void>((resolve) => {
      waiters.push(resolve);
      setTimeout(resolve, 50);
    });
  }
}

describe("which routes tell the web", () => {
  it("takes the writes of public content and leaves private ones and reads out", () => {
    for (const [method, path] of [
      ["PATCH", "/api/v1/vacancies/:id"],
      ["POST", "/api/v1/vacancies"],
      ["POST", "/api/v1/vacancies/:id/transition"],
      ["POST", "/api/v1/activities"],
      ["DELETE", "/api/v1/news_articles/:id"],
      ["PUT", "/api/v1/site_settings/:id"],
      ["PATCH", "/api/v1/organizations/:id"],
      ["POST", "/api/v1/meedoen/desks"],
      ["PATCH", "/api/v1/content_pages/:id"],
    ]) {
      expect(changesPublicPages(method, path), `${method} ${path}`).toBe(true);
    }
    for (const [method, path] of [
      ["GET", "/api/v1/vacancies"],
      ["POST", "/auth/sign_in"],
      ["POST", "/auth"],
      ["POST", "/api/v1/conversations/:id/messages"],
      ["POST", "/api/v1/notifications/mark_all_read"],
      ["POST", "/api/v1/applications"],
      ["PATCH", "/api/v1/current_user"],
      ["PATCH", "/api/v1/current_user/volunteer_profile"],
    ]) {
      expect(changesPublicPages(method, path), `${method} ${path}`).toBe(false);
    }
  });
});

describe("the signed call after a committed write", () => {
  it("names the tenant of a site-settings save, signed; a refused write makes none", async () => {
    const db = t.database.db;
    const { tenant, center } = await createTenantWithCenter(db);
    const admin = await createUser(db, tenant.id, { volunteerCenterId: center.id });
    await addRole(db, tenant.id, admin.id, "admin", { type: "Organization", id: center.id });
    const outsider = await createUser(db, tenant.id, { volunteerCenterId: center.id });
    const put = async (userId: number) =>
      t.app.inject({
        method: "PUT",
        url: `/api/v1/site_settings/${center.id}`,
        headers: await signedIn(db, tenant, userId),
        payload: {
          data: {
            type: "site_settings",
            id: String(center.id),
            attributes: { theme: { shape: "full" } },
          },
        },
      });

    const refused = await put(outsider.id);
    expect(refused.statusCode).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toEqual([]);

    const saved = await put(admin.id);
    expect(saved.statusCode).toBe(200);
    await callsReach(1);
    expect(calls).toEqual([{ tenant: tenant.slug, path: REVALIDATE_PATH }]);
  });
});
