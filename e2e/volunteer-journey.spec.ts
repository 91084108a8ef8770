import { type Browser, expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { translator } from "./support/i18n";
import { firstLink, waitForMail } from "./support/mail";
import { E2E } from "./support/ports";
import { seedAnchorName } from "./support/seed-data";
import { submitSignIn } from "./support/sign-in-form";

// The whole way from a stranger to an accepted volunteer, on roermond, in one go: she signs
// up, confirms through the mailed link, signs in, fills in her profile and applies to a
// vacancy of the food bank. The food bank's member finds the notification, opens the
// application from it, and replies in its conversation; the volunteer, with her application
// open, sees the reply arrive without reloading (the poll) while her application moved to
// "in gesprek"; the member accepts, and she is told. The pieces each have their own spec
// (signup, profile, applications, conversations); this one proves they join up.

const nl = translator("nl");
const TENANT = "roermond";
const ORGANIZATION = seedAnchorName(TENANT, "organization");
const MEMBER = seedEmail("member", TENANT);
const PASSWORD = "Vrijwilliger-reis-1";
const BASE = `http://${TENANT}.localhost:${E2E.webPort}`;
const API = `http://127.0.0.1:${E2E.apiPort}/api/v1`;
// A poll every 10 s, and a little time for the request and the render.
const POLLED = { timeout: 15_000 };

async function foodBankVacancy(page: Page) {
  for (let number = 1; number <= 20; number++) {
    const res = await page.request.get(
      `${API}/vacancies?include=organization&page[size]=100&page[number]=${number}`,
      { headers: { "x-tenant": TENANT } },
    );
    expect(res.ok()).toBe(true);
    const body = (await res.json()) as {
      data: { id: string; attributes: { title: string; organization_id: number } }[];
      included?: { id: string; type: string; attributes: { name: string } }[];
    };
    const organization = body.included?.find(
      (r) => r.type === "organization" && r.attributes.name === ORGANIZATION,
    );
    const vacancy = organization
      ? body.data.find((v) => String(v.attributes.organization_id) === organization.id)
      : undefined;
    if (vacancy) return { id: vacancy.id, title: vacancy.attributes.title };
    if (body.data.length < 100) break;
  }
  throw new Error(`no published vacancy of ${ORGANIZATION} on ${TENANT}`);
}

async function memberPage(browser: Browser) {
  const context = await browser.newContext({
    baseURL: BASE,
    locale: "nl-NL",
    timezoneId: "Europe/Amsterdam",
  });
  const page = await context.newPage();
  // Through the form: the request context outside the browser does not resolve
  // roermond.localhost, the browser does.
  await page.goto(`${BASE}/auth/login-1`);
  await signInFromPage(page, MEMBER);
  return page;
}

test("a stranger signs up, confirms, fills in her profile and applies; the organisation replies and accepts", async ({
  page,
  browser,
}) => {
  // Two people across a dozen pages, with axe on the new ones and a poll to wait for.
  test.slow();
  const email = `reis-${Date.now()}-${Math.floor(Math.random() * 1e6)}@journey.example.test`;
  const vacancy = await foodBankVacancy(page);

  // Sign up and confirm through the mailed link.
  await page.goto(`${BASE}/signup`);
  await page.getByLabel(nl("signup.fields.firstName"), { exact: true }).fill("Romy");
  await page.getByLabel(nl("signup.fields.lastName"), { exact: true }).fill("Peeters");
  await page.getByLabel(nl("signup.fields.email"), { exact: true }).fill(email);
  await page.getByLabel(nl("signup.fields.password"), { exact: true }).fill(PASSWORD);
  await page.getByLabel(nl("signup.fields.passwordConfirmation"), { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: nl("signup.submit"), exact: true }).click();
  await expect(page).toHaveURL(`${BASE}/signup/success`);
  const confirmation = await waitForMail(email, { subject: /^Bevestig je e-mailadres/ });
  await page.goto(firstLink(confirmation));
  await expect(page.getByRole("main").getByRole("status")).toHaveText(nl("auth.confirm.success"));

  // Signed in, straight on to her profile.
  await page.goto(`${BASE}/auth/login-1?redirect=${encodeURIComponent("/profile-edit")}`);
  expect(await submitSignIn(page, nl, email, PASSWORD)).toBe(200);
  await expect(page).toHaveURL(`${BASE}/profile-edit`);
  await page.getByRole("textbox", { name: nl("profile.fields.postalCode") }).fill("6041 AB");
  await page
    .getByRole("textbox", { name: nl("profile.fields.about") })
    .fill("Ik help graag bij het uitdelen van pakketten.");
  await page.getByRole("checkbox", { name: "Nederlands", exact: true }).check();
  await page.getByRole("checkbox", { name: nl("profile.pool.consent") }).check();
  await page.getByRole("button", { name: nl("profile.edit.submit") }).click();
  await expect(page.locator("[data-toaster]")).toContainText(nl("profile.edit.saved"));
  await page.goto(`${BASE}/profiel`);
  await expect(page.getByText("Ik help graag bij het uitdelen van pakketten.")).toBeVisible();
  await expectNoAxeViolations(page);

  // She applies.
  await page.goto(`${BASE}/vacancies/${vacancy.id}`);
  await page.getByRole("button", { name: nl("applications.apply.button") }).click();
  await page
    .getByRole("textbox", { name: nl("applications.apply.motivation") })
    .fill("Op zaterdag heb ik tijd.");
  await page.getByRole("button", { name: nl("applications.apply.submit") }).click();
  await expect(page.getByText(nl("applications.apply.sent"), { exact: true })).toBeFocused();
  await page.getByRole("link", { name: nl("applications.apply.view") }).click();
  await expect(page).toHaveURL(/\/applications\/\d+$/);
  const applicationPath = new URL(page.url()).pathname;

  // The food bank's member: the notification leads to the application; she replies.
  const member = await memberPage(browser);
  await member.goto(`${BASE}/notificaties`);
  const notice = member.getByRole("link", {
    name: new RegExp(`Nieuwe reactie op ${vacancy.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
  });
  await expect(notice.first()).toBeVisible();
  await notice.first().click();
  await expect(member).toHaveURL(`${BASE}${applicationPath}`);
  await expect(member.getByText("Op zaterdag heb ik tijd.")).toBeVisible();
  await member
    .getByRole("textbox", { name: nl("conversations.composer.label") })
    .fill("Welkom Romy! Kom je zaterdag om 10:00?");
  await member.getByRole("button", { name: nl("conversations.composer.send") }).click();
  await expect(
    member.getByText("Welkom Romy! Kom je zaterdag om 10:00?", { exact: true }),
  ).toBeVisible();

  // The volunteer, her application still open, sees the reply arrive without a reload.
  await expect(
    page.getByText("Welkom Romy! Kom je zaterdag om 10:00?", { exact: true }),
  ).toBeVisible(POLLED);

  // The member accepts; the volunteer's application says so after its next read.
  await member.reload();
  await member.getByRole("button", { name: nl("applications.actions.accept") }).click();
  await member
    .getByRole("dialog")
    .getByRole("button", { name: nl("applications.actions.accept") })
    .click();
  await expect(member.locator("[data-toaster]")).toContainText(
    nl("applications.actions.accepted", { name: "Romy Peeters" }),
  );
  await page.goto(`${BASE}/notificaties`);
  await expect(
    page.getByRole("link", { name: /Je reactie op .* is geaccepteerd/ }).first(),
  ).toBeVisible();
  await page.goto(`${BASE}${applicationPath}`);
  const history = page.getByRole("region", { name: nl("applications.detail.history") });
  await expect(history.getByRole("listitem").last()).toContainText(
    nl("applications.statuses.accepted"),
  );
  await expect(history).toContainText(nl("applications.statuses.inConversation"));
  await expectNoAxeViolations(page);
  await member.context().close();
});
