import { readFile } from "node:fs/promises";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, type TLocale, translator } from "./support/i18n";
import { clearMail, firstLink, waitForMail } from "./support/mail";
import { E2E } from "./support/ports";

// /profiel's calendar subscription and "download my data" (docs/calendar-feed.md,
// docs/data-exports.md), with axe: in Dutch the calendar address is made and its feed read
// without a session, made anew and the old one refused; the data is asked for, the mailed
// link opened signed in, and the JSON file downloaded. In English the same pages, states and
// texts (the rotate dialog left unanswered, the download page's link not followed): what the
// feed and the file hold is the same in both languages. Each test makes its own account
// (public's superadmin invites it), so the export limits and the mailbox are its own.

const SUPERADMIN = seedEmail("superadmin", "public");
const ORGANIZATION = "Buurthuis Oog in Al";
const PASSWORD = "Mijn-gegevens-42!";

const onPublic = (path: string) => `http://public.localhost:${E2E.webPort}${path}`;
const newAddress = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@public.volunteerly.test`;

/** A new account with PASSWORD in `locale`, signed in on `page` by accepting its invitation. */
async function createAccount(browser: Browser, page: Page, email: string, locale: TLocale) {
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await adminPage.goto(onPublic("/auth/login-1"));
  await signInFromPage(adminPage, SUPERADMIN);
  const invited = await adminPage.evaluate(
    async ({ email, locale, organization }) => {
      const orgs = await (
        await fetch(`/api/v1/organizations?filter[name_eq]=${encodeURIComponent(organization)}`)
      ).json();
      const response = await fetch("/api/v1/users", {
        method: "POST",
        headers: { "Content-Type": "application/vnd.api+json" },
        body: JSON.stringify({
          data: {
            type: "user",
            attributes: {
              email,
              first_name: "Dirk",
              last_name: "Data",
              locale,
              role: "member",
              resource_type: "Organization",
              resource_id: orgs.data[0].id,
            },
          },
        }),
      });
      return response.status;
    },
    { email, locale, organization: ORGANIZATION },
  );
  expect(invited).toBe(201);
  await admin.close();

  const token = new URL(firstLink(await waitForMail(email))).searchParams.get("invitation_token");
  await page.goto(onPublic("/auth/login-1"));
  const accepted = await page.evaluate(
    async ({ token, password }) =>
      (
        await fetch("/api/auth/invitation", {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            invitation_token: token,
            password,
            password_confirmation: password,
          }),
        })
      ).status,
    { token, password: PASSWORD },
  );
  expect(accepted).toBe(200);
}

test("nl: the calendar address, and my data asked for, mailed and downloaded", async ({
  browser,
  page,
}) => {
  const locale: TLocale = "nl";
  const t = translator(locale);
  test.slow();
  const email = newAddress(`gegevens-${locale}`);
  await chooseLocale(page.context(), onPublic("/"), locale);
  await createAccount(browser, page, email, locale);
  await clearMail(email);

  await page.goto(onPublic("/profiel"));
  await expect(
    page.getByRole("heading", { level: 2, name: t("personalData.calendar.title") }),
  ).toBeVisible();
  await expect(page.getByText(t("personalData.calendar.none"))).toBeVisible();
  await expectNoAxeViolations(page);

  // The calendar address: shown once, https and webcal, readable without a session.
  await page.getByRole("button", { name: t("personalData.calendar.make") }).click();
  const address = page.getByRole("textbox", { name: t("personalData.calendar.addressLabel") });
  await expect(address).toHaveValue(/\/api\/v1\/calendar\/[\w-]{43}\.ics$/);
  const feedUrl = await address.inputValue();
  expect(feedUrl.startsWith(onPublic("/api/v1/calendar/"))).toBe(true);
  await expect(
    page.getByRole("link", { name: t("personalData.calendar.subscribe") }),
  ).toHaveAttribute("href", feedUrl.replace(/^http:/, "webcal:"));
  await expectNoAxeViolations(page);
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(onPublic("/"));
  const feed = await strangerPage.evaluate(async (url) => {
    const response = await fetch(url);
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      body: await response.text(),
    };
  }, feedUrl);
  expect(feed.status).toBe(200);
  expect(feed.type).toContain("text/calendar");
  expect(feed.body.startsWith("BEGIN:VCALENDAR")).toBe(true);

  // Making a new one asks first; the old address stops working.
  await page.getByRole("button", { name: t("personalData.calendar.rotate") }).click();
  const dialog = page.getByRole("dialog", { name: t("personalData.calendar.rotateTitle") });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: t("personalData.calendar.rotateConfirm") }).click();
  await expect(address).not.toHaveValue(feedUrl);
  const old = await strangerPage.evaluate(async (url) => (await fetch(url)).status, feedUrl);
  expect(old).toBe(404);

  // My data: asked for on /profiel, the link comes by mail.
  await page.getByRole("button", { name: t("personalData.exports.request") }).click();
  await expect(page.getByText(t("personalData.exports.requested"))).toBeVisible();
  const mail = await waitForMail(email);
  const link = firstLink(mail);
  expect(link.startsWith(onPublic("/profiel/download/"))).toBe(true);

  // The link opens nothing for someone else: signed out, it asks to sign in first.
  await strangerPage.goto(link);
  await expect(strangerPage).not.toHaveURL(link);
  await stranger.close();

  await page.goto(link);
  await expect(
    page.getByRole("heading", { level: 1, name: t("personalData.download.title") }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: t("personalData.download.action") }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^volunteerly-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), "utf8"));
  expect(data.user).toMatchObject({ email, first_name: "Dirk", locale });
  expect(data.sign_ins.sign_in_count).toBeGreaterThanOrEqual(0);
  expect(data.posts).toEqual([]);

  // Back on /profiel the request shows as ready.
  await page.goto(onPublic("/profiel"));
  await expect(page.getByRole("list", { name: t("personalData.exports.listLabel") })).toContainText(
    t("personalData.exports.status.ready"),
  );
});

test("in English /profiel's calendar and data sections and the download page speak English and are clean under axe", async ({
  browser,
  page,
}) => {
  test.slow();
  const locale: TLocale = "en";
  const t = translator(locale);
  const email = newAddress(`gegevens-${locale}`);
  await chooseLocale(page.context(), onPublic("/"), locale);
  await createAccount(browser, page, email, locale);
  await clearMail(email);

  await page.goto(onPublic("/profiel"));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(
    page.getByRole("heading", { level: 2, name: t("personalData.calendar.title") }),
  ).toBeVisible();
  await expect(page.getByText(t("personalData.calendar.none"))).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: t("personalData.calendar.make") }).click();
  const address = page.getByRole("textbox", { name: t("personalData.calendar.addressLabel") });
  await expect(address).toHaveValue(/\/api\/v1\/calendar\/[\w-]{43}\.ics$/);
  await expect(
    page.getByRole("link", { name: t("personalData.calendar.subscribe") }),
  ).toHaveAttribute("href", (await address.inputValue()).replace(/^http:/, "webcal:"));
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: t("personalData.calendar.rotate") }).click();
  const dialog = page.getByRole("dialog", { name: t("personalData.calendar.rotateTitle") });
  await expect(
    dialog.getByRole("button", { name: t("personalData.calendar.rotateConfirm") }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  await page.getByRole("button", { name: t("personalData.exports.request") }).click();
  await expect(page.getByText(t("personalData.exports.requested"))).toBeVisible();
  const link = firstLink(await waitForMail(email));
  await page.goto(link);
  await expect(
    page.getByRole("heading", { level: 1, name: t("personalData.download.title") }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: t("personalData.download.action") })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(onPublic("/profiel"));
  await expect(page.getByRole("list", { name: t("personalData.exports.listLabel") })).toContainText(
    t("personalData.exports.status.ready"),
  );
});
