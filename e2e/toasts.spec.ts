import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, LOCALES, type TLocale, translator } from "./support/i18n";

// The toasts of spec §3, §4, §8 and §9 on the developer page /test/toaster (spec §2; the
// e2e server runs with ENABLE_DEV_PAGES=true). Timing details (16 ms progress, exact
// removal, remaining time after a pause) are unit-tested with fake timers in
// tests/unit/toast-store.test.ts and toaster.test.tsx; here a real browser shows that
// hover, focus, the close button and the live regions work.

type T = ReturnType<typeof translator>;
type TColor = "primary" | "success" | "danger" | "warning" | "info" | "muted";

const COLORS: TColor[] = ["primary", "success", "danger", "warning", "info", "muted"];

function showButton(page: Page, t: T, color: TColor): Locator {
  const names: Record<TColor, string> = {
    primary: t("toasts.playground.show.primary"),
    success: t("toasts.playground.show.success"),
    danger: t("toasts.playground.show.danger"),
    warning: t("toasts.playground.show.warning"),
    info: t("toasts.playground.show.info"),
    muted: t("toasts.playground.show.muted"),
  };
  return page.getByRole("button", { name: names[color], exact: true });
}

function sampleTitle(t: T, color: TColor): string {
  const titles: Record<TColor, string> = {
    primary: t("toasts.playground.samples.primary.title"),
    success: t("toasts.playground.samples.success.title"),
    danger: t("toasts.playground.samples.danger.title"),
    warning: t("toasts.playground.samples.warning.title"),
    info: t("toasts.playground.samples.info.title"),
    muted: t("toasts.playground.samples.muted.title"),
  };
  return titles[color];
}

/** spec §8: the label a screen reader hears first. */
function label(t: T, color: TColor): string {
  if (color === "success") return t("toasts.labels.success");
  if (color === "danger") return t("toasts.labels.danger");
  if (color === "warning") return t("toasts.labels.warning");
  if (color === "info") return t("toasts.labels.info");
  return t("toasts.labels.notification");
}

/** A shown toast, found by its accessible name: label + title. */
function toastOf(page: Page, t: T, color: TColor): Locator {
  return page.getByRole("group", { name: `${label(t, color)}: ${sampleTitle(t, color)}` });
}

const assertiveRegion = (page: Page) => page.locator('[data-toaster] [aria-live="assertive"]');
const politeRegion = (page: Page) => page.locator('[data-toaster] [aria-live="polite"]');

/** Sets the playground's duration and close button, then shows a toast of `color`. */
async function showToast(
  page: Page,
  t: T,
  color: TColor,
  { duration, closable = true }: { duration: number; closable?: boolean },
): Promise<Locator> {
  await page.getByLabel(t("toasts.playground.duration"), { exact: true }).fill(String(duration));
  await page.getByLabel(t("toasts.playground.closable"), { exact: true }).setChecked(closable);
  await showButton(page, t, color).click();
  const toast = toastOf(page, t, color);
  await expect(toast).toBeVisible();
  return toast;
}

async function openPlayground(page: Page, t: T, locale: TLocale) {
  await page.goto("/test/toaster");
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(
    page.getByRole("heading", { level: 1, name: t("toasts.playground.title") }),
  ).toBeVisible();
  // Enabled once React has hydrated the page.
  await expect(showButton(page, t, "primary")).toBeEnabled();
}

/** Waits, checking every frame, until no toast is on the page. */
async function waitUntilNoToast(page: Page, timeout: number) {
  await page.waitForFunction(() => document.querySelectorAll("[data-toast]").length === 0, null, {
    polling: "raf",
    timeout,
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

for (const locale of LOCALES) {
  test.describe(`toasts on /test/toaster (${locale})`, () => {
    test.beforeEach(async ({ page, context, baseURL }) => {
      await chooseLocale(context, baseURL!, locale);
      await openPlayground(page, translator(locale), locale);
    });

    test(`both live regions are there before any toast, and a danger toast lands in the assertive one, read as '${translator(locale)("toasts.labels.danger")}: …' (${locale})`, async ({
      page,
    }) => {
      const t = translator(locale);
      await expect(assertiveRegion(page)).toHaveCount(1);
      await expect(politeRegion(page)).toHaveCount(1);
      await expect(assertiveRegion(page)).toBeEmpty();

      const danger = await showToast(page, t, "danger", { duration: 0 });
      await expect(assertiveRegion(page).getByRole("group")).toHaveCount(1);
      await expect(assertiveRegion(page).getByRole("group")).toHaveAccessibleName(
        `${t("toasts.labels.danger")}: ${sampleTitle(t, "danger")}`,
      );
      // The announced text starts with the label (spec §8).
      await expect(assertiveRegion(page)).toHaveText(
        new RegExp(
          `^${escapeRegExp(t("toasts.labels.danger"))}:\\s*${escapeRegExp(sampleTitle(t, "danger"))}`,
        ),
      );
      await expect(politeRegion(page).getByRole("group")).toHaveCount(0);
      await expect(danger).toBeVisible();

      await showToast(page, t, "success", { duration: 0 });
      await expect(politeRegion(page).getByRole("group")).toHaveCount(1);
      await expect(politeRegion(page)).toHaveText(
        new RegExp(`^${escapeRegExp(t("toasts.labels.success"))}:`),
      );
      await expect(assertiveRegion(page).getByRole("group")).toHaveCount(1);
    });

    test(`the close button removes a toast (${locale})`, async ({ page }) => {
      const t = translator(locale);
      const toast = await showToast(page, t, "info", { duration: 0 });
      await toast.getByRole("button", { name: t("toasts.close"), exact: true }).click();
      await expect(toast).toHaveCount(0);
    });

    test(`with a toast of every colour shown there are no WCAG 2.2 AA violations (${locale})`, async ({
      page,
    }) => {
      const t = translator(locale);
      for (const color of COLORS) await showToast(page, t, color, { duration: 0 });
      await expect(page.locator("[data-toast]")).toHaveCount(COLORS.length);
      await expectNoAxeViolations(page);
    });
  });
}

test.describe("toast timing on /test/toaster", () => {
  const locale: TLocale = "nl";
  const t = translator(locale);

  test.beforeEach(async ({ page }) => {
    await openPlayground(page, t, locale);
  });

  test("a 2000 ms toast stays while hovered well past its duration and goes after the pointer leaves", async ({
    page,
  }) => {
    const toast = await showToast(page, t, "success", { duration: 2000 });
    await page.waitForTimeout(500);
    await toast.hover();
    await expect(toast).toHaveAttribute("data-paused", "true");
    const bar = toast.locator("[data-toast-progress] > div");
    const frozen = await bar.evaluate((element) => (element as HTMLElement).style.transform);

    // Twice its duration under the pointer: still there, its progress standing still.
    await page.waitForTimeout(4000);
    await expect(toast).toBeVisible();
    expect(await bar.evaluate((element) => (element as HTMLElement).style.transform)).toBe(frozen);

    await page.mouse.move(5, 5);
    const left = Date.now();
    await expect(toast).not.toHaveAttribute("data-paused", "true");
    // It runs on with what it had left (about 1500 ms), not a fresh 2000 ms.
    await waitUntilNoToast(page, 4000);
    const after = Date.now() - left;
    expect(after).toBeGreaterThan(500);
    expect(after).toBeLessThan(1800);
  });

  test("a toast with keyboard focus stays past its duration and goes after focus leaves", async ({
    page,
  }) => {
    const toast = await showToast(page, t, "warning", { duration: 2000 });
    await toast.getByRole("button", { name: t("toasts.close"), exact: true }).focus();
    await page.waitForTimeout(3000);
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute("data-paused", "true");

    await page.getByLabel(t("toasts.playground.duration"), { exact: true }).focus();
    await expect(toast).not.toHaveAttribute("data-paused", "true");
    await waitUntilNoToast(page, 4000);
  });

  test("a timed toast goes by itself once its duration has elapsed", async ({ page }) => {
    const toast = await showToast(page, t, "info", { duration: 1000 });
    // Away from the toast, so no hover keeps it.
    await page.mouse.move(5, 5);
    await expect(toast).toHaveCount(0, { timeout: 2500 });
  });

  test("the position select moves the stack (spec §9: six positions, bottom-right by default)", async ({
    page,
  }) => {
    const viewport = page.viewportSize()!;
    const position = page.getByLabel(t("toasts.playground.position"), { exact: true });
    await expect(position).toHaveValue("bottom-right");
    const first = await showToast(page, t, "primary", { duration: 0 });
    const bottomRight = (await first.boundingBox())!;
    expect(bottomRight.x + bottomRight.width).toBeGreaterThan(viewport.width - 40);
    expect(bottomRight.y + bottomRight.height).toBeGreaterThan(viewport.height - 40);
    // spec §9: at most about 36rem (576 px at the default font size) wide.
    expect(bottomRight.width).toBeLessThanOrEqual(576);

    await position.selectOption("top-left");
    const topLeft = (await first.boundingBox())!;
    expect(topLeft.x).toBeLessThan(40);
    expect(topLeft.y).toBeLessThan(40);
  });

  test("for people who asked for less motion the progress bar is not shown", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const toast = await showToast(page, t, "success", { duration: 60_000 });
    await expect(toast.locator("[data-toast-progress]")).toBeHidden();
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await expect(toast.locator("[data-toast-progress]")).toBeVisible();
  });
});
