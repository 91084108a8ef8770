import { type Browser, expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, type TLocale, translator } from "./support/i18n";
import { E2E } from "./support/ports";

// Peer help on /een-op-een-hulp (docs/peer-help.md): signed out, the way to sign in; signed
// in, the requests and offers, an answer to someone's post that becomes a conversation, a
// new post (only the town is ever shown) and closing it, on public (one-on-one help); the
// whole journey in Dutch, and in English the same states and texts with the board once under
// axe, the conversation link not followed (conversations.spec checks that page in English).
// On oldebroek, worded as neighbour help and readable signed out, a centre admin hides a post
// with a reason that its poster then reads.

const onTenant = (slug: string, path: string) => `http://${slug}.localhost:${E2E.webPort}${path}`;
const PATH = "/een-op-een-hulp";

async function signedInPage(browser: Browser, slug: string, email: string, locale: TLocale) {
  const context = await browser.newContext({ locale: locale === "en" ? "en-GB" : "nl-NL" });
  await chooseLocale(context, onTenant(slug, "/"), locale);
  const page = await context.newPage();
  await page.goto(onTenant(slug, "/auth/login-1"));
  await signInFromPage(page, email);
  await page.goto(onTenant(slug, PATH));
  return page;
}

async function post(page: Page, locale: TLocale, title: string, place: string) {
  const t = translator(locale);
  await page.getByRole("button", { name: t("peerHelp.board.newPost") }).click();
  const form = page.getByRole("form", { name: t("peerHelp.board.formLabel") });
  await form.getByLabel(t("peerHelp.board.kind")).selectOption("request");
  await form.getByLabel(t("peerHelp.board.category")).selectOption("shopping");
  await form.getByLabel(t("peerHelp.board.title")).fill(title);
  await form.getByLabel(t("peerHelp.board.body")).fill("Twee tassen per week.");
  await form.getByLabel(t("peerHelp.board.when"), { exact: true }).fill("Dinsdagmiddag");
  await form.getByLabel(t("peerHelp.board.place")).fill(place);
  await form.getByRole("button", { name: t("peerHelp.board.post") }).click();
  await expect(form).toHaveCount(0);
  return page.getByRole("article", { name: title });
}

// A seeded post of someone else than the member, one per language: each is answered once.
const TO_ANSWER: Record<TLocale, string> = {
  nl: "Dutch conversation practice",
  en: "Help with your phone or laptop",
};

test("one-on-one help on public: sign in, post, see only the town, close (nl)", async ({
  browser,
  context,
  page,
}) => {
  const locale: TLocale = "nl";
  const t = translator(locale);
  await chooseLocale(context, onTenant("public", "/"), locale);
  await page.goto(onTenant("public", PATH));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("peerHelp.oneOnOne.title"));
  await expect(page.getByText(t("peerHelp.board.signInHint"))).toBeVisible();
  await expectNoAxeViolations(page);

  const member = await signedInPage(browser, "public", seedEmail("member", "public"), locale);
  const board = member.getByRole("region", { name: t("peerHelp.board.heading") });
  await expect(board).toBeVisible();
  // The seed's posts of the others, with the town, never an address.
  await expect(member.getByRole("article", { name: "Dutch conversation practice" })).toBeVisible();
  await expectNoAxeViolations(member);

  // Answering someone's post starts a conversation with its poster.
  const other = member.getByRole("article", { name: TO_ANSWER[locale] });
  await other.getByRole("button", { name: t("peerHelp.board.answer") }).click();
  const answer = member.getByRole("form", {
    name: t("peerHelp.board.answerFormLabel", { title: TO_ANSWER[locale] }),
  });
  const words = `Ik kan helpen (${locale}).`;
  await answer.getByLabel(t("peerHelp.board.answerLabel")).fill(words);
  await expectNoAxeViolations(member);
  await answer.getByRole("button", { name: t("peerHelp.board.send") }).click();
  const toThread = other.getByRole("link", { name: t("peerHelp.board.toConversation") });
  await expect(toThread).toBeVisible();
  await toThread.click();
  await expect(member).toHaveURL(/\/conversations\?id=\d+/);
  const thread = member.getByRole("region", {
    name: t("conversations.thread.messagesLabel", { title: TO_ANSWER[locale] }),
  });
  await expect(thread.getByText(words)).toBeVisible();
  await member.goto(onTenant("public", PATH));

  const title = `Boodschappen ${locale} ${Date.now()}`;
  const card = await post(member, locale, title, "3581 AB");
  await expect(card).toContainText("Utrecht");
  await expect(card).not.toContainText("3581");
  await expect(member.getByRole("checkbox", { name: t("peerHelp.board.mine") })).toBeChecked();
  await expectNoAxeViolations(member);

  await card.getByRole("button", { name: t("peerHelp.board.actions.close") }).click();
  const dialog = member.getByRole("dialog");
  await dialog.getByRole("button", { name: t("peerHelp.board.actions.close") }).click();
  await expect(card).toContainText(t("peerHelp.board.statuses.closed"));
  await expect(
    card.getByRole("button", { name: t("peerHelp.board.actions.reopen") }),
  ).toBeVisible();
  await member.context().close();
});

test("in English the one-on-one help board, its forms and a post's states speak English and are clean under axe", async ({
  browser,
  context,
  page,
}) => {
  const locale: TLocale = "en";
  const t = translator(locale);
  await chooseLocale(context, onTenant("public", "/"), locale);
  await page.goto(onTenant("public", PATH));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("peerHelp.oneOnOne.title"));
  await expect(page.getByText(t("peerHelp.board.signInHint"))).toBeVisible();
  await expectNoAxeViolations(page);

  const member = await signedInPage(browser, "public", seedEmail("member", "public"), locale);
  await expect(member.getByRole("region", { name: t("peerHelp.board.heading") })).toBeVisible();
  // The board under axe once, with an answer form open on it.
  const other = member.getByRole("article", { name: TO_ANSWER[locale] });
  await other.getByRole("button", { name: t("peerHelp.board.answer") }).click();
  const answer = member.getByRole("form", {
    name: t("peerHelp.board.answerFormLabel", { title: TO_ANSWER[locale] }),
  });
  await answer.getByLabel(t("peerHelp.board.answerLabel")).fill(`Ik kan helpen (${locale}).`);
  await expectNoAxeViolations(member);
  await answer.getByRole("button", { name: t("peerHelp.board.send") }).click();
  await expect(other.getByRole("link", { name: t("peerHelp.board.toConversation") })).toBeVisible();

  const card = await post(member, locale, `Boodschappen ${locale} ${Date.now()}`, "3581 AB");
  await expect(member.getByRole("checkbox", { name: t("peerHelp.board.mine") })).toBeChecked();
  await expectNoAxeViolations(member);
  await card.getByRole("button", { name: t("peerHelp.board.actions.close") }).click();
  const dialog = member.getByRole("dialog");
  await dialog.getByRole("button", { name: t("peerHelp.board.actions.close") }).click();
  await expect(card).toContainText(t("peerHelp.board.statuses.closed"));
  await expect(
    card.getByRole("button", { name: t("peerHelp.board.actions.reopen") }),
  ).toBeVisible();
  await member.context().close();
});

test("neighbour help on oldebroek: a centre admin hides a post, its poster reads why", async ({
  browser,
}) => {
  // Two people, each signed in through the page, and two checks under axe.
  test.slow();
  const t = translator("nl");
  // Oldebroek's posts are readable signed out (its site setting): to read, not to answer.
  const visitor = await browser.newContext({ locale: "nl-NL" });
  await chooseLocale(visitor, onTenant("oldebroek", "/"), "nl");
  const outside = await visitor.newPage();
  await outside.goto(onTenant("oldebroek", PATH));
  await expect(outside.getByText(t("peerHelp.board.readOnlyHint"))).toBeVisible();
  const seeded = outside.getByRole("article", { name: "Ik help graag in de tuin" });
  await expect(seeded).toBeVisible();
  await expect(seeded.getByRole("button", { name: t("peerHelp.board.answer") })).toHaveCount(0);
  await expect(outside.getByRole("button", { name: t("peerHelp.board.newPost") })).toHaveCount(0);
  await expectNoAxeViolations(outside);
  await visitor.close();

  const poster = await signedInPage(
    browser,
    "oldebroek",
    seedEmail("desk-manager", "oldebroek"),
    "nl",
  );
  await expect(poster.getByRole("heading", { level: 1 })).toHaveText(t("peerHelp.neighbour.title"));
  await expect(
    poster.getByRole("region", { name: t("peerHelp.board.headingNeighbour") }),
  ).toBeVisible();
  const title = `Hulp bij de tuin ${Date.now()}`;
  await post(poster, "nl", title, "Wezep");

  const admin = await signedInPage(browser, "oldebroek", seedEmail("admin", "oldebroek"), "nl");
  const card = admin.getByRole("article", { name: title });
  await card.getByRole("button", { name: t("peerHelp.board.actions.hide") }).click();
  const form = admin.getByRole("form", { name: t("peerHelp.board.hideFormLabel", { title }) });
  await form.getByLabel(t("peerHelp.board.hideReason")).fill("Dit hoort bij de gemeente.");
  await expectNoAxeViolations(admin);
  await form.getByRole("button", { name: t("peerHelp.board.actions.hide") }).click();
  await expect(admin.getByRole("article", { name: title })).toHaveCount(0);
  await admin.context().close();

  await poster.reload();
  await poster.getByRole("checkbox", { name: t("peerHelp.board.mine") }).check();
  await poster.getByRole("button", { name: t("peerHelp.board.search") }).click();
  const mine = poster.getByRole("article", { name: title });
  await expect(mine).toContainText(
    t("peerHelp.board.hiddenBecause", { reason: "Dit hoort bij de gemeente." }),
  );
  await expectNoAxeViolations(poster);
  await poster.context().close();
});
