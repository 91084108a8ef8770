import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, LOCALES, translator } from "./support/i18n";

// spec §2/§4/§8: the error screens, their HTTP status, both languages, and that a screen
// clears on navigation. /test/server-error (ENABLE_DEV_PAGES=true in the e2e run) raises each
// error on the server while rendering (401/403/404 as Next's interrupts with their status) or
// in the browser while a component renders (the page itself then answers 200).

type T = ReturnType<typeof translator>;
type TScreen = "unauthorized" | "forbidden" | "notFound" | "wrongCenter" | "generic";

const title = (t: T, screen: TScreen, code?: number) => {
  switch (screen) {
    case "unauthorized":
      return t("errors.unauthorized.title");
    case "forbidden":
      return t("errors.forbidden.title");
    case "notFound":
      return t("errors.notFound.title");
    case "wrongCenter":
      return t("errors.wrongCenter.title");
    case "generic":
      return code === undefined
        ? t("errors.generic.title")
        : `${t("errors.generic.title")}${t("errors.generic.code", { code: String(code) })}`;
  }
};

const description = (t: T, screen: TScreen) => {
  switch (screen) {
    case "unauthorized":
      return t("errors.unauthorized.description");
    case "forbidden":
      return t("errors.forbidden.description");
    case "notFound":
      return t("errors.notFound.description");
    case "wrongCenter":
      return t("errors.wrongCenter.description");
    case "generic":
      return t("errors.generic.description");
  }
};

/** The screen of spec §2: title, subtitle and a 'Back to home' button to the root path. */
async function expectErrorScreen(page: Page, t: T, screen: TScreen, code?: number) {
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(title(t, screen, code));
  await expect(main.getByText(description(t, screen), { exact: true })).toBeVisible();
  await expect(main.getByRole("link", { name: t("errors.backHome") })).toHaveAttribute("href", "/");
}

const SERVER_CASES = [
  { status: "401", screen: "unauthorized", httpStatus: 401 },
  { status: "403", screen: "forbidden", httpStatus: 403 },
  { status: "404", screen: "notFound", httpStatus: 404 },
  // No interrupt for these: a thrown error, so the error boundary's screen and a 500.
  { status: "wrong-center", screen: "wrongCenter", httpStatus: 500 },
  // A production build passes on no status of a server error: the screen has no code.
  { status: "500", screen: "generic", httpStatus: 500 },
] as const;

const CLIENT_CASES = [
  { status: "401", screen: "unauthorized" },
  { status: "403", screen: "forbidden" },
  { status: "404", screen: "notFound" },
  { status: "wrong-center", screen: "wrongCenter" },
  { status: "500", screen: "generic", code: 500 },
] as const;

for (const locale of LOCALES) {
  test.describe(`in ${locale}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await chooseLocale(context, baseURL!, locale);
    });

    test(`an unknown URL answers 404 with the 404 screen naming the path (${locale})`, async ({
      page,
    }) => {
      const t = translator(locale);
      const path = `/no-such-section/e2e-page-${locale}`;
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expectErrorScreen(page, t, "notFound");
      // In the public layout (proxy.ts rewrites it to a page of that group): its header.
      await expect(page.getByRole("banner")).toHaveCount(1);
      await expect(
        page.getByRole("main").getByText(t("errors.notFound.path", { path }), { exact: true }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });

    for (const { status, screen, httpStatus } of SERVER_CASES) {
      test(`${status} raised on the server answers ${httpStatus} with its screen (${locale})`, async ({
        page,
      }) => {
        const t = translator(locale);
        const response = await page.goto(`/test/server-error?status=${status}&where=server`);
        expect(response?.status()).toBe(httpStatus);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await expectErrorScreen(page, t, screen);
        // The screen sits in the page's own layout: one header, one main, no chrome of its own.
        await expect(page.getByRole("banner")).toHaveCount(1);
        await expect(page.getByRole("main")).toHaveCount(1);
        if (screen === "notFound") {
          await expect(
            page
              .getByRole("main")
              .getByText(t("errors.notFound.path", { path: "/test/server-error" }), {
                exact: true,
              }),
          ).toBeVisible();
        }
        await expectNoAxeViolations(page);
      });
    }

    for (const { status, screen, ...rest } of CLIENT_CASES) {
      const code = "code" in rest ? rest.code : undefined;
      test(`${status} thrown in the browser shows its screen (${locale})`, async ({ page }) => {
        const t = translator(locale);
        const response = await page.goto(`/test/server-error?status=${status}&where=client`);
        // The page rendered fine on the server; the component throws once in the browser.
        expect(response?.status()).toBe(200);
        await expectErrorScreen(page, t, screen, code);
        await expectNoAxeViolations(page);
      });
    }

    test(`the error screen clears after navigating away through a header link (${locale})`, async ({
      page,
    }) => {
      const t = translator(locale);
      const errorTitle = title(t, "generic", 500);
      await page.goto("/test/server-error?status=500&where=client");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(errorTitle);

      await page
        .getByRole("banner")
        .getByRole("link", { name: t("layout.signIn") })
        .click();
      await expect(page).toHaveURL(/\/auth\/login-1(\?|$)/);
      await expect(
        page.getByRole("heading", { level: 1, name: t("auth.signIn.title") }),
      ).toBeVisible();
      await expect(page.getByRole("heading", { name: errorTitle })).toHaveCount(0);
    });

    test(`the test page lists every case in both places (${locale})`, async ({ page }) => {
      const t = translator(locale);
      const response = await page.goto("/test/server-error");
      expect(response?.status()).toBe(200);
      await expect(
        page.getByRole("heading", { level: 1, name: t("errors.testPage.title") }),
      ).toBeVisible();
      for (const where of ["server", "client"] as const) {
        const list = page.getByRole("list", {
          name: where === "server" ? t("errors.testPage.server") : t("errors.testPage.client"),
        });
        await expect(list.getByRole("link")).toHaveCount(5);
        await expect(
          list.getByRole("link", {
            name: t("errors.testPage.caseLabel", {
              title: t("errors.forbidden.title"),
              status: 403,
            }),
          }),
        ).toHaveAttribute("href", `/test/server-error?status=403&where=${where}`);
      }
      await expectNoAxeViolations(page);
    });
  });
}

// A page that raises notFound(), forbidden() or unauthorized() after awaiting the api used to
// answer with Next's bare error document (`<html id="__next_error__">`, an empty body) and
// drew the screen with JavaScript; without it the page was blank (docs/errors.md). With
// JavaScript off, every one of these must be the screen in the HTML, in the page's layout.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  const CASES = [
    { path: "/vacancies/999999", screen: "notFound", httpStatus: 404 },
    { path: "/nieuws/e2e-no-such-article", screen: "notFound", httpStatus: 404 },
    { path: "/forms/e2e-no-such-token", screen: "notFound", httpStatus: 404 },
    { path: "/test/server-error?status=404&where=server", screen: "notFound", httpStatus: 404 },
    { path: "/test/server-error?status=403&where=server", screen: "forbidden", httpStatus: 403 },
    {
      path: "/test/server-error?status=401&where=server",
      screen: "unauthorized",
      httpStatus: 401,
    },
    // An address no route matches, through proxy.ts's rewrite.
    { path: "/no-such-section/e2e-without-js", screen: "notFound", httpStatus: 404 },
  ] as const;

  for (const { path, screen, httpStatus } of CASES) {
    test(`${path} answers ${httpStatus} with its screen in the HTML`, async ({ page }) => {
      const t = translator("nl");
      const response = await page.goto(path);
      expect(response?.status()).toBe(httpStatus);
      const html = (await response?.text()) ?? "";
      expect(html).not.toContain("__next_error__");
      await expect(page.locator("html")).toHaveAttribute("lang", "nl");
      await expectErrorScreen(page, t, screen);
      // In the layout of the page's route group: its header, one main.
      await expect(page.getByRole("main")).toHaveCount(1);
      if (!path.startsWith("/forms/")) await expect(page.getByRole("banner")).toHaveCount(1);
      if (screen === "notFound") {
        await expect(
          page
            .getByRole("main")
            .getByText(t("errors.notFound.path", { path: path.split("?")[0] }), { exact: true }),
        ).toBeVisible();
      }
      // The screen's title where the page's metadata raised the interrupt too; the test
      // page's own metadata never does, so it keeps its title.
      if (!path.startsWith("/test/")) {
        await expect(page).toHaveTitle(new RegExp(`^${title(t, screen)} - `));
      }
    });
  }
});
