import { expect, type Page } from "@playwright/test";
import { seedEmail } from "../../backend/db/seed/users";
import { signInFromPage } from "./accounts";
import { translator } from "./i18n";
import { E2E } from "./ports";

// Shared by e2e/users.spec.ts and e2e/user-changes.spec.ts: the back office's user pages on
// meedoen, whose accounts no other spec signs in as or changes. meedoen's centre admin
// (Anouk Jansen, admin of Meedoen Zeist) does everything; what each spec changes is named
// in its own header.

export const nl = translator("nl");
export const en = translator("en");
export const TENANT = "meedoen";
export const ADMIN = seedEmail("admin", TENANT);
export const VOLUNTEER = seedEmail("volunteer", TENANT);

export const onMeedoen = (path: string) => `http://${TENANT}.localhost:${E2E.webPort}${path}`;

export async function signIn(page: Page, email: string) {
  await page.goto(onMeedoen("/auth/login-1"));
  await signInFromPage(page, email);
}

/** A toast with this text (the toaster's live regions, components/toasts). */
export const toast = (page: Page, text: string) => page.locator("[data-toaster]").getByText(text);
export const table = (page: Page) => page.getByRole("table");
export const rowOf = (page: Page, name: string) =>
  table(page).getByRole("row").filter({ hasText: name });
export const h1 = (page: Page, name: string | RegExp) =>
  page.getByRole("heading", { level: 1, name });

/**
 * From /users, the way a person gets there: search the last name (the search box matches
 * a first name, last name or e-mail address), follow the link.
 */
export async function openUser(page: Page, name: string) {
  const lastName = name.split(" ").at(-1) ?? name;
  await page.goto(onMeedoen(`/users?q=${encodeURIComponent(lastName)}`));
  await rowOf(page, name).getByRole("link", { name }).click();
  await expect(page).toHaveURL(/\/users\/\d+$/);
  await expect(h1(page, name)).toBeVisible();
}
