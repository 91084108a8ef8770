import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { seedUnsubscribeToken } from "../backend/db/seed/volunteer-profiles";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { type TLocale, translator } from "./support/i18n";
import { E2E } from "./support/ports";

// Matches and the periodic mail (docs/matching.md) on oldebroek, whose volunteer no other
// spec signs in or unsubscribes: the dashboard's vacancies
// that fit, the periodic mail's settings saved, and the unsubscribe page of the mail's
// footer, signed out, in Dutch and in English. axe on every page.

const TENANT = "oldebroek";
const on = (path: string) => `http://${TENANT}.localhost:${E2E.webPort}${path}`;
const toaster = (page: Page) => page.locator("[data-toaster]");

async function chooseLanguage(context: BrowserContext, locale: TLocale) {
  if (locale === "en") {
    await context.addCookies([{ name: "i18n_redirected", value: "en", url: on("/") }]);
  }
}

async function signIn(page: Page, localPart: string, locale: TLocale) {
  await page.goto(on("/auth/login-1"));
  await signInFromPage(page, seedEmail(localPart, TENANT));
  await chooseLanguage(page.context(), locale);
}

const CASES: { locale: TLocale; person: string; frequency: "weekly" | "monthly" }[] = [
  { locale: "nl", person: "volunteer", frequency: "monthly" },
  // The same volunteer: the English settings switch the mail on again, then its link off.
  { locale: "en", person: "volunteer", frequency: "weekly" },
];

test.describe
  .serial("matches and the periodic mail", () => {
    test("the dashboard shows the vacancies that fit, each with why", async ({ page }) => {
      const t = translator("nl");
      await signIn(page, "volunteer", "nl");
      await page.goto(on("/dashboard"));
      const section = page.getByRole("region", { name: t("matches.heading") });
      await expect(section).toBeVisible();
      const first = section.getByRole("listitem").first();
      await expect(first.getByRole("link")).toHaveAttribute("href", /^\/vacancies\/\d+$/);
      await expect(first.getByRole("paragraph")).toHaveText(/ · /);
      await expectNoAxeViolations(page);
      await first.getByRole("link").click();
      await expect(page).toHaveURL(/\/vacancies\/\d+$/);
    });

    for (const { locale, person, frequency } of CASES) {
      test(`${locale}: the periodic mail's settings say when it comes and are saved`, async ({
        page,
      }) => {
        const t = translator(locale);
        await signIn(page, person, locale);
        await page.goto(on("/profile-edit/periodieke-mail"));
        await expect(page.getByText(t("matches.periodicMail.howItWorks"))).toBeVisible();
        await expectNoAxeViolations(page);
        await page
          .getByRole("radio", { name: t(`profile.periodicMail.frequencies.${frequency}`) })
          .check();
        await page.getByRole("textbox", { name: t("profile.periodicMail.radius") }).fill("20");
        await page.getByRole("button", { name: t("profile.periodicMail.submit") }).click();
        await expect(toaster(page)).toContainText(t("profile.periodicMail.saved"));
        await page.reload();
        await expect(
          page.getByRole("radio", { name: t(`profile.periodicMail.frequencies.${frequency}`) }),
        ).toBeChecked();
        await expectNoAxeViolations(page);
      });

      test(`${locale}: the mail's unsubscribe link asks, then unsubscribes, signed out`, async ({
        page,
      }) => {
        const t = translator(locale);
        await chooseLanguage(page.context(), locale);
        // A link that is not (any longer) valid says so.
        await page.goto(on("/periodieke-mail/afmelden?token=not-a-token"));
        await page.getByRole("button", { name: t("matches.unsubscribe.submit") }).click();
        await expect(page.getByText(t("matches.unsubscribe.invalid"))).toBeVisible();
        await expectNoAxeViolations(page);

        const token = seedUnsubscribeToken(person, TENANT);
        await page.goto(on(`/periodieke-mail/afmelden?token=${token}`));
        await expect(
          page.getByRole("heading", { name: t("routes.periodicMailUnsubscribe") }),
        ).toBeVisible();
        await expect(page.getByText(t("matches.unsubscribe.intro"))).toBeVisible();
        await expectNoAxeViolations(page);
        await page.getByRole("button", { name: t("matches.unsubscribe.submit") }).click();
        await expect(page.getByRole("status")).toContainText(t("matches.unsubscribe.done"));
        await expectNoAxeViolations(page);

        // Signed in, the settings now say "never".
        await signIn(page, person, locale);
        await page.goto(on("/profile-edit/periodieke-mail"));
        await expect(
          page.getByRole("radio", { name: t("profile.periodicMail.frequencies.never") }),
        ).toBeChecked();
      });
    }
  });
