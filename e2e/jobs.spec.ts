import { expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { translator } from "./support/i18n";
import { clearMail, waitForMail } from "./support/mail";
import { E2E } from "./support/ports";

// /admin/jobs, the background job queue for superadmins (docs/jobs.md, "Operations"). On
// roermond, whose seeded jobs no other spec touches: a sent mail, and a mail the receiving
// server refused on every try, which the spec runs again (the e2e SMTP sink accepts it).

const nl = translator("nl");
const en = translator("en");
const SUPERADMIN = seedEmail("superadmin", "roermond");
const ADMIN = seedEmail("admin", "roermond");
const REFUSED_TO = "niet-bezorgd@roermond.volunteerly.test";

const onRoermond = (path: string) => `http://roermond.localhost:${E2E.webPort}${path}`;

async function signIn(page: Page, email: string) {
  await page.goto(onRoermond("/auth/login-1"));
  await signInFromPage(page, email);
}

const rows = (page: Page) => page.getByRole("table").locator("tbody tr");

test("a superadmin filters the jobs by state, runs a failed mail again and sees it sent; axe is clean", async ({
  page,
}) => {
  await clearMail(REFUSED_TO);
  await signIn(page, SUPERADMIN);
  await page.goto(onRoermond("/admin/jobs"));
  await expect(page.getByRole("heading", { level: 1, name: nl("jobs.title") })).toBeVisible();
  // The back office's navigation offers the page to a superadmin.
  await expect(page.getByRole("link", { name: nl("routes.jobs") })).toBeVisible();
  await expect(rows(page).filter({ hasText: nl("jobs.states.succeeded") })).not.toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByLabel(nl("jobs.state")).selectOption("failed");
  await page.getByRole("button", { name: nl("lists.apply") }).click();
  await expect(page).toHaveURL(/[?&]state=failed/);
  const failed = rows(page).filter({ hasText: "550 5.1.1" });
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText(nl("jobs.attempts", { attempts: 10, max: 10 }));
  await expect(rows(page).filter({ hasText: nl("jobs.states.succeeded") })).toHaveCount(0);

  const id = /(\d+)/.exec((await failed.getByRole("rowheader").textContent()) ?? "")?.[1];
  expect(id).toBeTruthy();
  await failed
    .getByRole("button", {
      name: `${nl("jobs.retry.button")} ${nl("jobs.jobNumber", { id: String(id) })}`,
      exact: true,
    })
    .click();
  await expect(page.locator("[data-toaster]")).toContainText(
    nl("jobs.retry.done", { id: String(id) }),
  );
  // The worker sends it at once (a write nudges it): the sink has the mail, and the list,
  // filtered on failed jobs, no longer shows it.
  const mail = await waitForMail(REFUSED_TO);
  expect(mail.subject).toMatch(/Je aanmelding bij/);
  await page.reload();
  await expect(page.getByText(nl("jobs.noMatches"))).toBeVisible();

  await page.goto(onRoermond("/admin/jobs?state=succeeded&kind=mail"));
  await expect(rows(page)).toHaveCount(2);
});

test("in English the page speaks English and is clean under axe", async ({ page, context }) => {
  await context.addCookies([{ name: "i18n_redirected", value: "en", url: onRoermond("/") }]);
  await signIn(page, SUPERADMIN);
  await page.goto(onRoermond("/admin/jobs"));
  await expect(page.getByRole("heading", { level: 1, name: en("jobs.title") })).toBeVisible();
  await expect(
    page.getByRole("columnheader", { name: en("jobs.columns.lastError") }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a centre admin gets the 403 screen and no link to the page", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(onRoermond("/admin/jobs"));
  await expect(
    page.getByRole("heading", { level: 1, name: nl("errors.forbidden.title") }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: nl("routes.jobs") })).toHaveCount(0);
});
