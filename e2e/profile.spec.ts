import { expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { pageLocale, translator } from "./support/i18n";
import { E2E } from "./support/ports";

// The volunteer's profile pages (docs/profile-pages.md) on public, with its member Mila, whom
// no other spec signs in: no profile yet, so /profiel invites her; she fills in the form (a
// rule refused before sending, an unknown place refused by the api on its field), saves and
// reads it back, chooses the periodic mail, then switches to English in the settings and
// reads the pages in English. The address page is checked as far as the api goes today. On
// meedoen (no volunteer profiles) the profile's pages are 404 and the account pages stay.
// axe on every page.

const nl = translator("nl");
const en = translator("en");
const TENANT = "public";
const MEMBER = seedEmail("member", TENANT);
const MEEDOEN_MEMBER = seedEmail("member", "meedoen");
const on = (slug: string, path: string) => `http://${slug}.localhost:${E2E.webPort}${path}`;

async function signIn(page: Page, email: string, slug = TENANT) {
  await page.goto(on(slug, "/auth/login-1"));
  await signInFromPage(page, email);
}

const toaster = (page: Page) => page.locator("[data-toaster]");

test.describe
  .serial("the profile pages", () => {
    test("an empty profile invites to fill it in; the account menu links to it", async ({
      page,
    }) => {
      await signIn(page, MEMBER);
      await page.goto(on(TENANT, "/dashboard"));
      const account = page.getByRole("navigation", { name: nl("layout.accountNav"), exact: true });
      await account.getByRole("button", { name: "Mila Visser", exact: true }).click();
      await account.getByRole("link", { name: nl("routes.profile"), exact: true }).click();
      await expect(page).toHaveURL(on(TENANT, "/profiel"));
      await expect(
        page.getByRole("heading", {
          level: 2,
          name: nl("profile.view.emptyTitleNamed", { name: "Mila" }),
        }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: nl("profile.view.emptyAction") }).click();
      await expect(page).toHaveURL(on(TENANT, "/profile-edit"));
      await expect(
        page
          .getByRole("navigation", { name: nl("profile.nav.label") })
          .getByRole("link", { name: nl("routes.profile") }),
      ).toHaveAttribute("aria-current", "page");
    });

    test("the form: a rule before sending, the api's unknown place on its field, then saved and shown", async ({
      page,
    }) => {
      await signIn(page, MEMBER);
      await page.goto(on(TENANT, "/profile-edit"));
      const postcode = page.getByRole("textbox", { name: nl("profile.fields.postalCode") });
      await expect(postcode).toBeVisible();
      await expectNoAxeViolations(page);
      const save = page.getByRole("button", { name: nl("profile.edit.submit") });

      await postcode.fill("12");
      await save.click();
      await expect(postcode).toBeFocused();
      await expect(postcode).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText(nl("signup.problems.postalCode"))).toBeVisible();

      // The bundled places do not know 9999 (the api's offline geocoder): its 422 lands here.
      await postcode.fill("9999 ZZ");
      await save.click();
      await expect(page.getByText(nl("profile.errors.unknownPlace"))).toBeVisible();
      await expect(postcode).toBeFocused();
      await expectNoAxeViolations(page);

      await postcode.fill("3511ab");
      await page
        .getByRole("textbox", { name: nl("profile.fields.about") })
        .fill("Ik help graag met de computer.");
      await page.getByRole("checkbox", { name: "Onderwijs", exact: true }).check();
      const skill = page.getByRole("textbox", { name: nl("profile.skills.new") });
      await skill.fill("computerles");
      await skill.press("Enter");
      await page
        .getByRole("checkbox", {
          name: nl("profile.edit.slot", {
            day: nl("profile.days.tuesday"),
            part: nl("profile.parts.evening"),
          }),
        })
        .check();
      await page.getByRole("textbox", { name: nl("profile.fields.hoursPerWeek") }).fill("4");
      await page.getByRole("checkbox", { name: "Nederlands", exact: true }).check();
      await page.getByRole("checkbox", { name: "Pools", exact: true }).check();
      await page.getByRole("checkbox", { name: nl("profile.pool.consent") }).check();
      await save.click();
      await expect(toaster(page)).toContainText(nl("profile.edit.saved"));

      await page.getByRole("link", { name: nl("profile.edit.view") }).click();
      await expect(page).toHaveURL(on(TENANT, "/profiel"));
      await expect(page.getByText("Ik help graag met de computer.")).toBeVisible();
      await expect(page.getByText("3511 AB")).toBeVisible();
      const languages = page.getByRole("region", { name: nl("profile.fields.languages") });
      await expect(languages.getByRole("listitem")).toHaveText(["Nederlands", "Pools"]);
      const tuesday = page.getByRole("row", { name: new RegExp(nl("profile.days.tuesday")) });
      await expect(tuesday.getByRole("cell").last()).toHaveText(nl("profile.view.available"));
      await expect(page.getByText(/Je staat sinds .* in de vrijwilligerspool/)).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("periodic mail: says when it comes, the choice saved", async ({ page }) => {
      await signIn(page, MEMBER);
      await page.goto(on(TENANT, "/profile-edit/periodieke-mail"));
      await expect(page.getByText(nl("matches.periodicMail.howItWorks"))).toBeVisible();
      await expectNoAxeViolations(page);
      await page
        .getByRole("radio", { name: nl("profile.periodicMail.frequencies.weekly") })
        .check();
      await page.getByRole("textbox", { name: nl("profile.periodicMail.radius") }).fill("10");
      await page.getByRole("button", { name: nl("profile.periodicMail.submit") }).click();
      await expect(toaster(page)).toContainText(nl("profile.periodicMail.saved"));
      await page.reload();
      await expect(
        page.getByRole("radio", { name: nl("profile.periodicMail.frequencies.weekly") }),
      ).toBeChecked();
      await expect(
        page.getByRole("textbox", { name: nl("profile.periodicMail.radius") }),
      ).toHaveValue("10");
    });

    test("settings: a notification choice and English, saved; the pages then speak English", async ({
      page,
    }) => {
      // One journey in one browser (the English is this context's from the save on): six
      // pages and five axe scans, more than the default 30 s on a busy machine.
      test.setTimeout(60_000);
      await signIn(page, MEMBER);
      await page.goto(on(TENANT, "/profile-edit/settings"));
      const message = page.getByRole("group", {
        name: nl("profile.settings.kinds.messageReceived.label"),
      });
      await expect(message).toBeVisible();
      await expectNoAxeViolations(page);
      await message.getByRole("radio", { name: nl("profile.settings.channels.mail") }).check();
      await page.getByRole("radio", { name: "English" }).check();
      await page.getByRole("button", { name: nl("profile.settings.submit") }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(
        page.getByRole("heading", { level: 1, name: en("routes.profileSettings") }),
      ).toBeVisible();
      await expectNoAxeViolations(page);

      await page.reload();
      await expect(
        page
          .getByRole("group", { name: en("profile.settings.kinds.messageReceived.label") })
          .getByRole("radio", { name: en("profile.settings.channels.mail") }),
      ).toBeChecked();

      await page.goto(on(TENANT, "/profiel"));
      await expect(
        page.getByRole("heading", { level: 1, name: en("profile.view.title") }),
      ).toBeVisible();
      await expect(
        page.getByRole("region", { name: en("profile.fields.languages") }).getByRole("listitem"),
      ).toHaveText(["Dutch", "Polish"]);
      await expectNoAxeViolations(page);
      await page.goto(on(TENANT, "/profile-edit"));
      await expect(page.getByRole("button", { name: en("profile.edit.submit") })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto(on(TENANT, "/profile-edit/periodieke-mail"));
      await expect(page.getByText(en("matches.periodicMail.howItWorks"))).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("the address page: the address in use, and the form's own rules", async ({ page }) => {
      // Sending needs devise's PUT /auth, which the api does not have yet: the unit tests
      // cover the request and its answers against the agreed contract.
      await signIn(page, MEMBER);
      await page.goto(on(TENANT, "/profile-edit/email"));
      // A fresh browser without the locale cookie: the page's language is whatever it chose.
      const t = translator((await pageLocale(page)) === "en" ? "en" : "nl");
      await expect(page.getByText(MEMBER, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("textbox", { name: t("profile.email.newEmail") }).fill(MEMBER);
      await page.getByRole("button", { name: t("profile.email.submit") }).click();
      await expect(page.getByText(t("profile.email.same"))).toBeVisible();
      await expect(
        page.getByText(t("validation.required", { field: t("profile.email.currentPassword") })),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });

test("meedoen has no volunteer profiles: their pages are 404, language, notifications and address stay", async ({
  page,
}) => {
  await signIn(page, MEEDOEN_MEMBER, "meedoen");
  for (const path of ["/profiel", "/profile-edit", "/profile-edit/periodieke-mail"]) {
    const response = await page.goto(on("meedoen", path));
    expect(response?.status(), path).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: nl("errors.notFound.title") }),
    ).toBeVisible();
  }
  await page.goto(on("meedoen", "/profile-edit/settings"));
  const tabs = page.getByRole("navigation", { name: nl("profile.nav.label") });
  await expect(tabs.getByRole("link")).toHaveText([
    nl("routes.profileEmail"),
    nl("routes.profileSettings"),
  ]);
  await expect(
    page.getByRole("group", { name: nl("profile.settings.kinds.messageReceived.label") }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  const account = page.getByRole("navigation", { name: nl("layout.accountNav"), exact: true });
  await account.getByRole("button", { name: "Mila Visser", exact: true }).click();
  await expect(account.getByRole("link", { name: nl("routes.profile"), exact: true })).toHaveCount(
    0,
  );
  await expect(account.getByRole("link", { name: nl("profile.view.settings") })).toHaveAttribute(
    "href",
    "/profile-edit/settings",
  );

  await page.goto(on("meedoen", "/profile-edit/email"));
  await expect(page.getByText(MEEDOEN_MEMBER, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
