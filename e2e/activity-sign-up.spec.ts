import { type APIRequestContext, type Browser, expect, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, type TLocale, translator } from "./support/i18n";
import { clearMail, waitForMail } from "./support/mail";
import { E2E } from "./support/ports";

// Signing up for an activity (docs/activity-sign-up.md, docs/activity-registrations.md) on
// public, each language on its own seeded activity with one place. In Dutch the whole
// journey: one person takes the place, the next lands on the waiting list, the first gives
// it back, and the second has moved up by itself and is told by mail (in the account's
// language, not the page's). In English every state of the panel and the cancel dialog, with
// axe, up to the confirmation: moving up is the same in both languages.

const onPublic = (path: string) => `http://public.localhost:${E2E.webPort}${path}`;
const api = `http://127.0.0.1:${E2E.apiPort}/api/v1`;

const TOUR: Record<TLocale, string> = {
  nl: "Rondleiding Domtoren voor vrijwilligers",
  en: "Dom Tower tour for volunteers",
};

async function activityId(request: APIRequestContext, title: string) {
  const res = await request.get(`${api}/activities?page[size]=100`, {
    headers: { "X-Tenant": "public" },
  });
  expect(res.status()).toBe(200);
  const list = (await res.json()) as { data: { id: string; attributes: { title: string } }[] };
  const found = list.data.find((a) => a.attributes.title === title);
  expect(found, title).toBeDefined();
  return found?.id as string;
}

async function signedInAt(browser: Browser, email: string, locale: TLocale, path: string) {
  const context = await browser.newContext({ locale: locale === "en" ? "en-GB" : "nl-NL" });
  await chooseLocale(context, onPublic("/"), locale);
  const page = await context.newPage();
  await page.goto(onPublic("/auth/login-1"));
  await signInFromPage(page, email);
  await page.goto(onPublic(path));
  return page;
}

test("a full activity: the waiting list, and moving up when a place comes free (nl)", async ({
  browser,
  page,
  context,
  request,
}) => {
  // Three people, each signed in through the page, and five checks under axe.
  test.slow();
  const locale: TLocale = "nl";
  const t = translator(locale);
  const path = `/activiteiten/${await activityId(request, TOUR[locale])}`;
  const second = seedEmail("volunteer", "public");
  await clearMail(second);

  // Signed out: the way to sign in and back.
  await chooseLocale(context, onPublic("/"), locale);
  await page.goto(onPublic(path));
  const section = page.getByRole("region", { name: t("activitySignUp.heading") });
  await expect(section.getByText(t("activitySignUp.signInHint"))).toBeVisible();
  await expectNoAxeViolations(page);

  const first = await signedInAt(browser, seedEmail("member", "public"), locale, path);
  const mine = first.getByRole("region", { name: t("activitySignUp.heading") });
  await expect(mine.getByText(t("activitySignUp.panel.spotsLeft", { count: 1 }))).toBeVisible();
  await mine.getByRole("button", { name: t("activitySignUp.panel.signUp"), exact: true }).click();
  await expect(mine.getByText(t("activitySignUp.panel.registered"))).toBeVisible();
  await expectNoAxeViolations(first);

  const waiting = await signedInAt(browser, second, locale, path);
  const theirs = waiting.getByRole("region", { name: t("activitySignUp.heading") });
  await expect(theirs.getByText(t("activitySignUp.panel.full"))).toBeVisible();
  await theirs.getByRole("button", { name: t("activitySignUp.panel.joinWaitlist") }).click();
  await expect(
    theirs.getByText(t("activitySignUp.panel.waitlisted", { position: 1 })),
  ).toBeVisible();
  await expectNoAxeViolations(waiting);

  // The first gives the place back, behind a confirmation.
  await mine.getByRole("button", { name: t("activitySignUp.panel.cancel") }).click();
  const dialog = first.getByRole("dialog");
  await expectNoAxeViolations(first);
  await dialog.getByRole("button", { name: t("activitySignUp.panel.cancel") }).click();
  // The place went to the one waiting: the activity is full again.
  await expect(
    mine.getByRole("button", { name: t("activitySignUp.panel.joinWaitlist"), exact: true }),
  ).toBeVisible();
  await first.context().close();

  // The second has the place now, and a mail says so.
  await waiting.reload();
  await expect(theirs.getByText(t("activitySignUp.panel.registered"))).toBeVisible();
  const mail = await waitForMail(second, { subject: new RegExp(TOUR[locale]) });
  expect(mail.subject).toMatch(/Er is een plek vrij|A place came free/);
  await expectNoAxeViolations(waiting);
  await waiting.context().close();
});

test("in English the panel's every state and the cancel dialog speak English and are clean under axe", async ({
  browser,
  page,
  context,
  request,
}) => {
  test.slow();
  const locale: TLocale = "en";
  const t = translator(locale);
  const path = `/activiteiten/${await activityId(request, TOUR[locale])}`;

  await chooseLocale(context, onPublic("/"), locale);
  await page.goto(onPublic(path));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const section = page.getByRole("region", { name: t("activitySignUp.heading") });
  await expect(section.getByText(t("activitySignUp.signInHint"))).toBeVisible();
  await expectNoAxeViolations(page);

  const first = await signedInAt(browser, seedEmail("member", "public"), locale, path);
  const mine = first.getByRole("region", { name: t("activitySignUp.heading") });
  await expect(mine.getByText(t("activitySignUp.panel.spotsLeft", { count: 1 }))).toBeVisible();
  await mine.getByRole("button", { name: t("activitySignUp.panel.signUp"), exact: true }).click();
  await expect(mine.getByText(t("activitySignUp.panel.registered"))).toBeVisible();
  await expectNoAxeViolations(first);

  const waiting = await signedInAt(browser, seedEmail("org-admin", "public"), locale, path);
  const theirs = waiting.getByRole("region", { name: t("activitySignUp.heading") });
  await expect(theirs.getByText(t("activitySignUp.panel.full"))).toBeVisible();
  await theirs.getByRole("button", { name: t("activitySignUp.panel.joinWaitlist") }).click();
  await expect(
    theirs.getByText(t("activitySignUp.panel.waitlisted", { position: 1 })),
  ).toBeVisible();
  await expectNoAxeViolations(waiting);
  await waiting.context().close();

  // The cancel dialog, left unanswered: giving the place back is the Dutch journey's.
  await mine.getByRole("button", { name: t("activitySignUp.panel.cancel") }).click();
  const dialog = first.getByRole("dialog");
  await expect(
    dialog.getByRole("button", { name: t("activitySignUp.panel.cancel") }),
  ).toBeVisible();
  await expectNoAxeViolations(first);
  await first.context().close();
});
