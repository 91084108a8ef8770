import { type Browser, expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, type TLocale, translator } from "./support/i18n";
import { E2E } from "./support/ports";

// The volunteer pool (docs/volunteer-pool.md) on oldebroek, whose centre admin and volunteer
// no other spec uses this way: the admin searches the pool, opens the seeded volunteer (Daan,
// in the pool), invites him for one of the centre's open vacancies; Daan accepts in the
// invitation's thread and an application is made. The whole journey in Dutch, axe on every
// page; in English the same pages and texts, each page once under axe, without what does not
// depend on the language (where the focus goes, no address shown, the vacancy options). Each
// language invites for its own vacancy (an accept leaves an open application to it).

const TENANT = "oldebroek";
const ADMIN = seedEmail("admin", TENANT);
const VOLUNTEER = seedEmail("volunteer", TENANT);
const origin = `http://${TENANT}.localhost:${E2E.webPort}`;

async function signedInPage(browser: Browser, locale: TLocale, email: string): Promise<Page> {
  const context = await browser.newContext();
  await chooseLocale(context, origin, locale);
  const page = await context.newPage();
  await page.goto(`${origin}/auth/login-1`);
  await signInFromPage(page, email);
  return page;
}

test.describe
  .serial("the volunteer pool: search, invite, accept", () => {
    const index = 0;
    const locale: TLocale = "nl";
    test("nl: the admin finds Daan and invites him; he accepts and has applied", async ({
      browser,
    }) => {
      // Two people, two browsers and five axe runs: more than one page's worth of time.
      test.setTimeout(120_000);
      const t = translator(locale);
      const staff = await signedInPage(browser, locale, ADMIN);
      await staff.goto(`${origin}/vrijwilligerspool`);
      await expect(
        staff.getByRole("heading", { level: 1, name: t("volunteerPool.title") }),
      ).toBeVisible();
      await expectNoAxeViolations(staff);

      // A search by words and place, in the URL.
      await staff.getByRole("searchbox", { name: t("volunteerPool.form.q") }).fill("Daan");
      await staff.getByRole("textbox", { name: t("volunteerPool.form.near") }).fill("Oldebroek");
      await staff.getByRole("button", { name: t("volunteerPool.form.submit") }).click();
      await expect(staff).toHaveURL(/q=Daan/);
      await expect(staff.getByText(t("volunteerPool.count", { count: 1 }))).toBeVisible();
      const results = staff.getByRole("region", { name: t("volunteerPool.results") });
      await results.getByRole("link", { name: "Daan S." }).click();

      // What he shares, and nothing to reach him by.
      const heading = staff.getByRole("heading", { level: 2, name: "Daan S." });
      await expect(heading).toBeFocused();
      await expect(staff.getByText(VOLUNTEER)).toHaveCount(0);
      await expectNoAxeViolations(staff);

      await staff.getByRole("button", { name: t("volunteerPool.invite.open") }).click();
      const dialog = staff.getByRole("dialog", {
        name: t("volunteerPool.invite.title", { name: "Daan S." }),
      });
      await expect(dialog).toBeVisible();
      const vacancySelect = dialog.getByRole("combobox", {
        name: t("volunteerPool.invite.vacancy"),
      });
      // Options: the placeholder, then the centre's open vacancies.
      await expect(vacancySelect.locator("option")).not.toHaveCount(1);
      const option = vacancySelect.locator("option").nth(index + 1);
      const vacancyTitle = (await option.textContent()) ?? "";
      await vacancySelect.selectOption({ index: index + 1 });
      await dialog
        .getByRole("textbox", { name: t("volunteerPool.invite.message") })
        .fill("Zin om mee te doen?");
      await expectNoAxeViolations(staff);
      await dialog.getByRole("button", { name: t("volunteerPool.invite.send") }).click();
      await expect(
        staff.getByText(t("volunteerPool.invite.sent", { name: "Daan S." })),
      ).toBeVisible();
      await expect(dialog).toBeHidden();
      await staff.context().close();

      // Daan finds the invitation in its thread and accepts.
      const volunteer = await signedInPage(browser, locale, VOLUNTEER);
      const conversationId = await volunteer.evaluate(async () => {
        const res = await fetch("/api/v1/pool_invitations?filter[status_eq]=pending");
        const body = (await res.json()) as {
          data: { attributes: { conversation_id: number } }[];
        };
        return body.data[0]?.attributes.conversation_id;
      });
      expect(conversationId).toBeTruthy();
      await volunteer.goto(`${origin}/conversations?id=${conversationId}`);
      const invitation = volunteer.getByRole("region", {
        name: new RegExp(t("volunteerPool.answer.title", { centre: "" }).trim()),
      });
      await expect(
        invitation.getByText(t("volunteerPool.answer.pending", { vacancy: vacancyTitle })),
      ).toBeVisible();
      // The note is the thread's first message, from the centre.
      const thread = volunteer.getByRole("region", {
        name: t("conversations.thread.messagesLabel", { title: vacancyTitle }),
      });
      await expect(thread.getByText("Zin om mee te doen?")).toBeVisible();
      await expectNoAxeViolations(volunteer);
      await invitation.getByRole("button", { name: t("volunteerPool.answer.accept") }).click();
      await expect(
        invitation.getByText(t("volunteerPool.answer.accepted", { vacancy: vacancyTitle })),
      ).toBeVisible();
      const view = invitation.getByRole("link", {
        name: t("volunteerPool.answer.viewApplication"),
      });
      await view.click();
      await expect(volunteer).toHaveURL(/\/applications\/\d+$/);
      await expect(
        volunteer.getByRole("heading", {
          level: 1,
          name: t("applications.detail.title", { vacancy: vacancyTitle }),
        }),
      ).toBeVisible();
      await expectNoAxeViolations(volunteer);
      await volunteer.context().close();
    });

    test("in English the pool, the invitation in its thread and the application speak English and are clean under axe", async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const t = translator("en");
      const staff = await signedInPage(browser, "en", ADMIN);
      await staff.goto(`${origin}/vrijwilligerspool`);
      await expect(staff.locator("html")).toHaveAttribute("lang", "en");
      await expect(
        staff.getByRole("heading", { level: 1, name: t("volunteerPool.title") }),
      ).toBeVisible();
      await staff.getByRole("searchbox", { name: t("volunteerPool.form.q") }).fill("Daan");
      await staff.getByRole("textbox", { name: t("volunteerPool.form.near") }).fill("Oldebroek");
      await staff.getByRole("button", { name: t("volunteerPool.form.submit") }).click();
      await expect(staff.getByText(t("volunteerPool.count", { count: 1 }))).toBeVisible();
      const results = staff.getByRole("region", { name: t("volunteerPool.results") });
      await results.getByRole("link", { name: "Daan S." }).click();
      await expect(staff.getByRole("heading", { level: 2, name: "Daan S." })).toBeVisible();
      // The pool page once under axe: the form, the results and Daan's profile.
      await expectNoAxeViolations(staff);

      await staff.getByRole("button", { name: t("volunteerPool.invite.open") }).click();
      const dialog = staff.getByRole("dialog", {
        name: t("volunteerPool.invite.title", { name: "Daan S." }),
      });
      const vacancySelect = dialog.getByRole("combobox", {
        name: t("volunteerPool.invite.vacancy"),
      });
      const vacancyTitle = (await vacancySelect.locator("option").nth(2).textContent()) ?? "";
      await vacancySelect.selectOption({ index: 2 });
      const note = "Would you like to join?";
      await dialog.getByRole("textbox", { name: t("volunteerPool.invite.message") }).fill(note);
      await expectNoAxeViolations(staff);
      await dialog.getByRole("button", { name: t("volunteerPool.invite.send") }).click();
      await expect(
        staff.getByText(t("volunteerPool.invite.sent", { name: "Daan S." })),
      ).toBeVisible();
      await staff.context().close();

      const volunteer = await signedInPage(browser, "en", VOLUNTEER);
      const conversationId = await volunteer.evaluate(async () => {
        const res = await fetch("/api/v1/pool_invitations?filter[status_eq]=pending");
        const body = (await res.json()) as {
          data: { attributes: { conversation_id: number } }[];
        };
        return body.data[0]?.attributes.conversation_id;
      });
      expect(conversationId).toBeTruthy();
      await volunteer.goto(`${origin}/conversations?id=${conversationId}`);
      const invitation = volunteer.getByRole("region", {
        name: new RegExp(t("volunteerPool.answer.title", { centre: "" }).trim()),
      });
      await expect(
        invitation.getByText(t("volunteerPool.answer.pending", { vacancy: vacancyTitle })),
      ).toBeVisible();
      const thread = volunteer.getByRole("region", {
        name: t("conversations.thread.messagesLabel", { title: vacancyTitle }),
      });
      await expect(thread.getByText(note)).toBeVisible();
      await expectNoAxeViolations(volunteer);
      await invitation.getByRole("button", { name: t("volunteerPool.answer.accept") }).click();
      await expect(
        invitation.getByText(t("volunteerPool.answer.accepted", { vacancy: vacancyTitle })),
      ).toBeVisible();
      await invitation
        .getByRole("link", { name: t("volunteerPool.answer.viewApplication") })
        .click();
      await expect(
        volunteer.getByRole("heading", {
          level: 1,
          name: t("applications.detail.title", { vacancy: vacancyTitle }),
        }),
      ).toBeVisible();
      await expectNoAxeViolations(volunteer);
      await volunteer.context().close();
    });
  });
