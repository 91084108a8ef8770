import { type Browser, expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, LOCALES, type TLocale, translator } from "./support/i18n";
import { E2E } from "./support/ports";

// /workshops (docs/workshops.md) on oldebroek, in both languages: the seeded volunteer sees
// the upcoming workshops, signs up for one (and gives the place back, so the next run finds
// it as it was), finds the past workshop they attended under "my workshops" and opens its
// certificate, which prints on one A4 page. The centre's admin, whom the api shows the
// place, gets the 404 screen for that certificate: it is the holder's alone.

const slug = "oldebroek";
const on = (path: string) => `http://${slug}.localhost:${E2E.webPort}${path}`;
const UPCOMING = "Workshop vrijwilligersbeleid";
const ATTENDED = "Training gastvrij ontvangen";

async function signedIn(browser: Browser, email: string, locale: TLocale): Promise<Page> {
  const context = await browser.newContext({ locale: locale === "en" ? "en-GB" : "nl-NL" });
  await chooseLocale(context, on("/"), locale);
  const page = await context.newPage();
  await page.goto(on("/auth/login-1"));
  await signInFromPage(page, email);
  return page;
}

for (const locale of LOCALES) {
  test(`a volunteer signs up for a workshop and opens the certificate of one attended (${locale})`, async ({
    browser,
  }) => {
    test.slow();
    const t = translator(locale);
    const page = await signedIn(browser, seedEmail("volunteer", slug), locale);
    await page.goto(on("/workshops"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("workshops.title"));

    const upcoming = page.getByRole("region", { name: t("workshops.upcoming") });
    const item = upcoming.getByTestId("activity-item").filter({ hasText: UPCOMING });
    await expect(item.getByText(t("activities.workshop"), { exact: true })).toBeVisible();
    await expect(item.getByText(t("activitySignUp.panel.spotsLeft", { count: 20 }))).toBeVisible();
    const mine = page.getByRole("region", { name: t("workshops.mine") });
    const attended = mine.getByRole("listitem").filter({ hasText: ATTENDED });
    await expect(attended.getByText(t("workshops.state.attended"))).toBeVisible();
    await expect(mine.getByRole("listitem").filter({ hasText: UPCOMING })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Signing up shows in the item and under "my workshops"; giving it back takes it away.
    await item.getByRole("button", { name: t("activitySignUp.panel.signUp"), exact: true }).click();
    await expect(item.getByText(t("activitySignUp.panel.registered"))).toBeVisible();
    const signedUp = mine.getByRole("listitem").filter({ hasText: UPCOMING });
    await expect(
      signedUp.getByText(t("workshops.state.registered"), { exact: true }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await item.getByRole("button", { name: t("activitySignUp.panel.cancel") }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: t("activitySignUp.panel.cancel") })
      .click();
    await expect(item.getByText(t("activitySignUp.panel.cancelled"))).toBeVisible();
    await expect(signedUp).toHaveCount(0);

    // The certificate: name, workshop, hours, centre; printed alone on one page.
    await attended
      .getByRole("link", { name: t("workshops.certificateLink", { title: ATTENDED }) })
      .click();
    await expect(page).toHaveURL(/\/workshops\/\d+\/certificaat$/);
    const certificate = page.getByRole("article", { name: t("workshops.certificate.title") });
    await expect(certificate.getByTestId("certificate-name")).toHaveText("Daan Smit");
    await expect(certificate.getByTestId("certificate-workshop")).toHaveText(ATTENDED);
    await expect(certificate.getByTestId("certificate-hours")).toHaveText(
      t("workshops.certificate.hours", { count: 2.5, hours: locale === "en" ? "2.5" : "2,5" }),
    );
    await expect(certificate.getByTestId("certificate-centre")).toHaveText(
      "Vrijwilligerscentrale Oldebroek",
    );
    await expect(
      page.getByRole("button", { name: t("workshops.certificate.print") }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("button", { name: t("workshops.certificate.print") })).toBeHidden();
    await expect(certificate).toBeVisible();
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
    expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    const certificateUrl = page.url();
    await page.context().close();

    // The centre's admin may read the place through the api, but the certificate is not theirs.
    const admin = await signedIn(browser, seedEmail("admin", slug), locale);
    await admin.goto(certificateUrl);
    await expect(admin.getByRole("heading", { level: 1 })).toHaveText(t("errors.notFound.title"));
    await expect(admin.getByTestId("certificate-name")).toHaveCount(0);
    await admin.context().close();
  });
}
