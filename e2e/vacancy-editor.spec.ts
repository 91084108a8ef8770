import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { translator } from "./support/i18n";
import { clearMail, waitForMail } from "./support/mail";
import { E2E } from "./support/ports";

// The vacancy editor (docs/vacancy-editor.md) in one journey, on oldebroek, whose centre is
// made to review new vacancies for the length of the spec (and put back after): its member
// writes a vacancy with the editor (bold text, a list) and submits it for review, in Dutch;
// the centre's admin approves it, in English; the public search finds it within 60 s; its
// volunteer applies; the member closes it and the volunteer is told by mail. axe on the
// add form, the edit page in both languages and the public page.
//
// Accounts: oldebroek's member (no other spec writes with it), admin (approves only this
// spec's vacancy) and volunteer (one more application, to this spec's own vacancy).

const TENANT = "oldebroek";
const MEMBER = seedEmail("member", TENANT);
const CENTRE_ADMIN = seedEmail("admin", TENANT);
const VOLUNTEER = seedEmail("volunteer", TENANT);
const nl = translator("nl");
const en = translator("en");
const on = (path: string) => `http://${TENANT}.localhost:${E2E.webPort}${path}`;

const contexts: BrowserContext[] = [];

async function signedIn(browser: Browser, email: string, locale: "nl" | "en"): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  if (locale === "en") {
    await context.addCookies([{ name: "i18n_redirected", value: "en", url: on("/") }]);
  }
  const page = await context.newPage();
  await page.goto(on("/auth/login-1"));
  await signInFromPage(page, email);
  return page;
}

/** The site's centre's `reviews_new_vacancies`, set through the api as its admin. */
async function setReviews(page: Page, reviews: boolean): Promise<boolean> {
  return page.evaluate(async (value) => {
    const site = await (await fetch("/api/v1/site_setting")).json();
    const id = String(site.data.attributes.volunteer_center_id);
    const before = Boolean(site.data.attributes.reviews_new_vacancies);
    const response = await fetch(`/api/v1/site_settings/${id}`, {
      method: "PUT",
      headers: { "Content-Type": "application/vnd.api+json" },
      body: JSON.stringify({
        data: { type: "site_settings", id, attributes: { reviews_new_vacancies: value } },
      }),
    });
    if (!response.ok) throw new Error(`site settings: ${response.status}`);
    return before;
  }, reviews);
}

const toaster = (page: Page) => page.locator("[data-toaster]");

test("a member writes and submits a vacancy, the centre approves it, it is found, applied to and closed", async ({
  browser,
}) => {
  // Four people, four pages, a search that may take up to a minute to follow.
  test.setTimeout(180_000);
  // A word nobody else's vacancy has, so the search finds this one only.
  const word = `voorlees${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, "")
    .slice(0, 8)}`;
  const title = `Voorlezen op zaterdag ${word}`;

  const admin = await signedIn(browser, CENTRE_ADMIN, "en");
  const reviewedBefore = await setReviews(admin, true);
  try {
    // The member writes it in Dutch.
    const member = await signedIn(browser, MEMBER, "nl");
    await member.goto(on("/vacancies/add"));
    await expect(
      member.getByRole("heading", { level: 1, name: nl("vacancyForm.add.title") }),
    ).toBeVisible();
    await member
      .getByRole("textbox", { name: nl("vacancyForm.fields.title"), exact: true })
      .fill(title);
    // The organisations spec makes this member the admin of a second organisation: then the
    // form asks for which one, and knows whether it submits or publishes once it is chosen.
    const organisation = member.getByRole("combobox", {
      name: nl("vacancyForm.fields.organization"),
    });
    if (await organisation.isVisible()) {
      // Until then there is no submit button, and the form says why.
      const note = member.getByText(nl("vacancyForm.hints.chooseOrganizationFirst"));
      await expect(note).toBeVisible();
      await organisation.selectOption({ label: "Stichting Welzijn Oldebroek" });
      await expect(note).toBeHidden();
    }
    const text = member.getByRole("textbox", { name: nl("vacancyForm.fields.description") });
    await text.click();
    const bold = member.getByRole("button", { name: nl("richText.bold") });
    await bold.click();
    await expect(bold).toHaveAttribute("aria-pressed", "true");
    await member.keyboard.type("Elke zaterdag");
    await bold.click();
    await expect(bold).toHaveAttribute("aria-pressed", "false");
    await member.keyboard.type(" lezen we voor in de bibliotheek.");
    await member.keyboard.press("Enter");
    await member.getByRole("button", { name: nl("richText.bulletList") }).click();
    await member.keyboard.type("Kinderen van 4 tot 8 jaar");
    await member.keyboard.press("Enter");
    await member.keyboard.type("Koffie staat klaar");
    await expectNoAxeViolations(member);

    await member.getByRole("button", { name: nl("vacancyForm.actions.submitForReview") }).click();
    await expect(member).toHaveURL(/\/vacancies\/\d+\/edit$/);
    const id = /\/vacancies\/(\d+)\/edit$/.exec(member.url())?.[1] ?? "";
    await expect(toaster(member)).toContainText(nl("vacancyForm.toasts.submitted", { title }));
    await expect(
      member.getByText(nl("vacancyForm.statuses.pending"), { exact: true }),
    ).toBeVisible();
    // Waiting for review it is not public: the public page of the same id is a 404.
    const hidden = await member.goto(on(`/vacancies/${id}`));
    expect(hidden?.status()).toBe(404);

    // The centre's admin approves it, in English.
    await admin.goto(on(`/vacancies/${id}/edit`));
    await expect(
      admin.getByRole("heading", { level: 1, name: en("vacancyForm.edit.title", { title }) }),
    ).toBeVisible();
    await expect(
      admin.getByRole("textbox", { name: en("vacancyForm.fields.description") }),
    ).toContainText("Koffie staat klaar");
    await expectNoAxeViolations(admin);
    await admin
      .getByRole("region", { name: en("vacancyForm.statusActions.heading") })
      .getByRole("button", { name: en("vacancyForm.statusActions.approve") })
      .click();
    await expect(toaster(admin)).toContainText(en("vacancyForm.statusActions.approved", { title }));
    await expect(
      admin.getByText(en("vacancyForm.statuses.published"), { exact: true }),
    ).toBeVisible();

    // The public search finds it within 60 s (docs/vacancy-writes.md, "The public side follows").
    const volunteer = await signedIn(browser, VOLUNTEER, "nl");
    await expect
      .poll(
        async () => {
          await volunteer.goto(on(`/vacancies/search?q=${word}`));
          return volunteer.getByRole("link", { name: title }).count();
        },
        { timeout: 60_000, intervals: [1_000, 2_000, 5_000] },
      )
      .toBe(1);

    // Its public page (the same /vacancies/:id as the edit page's) shows the text as written.
    await volunteer.getByRole("link", { name: title }).click();
    await expect(volunteer).toHaveURL(new RegExp(`/vacancies/${id}$`));
    await expect(volunteer.locator(".prose-content strong")).toHaveText("Elke zaterdag");
    await expect(volunteer.locator(".prose-content ul li")).toHaveText([
      "Kinderen van 4 tot 8 jaar",
      "Koffie staat klaar",
    ]);
    await volunteer.getByRole("button", { name: nl("applications.apply.button") }).click();
    await volunteer
      .getByRole("textbox", { name: nl("applications.apply.motivation") })
      .fill("Ik lees graag voor.");
    await volunteer.getByRole("button", { name: nl("applications.apply.submit") }).click();
    await expect(volunteer.getByText(nl("applications.apply.sent"), { exact: true })).toBeVisible();
    await expectNoAxeViolations(volunteer);

    // The member closes it; the applicant is told.
    await clearMail(VOLUNTEER);
    await member.goto(on(`/vacancies/${id}/edit`));
    await member
      .getByRole("region", { name: nl("vacancyForm.statusActions.heading") })
      .getByRole("button", { name: nl("vacancyForm.statusActions.close"), exact: true })
      .click();
    const dialog = member.getByRole("dialog");
    await expect(dialog).toContainText(nl("vacancyForm.statusActions.closeWarning", { count: 1 }));
    await dialog
      .getByRole("button", { name: nl("vacancyForm.statusActions.close"), exact: true })
      .click();
    await expect(toaster(member)).toContainText(nl("vacancyForm.statusActions.closed", { title }));
    await expect(
      member.getByText(nl("vacancyForm.statuses.closed"), { exact: true }),
    ).toBeVisible();
    const mail = await waitForMail(VOLUNTEER, {
      subject: new RegExp(`${word} is gesloten`),
      timeoutMs: 30_000,
    });
    expect(mail.text).toContain(title);
  } finally {
    await setReviews(admin, reviewedBefore);
    for (const context of contexts.splice(0)) await context.close();
  }
});
