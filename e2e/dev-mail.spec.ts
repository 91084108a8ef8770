import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, LOCALES, translator } from "./support/i18n";

// The e2e run sends mail through a real SMTP sink (SMTP_URL is set), so the api has no
// dev mail route and /dev/mail says the viewer is only for development without SMTP.

for (const locale of LOCALES) {
  test(`/dev/mail with SMTP configured says it is for development only, without WCAG 2.2 AA violations (${locale})`, async ({
    page,
    context,
    baseURL,
  }) => {
    const t = translator(locale);
    await chooseLocale(context, baseURL!, locale);
    await page.goto("/dev/mail");
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByRole("heading", { level: 1, name: t("devMail.title") })).toBeVisible();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(t("devMail.unavailable"));
    await expect(page.getByRole("main").getByRole("list")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}
