import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";

test("the sign-in page renders a heading and has no accessibility violations", async ({ page }) => {
  const response = await page.goto("/auth/login-1");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
});
