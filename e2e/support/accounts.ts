import { expect, type Page } from "@playwright/test";
import { SEED_PASSWORD, seedEmail } from "../../backend/db/seed/users";

export { SEED_PASSWORD };

/**
 * Seeded demo users (backend/db/seed/users.ts) on the demo tenant, the default of
 * `localhost`. Each spec owns the accounts it changes, so the order of specs does not
 * matter: lockout, password reset and confirmation each use a user no other spec touches.
 */
export const DEMO = {
  /** sign-in.spec: the form, dashboard and sign-out flow. */
  centreAdmin: seedEmail("admin", "demo"),
  /** sign-in.spec: wrong passwords (two failed attempts, never locked). */
  wrongPassword: seedEmail("volunteer", "demo"),
  /** sign-in.spec: locked after five wrong passwords. */
  locked: seedEmail("desk-manager", "demo"),
  inactive: seedEmail("inactive", "demo"),
  /** Registered with the demo tenant's second centre (Cranendonck). */
  otherCentre: seedEmail("other-centre", "demo"),
  /** password-reset.spec: gets a new password. */
  passwordReset: seedEmail("member", "demo"),
  /** confirm.spec: confirmed through the mailed link. */
  unconfirmed: seedEmail("unconfirmed", "demo"),
  /** accessibility.spec: signed in through the api. */
  accessibility: seedEmail("org-admin", "demo"),
} as const;

/**
 * Signs the page's browser context in through the BFF, not the form (STYLE.md: Playwright
 * signs in through the API except in the specs that test the form). The session cookie
 * lands in the context, so the pages that follow are signed in.
 */
export async function signInThroughApi(page: Page, baseURL: string, email: string) {
  const response = await page.request.post("/api/auth/sign_in", {
    data: { email, password: SEED_PASSWORD },
    // The BFF accepts unsafe methods only from its own origin (ARCHITECTURE.md decision 4).
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Signs in through the BFF from the page itself, on whatever host the page is on: Node does
 * not resolve `*.localhost`, so page.request cannot reach a tenant's host. The request
 * carries the browser's own User-Agent (the api records it as the sign-in's client).
 */
export async function signInFromPage(page: Page, email: string) {
  const status = await page.evaluate(
    async ({ email, password }) =>
      (
        await fetch("/api/auth/sign_in", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email, password }),
        })
      ).status,
    { email, password: SEED_PASSWORD },
  );
  expect(status).toBe(200);
}
