import { type Browser, expect, type Page, test } from "@playwright/test";
import { SEED_CONVERSATIONS } from "../backend/db/seed/conversations";
import { seedEmail } from "../backend/db/seed/users";
import { signInThroughApi } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { LOCALES, translator } from "./support/i18n";
import { seedAnchorName, seedUserName } from "./support/seed-data";

// /conversations (docs/conversations-pages.md) on the demo tenant's seeded thread
// (backend/db/seed/conversations.ts): the volunteer reads the school's answer and replies;
// the school's admin, with the thread open, sees the reply arrive without a reload (the
// poll) and answers; the volunteer sees that arrive the same way. Both languages under axe,
// one pane at a time on a narrow screen, back and forward between list and thread.

const nl = translator("nl");
const PLAN = SEED_CONVERSATIONS.demo;
const VOLUNTEER = seedEmail(PLAN.volunteer, "demo");
const STAFF = seedEmail(PLAN.staff, "demo");
const SCHOOL = seedAnchorName("demo", "school");
const [, STAFF_MESSAGE] = PLAN.messages;
const ROSTER = /https:\/\/\S+\/rooster/.exec(STAFF_MESSAGE.body)?.[0] ?? "";
// A poll every 10 s, and a little time for the request and the render.
const POLLED = { timeout: 15_000 };

let threadId = "";

async function signedInPage(browser: Browser, baseURL: string, email: string, locale = "nl") {
  // A context of its own per person (two people at once); browser.newContext() takes none of
  // the config's `use`, so the address and the language are given here.
  const context = await browser.newContext({
    baseURL,
    locale: locale === "en" ? "en-GB" : "nl-NL",
    timezoneId: "Europe/Amsterdam",
  });
  if (locale === "en")
    await context.addCookies([{ name: "i18n_redirected", value: "en", url: baseURL }]);
  const page = await context.newPage();
  await signInThroughApi(page, baseURL, email);
  return page;
}

const thread = (page: Page) =>
  page.getByRole("region", {
    name: new RegExp(`^${nl("conversations.thread.messagesLabel", { title: "" })}`),
  });

test.describe
  .serial("conversations between a volunteer and a school", () => {
    test("the volunteer opens the school's answer from the list, it is marked read, and replies", async ({
      browser,
      baseURL,
    }) => {
      const page = await signedInPage(browser, baseURL ?? "", VOLUNTEER);
      await page.goto("/conversations");
      const toolbarLink = page
        .getByRole("banner")
        .getByRole("link", { name: /^Gesprekken, \d+ ongelezen$/ });
      await expect(toolbarLink).toBeVisible();
      await expect(
        page.getByRole("heading", { level: 1, name: nl("conversations.title") }),
      ).toBeVisible();
      const list = page.getByRole("list", { name: nl("conversations.list.heading") });
      const row = list.getByRole("link").filter({ hasText: SCHOOL }).first();
      await expect(row).toContainText(nl("conversations.list.unread", { count: 1 }));
      await expectNoAxeViolations(page);

      await row.click();
      await expect(page).toHaveURL(/\/conversations\?id=\d+$/);
      threadId = /id=(\d+)/.exec(page.url())?.[1] ?? "";
      // The reader chose it: focus on its title.
      await expect(
        page
          .getByRole("main")
          .getByRole("heading", { level: 2 })
          .filter({ hasNotText: nl("conversations.list.heading") })
          .first(),
      ).toBeFocused();
      const messages = thread(page);
      await expect(messages.getByRole("listitem").first()).toContainText(
        nl("conversations.thread.you"),
      );
      await expect(messages.getByRole("listitem").last()).toContainText(seedUserName(PLAN.staff));
      await expect(messages.getByRole("link", { name: ROSTER })).toHaveAttribute("href", ROSTER);
      // Marked read: the toolbar and the row say nothing unread any more.
      await expect(
        page
          .getByRole("banner")
          .getByRole("link", { name: nl("conversations.title"), exact: true }),
      ).toBeVisible();
      await expect(row).not.toContainText(nl("conversations.list.unread", { count: 1 }));
      await expectNoAxeViolations(page);

      const composer = page.getByRole("textbox", { name: nl("conversations.composer.label") });
      await composer.fill("Woensdag om 14:00 kan ik.\nTot dan!");
      await page.getByRole("button", { name: nl("conversations.composer.send") }).click();
      await expect(messages.getByRole("listitem").last()).toContainText("Tot dan!");
      await expect(messages.getByRole("listitem").last()).toContainText(
        nl("conversations.thread.you"),
      );
      await expect(composer).toHaveValue("");
      await page.context().close();
    });

    test("the school's admin has the thread open; the volunteer's reply arrives without a reload; both answer", async ({
      browser,
      baseURL,
    }) => {
      expect(threadId).not.toBe("");
      const staff = await signedInPage(browser, baseURL ?? "", STAFF);
      await staff.goto(`/conversations?id=${threadId}`);
      const staffThread = thread(staff);
      await expect(staffThread.getByRole("listitem").last()).toContainText("Tot dan!");
      await expect(
        staff.getByText(nl("conversations.thread.with", { name: seedUserName(PLAN.volunteer) })),
      ).toBeVisible();
      // No navigation from here on: whatever arrives comes through the poll.
      let navigations = 0;
      staff.on("framenavigated", (frame) => {
        if (frame === staff.mainFrame()) navigations++;
      });

      const volunteer = await signedInPage(browser, baseURL ?? "", VOLUNTEER);
      await volunteer.goto(`/conversations?id=${threadId}`);
      await volunteer
        .getByRole("textbox", { name: nl("conversations.composer.label") })
        .fill("Neem ik iets mee?");
      await volunteer.getByRole("button", { name: nl("conversations.composer.send") }).click();
      await expect(thread(volunteer).getByRole("listitem").last()).toContainText(
        "Neem ik iets mee?",
      );

      await expect(staffThread.getByRole("listitem").last()).toContainText(
        "Neem ik iets mee?",
        POLLED,
      );
      // Said politely in the thread's status region; focus was not moved for it.
      await expect(
        staff.getByRole("status").filter({
          hasText: nl("conversations.thread.newMessages", {
            count: 1,
            names: seedUserName(PLAN.volunteer),
          }),
        }),
      ).toHaveCount(1);
      await staff
        .getByRole("textbox", { name: nl("conversations.composer.label") })
        .fill("Alleen jezelf. Zie je woensdag!");
      await staff.getByRole("button", { name: nl("conversations.composer.send") }).click();
      await expect(staffThread.getByRole("listitem").last()).toContainText(
        nl("conversations.thread.you"),
      );
      expect(navigations).toBe(0);
      await expectNoAxeViolations(staff);

      await expect(thread(volunteer).getByRole("listitem").last()).toContainText(
        "Alleen jezelf. Zie je woensdag!",
        POLLED,
      );
      await staff.context().close();
      await volunteer.context().close();
    });

    test("the application's page shows the same thread", async ({ browser, baseURL }) => {
      const page = await signedInPage(browser, baseURL ?? "", VOLUNTEER);
      await page.goto("/applications");
      await page
        .getByRole("row")
        .filter({ hasText: nl("applications.statuses.inConversation") })
        .getByRole("link")
        .first()
        .click();
      await expect(page).toHaveURL(/\/applications\/\d+$/);
      const section = page.getByRole("region", { name: nl("applications.detail.conversation") });
      await expect(section.getByText("Alleen jezelf. Zie je woensdag!")).toBeVisible();
      await expect(
        section.getByRole("link", { name: nl("conversations.thread.openInInbox") }),
      ).toHaveAttribute("href", `/conversations?id=${threadId}`);
      await expectNoAxeViolations(page);
      await page.context().close();
    });
  });

for (const locale of LOCALES) {
  const t = translator(locale);
  test(`/conversations speaks ${locale}, one pane at a time on a narrow screen, back and forward work, axe is clean`, async ({
    browser,
    baseURL,
  }) => {
    const page = await signedInPage(browser, baseURL ?? "", STAFF, locale);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/conversations");
    const list = page.getByRole("list", { name: t("conversations.list.heading") });
    await expect(list).toBeVisible();
    await expect(
      page.getByRole("link", { name: t("conversations.list.filterUnread") }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // The school's side sees the volunteer's name on the row.
    await list
      .getByRole("link")
      .filter({ hasText: seedUserName(PLAN.volunteer) })
      .first()
      .click();
    await expect(page).toHaveURL(/\?id=\d+$/);
    await expect(list).toBeHidden();
    await expect(
      page.getByRole("textbox", { name: t("conversations.composer.label") }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goBack();
    await expect(page).toHaveURL(/\/conversations$/);
    await expect(list).toBeVisible();
    await page.goForward();
    await expect(page.getByRole("link", { name: t("conversations.thread.back") })).toBeVisible();
    await page.getByRole("link", { name: t("conversations.thread.back") }).click();
    await expect(
      page.getByRole("heading", { level: 2, name: t("conversations.list.heading") }),
    ).toBeFocused();

    // Wide: both panes together.
    await page.setViewportSize({ width: 1280, height: 900 });
    await list.getByRole("link").first().click();
    await expect(list).toBeVisible();
    await expect(
      page.getByRole("textbox", { name: t("conversations.composer.label") }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.context().close();
  });
}
