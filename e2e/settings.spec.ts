import { expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { paletteScale } from "../lib/theme/palettes";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { translator } from "./support/i18n";
import { E2E } from "./support/ports";

// /instellingen design, footer, organisatie, contact-person and reacties. On `public`, whose
// centre admin (Vrijwilligerscentrale Utrecht) no other spec signs in as; `demo` is the other
// tenant that must not change. Each test puts back what it changed (the site's design, an
// empty footer, the centre's phone and contact person as seeded), so no other spec sees it.
// The 403 screen: roermond's volunteer, whom no other spec uses.

const nl = translator("nl");
const en = translator("en");
const ADMIN = seedEmail("admin", "public");
const VOLUNTEER = seedEmail("volunteer", "roermond");

const on = (tenant: string, path: string) => `http://${tenant}.localhost:${E2E.webPort}${path}`;

async function signIn(page: Page, tenant: string, email: string) {
  await page.goto(on(tenant, "/auth/login-1"));
  await signInFromPage(page, email);
}

const toast = (page: Page, text: string) => page.locator("[data-toaster]").getByText(text);
const h1 = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });
const group = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
const footer = (page: Page) => page.getByRole("contentinfo");

/** The <html> of the page: its shape and its main colour (lib/theme/html-attributes.ts). */
async function siteTheme(page: Page) {
  return {
    shape: await page.locator("html").getAttribute("data-shape"),
    primary700: await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--site-primary-700").trim(),
    ),
  };
}

test("the design: shape and palette change the tenant's public pages at once, and no other tenant's; reset brings the site's design back", async ({
  page,
}) => {
  test.slow();
  // public's own design (lib/tenants/tenants.ts): spec §1's green and rounded.
  const before = { shape: "rounded", primary700: paletteScale("green")[700] };
  await page.goto(on("public", "/auth/login-1"));
  expect(await siteTheme(page)).toEqual(before);

  await signInFromPage(page, ADMIN);
  await page.goto(on("public", "/instellingen"));
  await expect(page).toHaveURL(on("public", "/instellingen/design"));
  await expect(h1(page, nl("routes.settingsDesign"))).toBeVisible();
  await expect(
    page.getByText(nl("settings.description", { centre: "Vrijwilligerscentrale Utrecht" })),
  ).toBeVisible();
  const nav = page.getByRole("navigation", { name: nl("settings.nav") });
  await expect(nav.getByRole("link", { name: nl("routes.settingsDesign") })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const primary = group(page, nl("settings.design.primary"));
  await expect(
    primary.getByRole("radio", { name: nl("settings.design.palettes.green"), exact: true }),
  ).toBeChecked();
  await expectNoAxeViolations(page);

  // The preview follows the choice before anything is saved.
  await primary
    .getByRole("radio", { name: nl("settings.design.palettes.violet"), exact: true })
    .check();
  await group(page, nl("settings.design.shape"))
    .getByRole("radio", { name: nl("settings.design.shapes.straight"), exact: true })
    .check();
  const preview = page.getByTestId("design-preview");
  await expect(preview).toHaveCSS("border-top-left-radius", "0px");
  expect(
    await preview.evaluate((el) =>
      getComputedStyle(el).getPropertyValue("--color-primary-700").trim(),
    ),
  ).toBe(paletteScale("violet")[700]);
  // …and the site does not, yet.
  expect(await siteTheme(page)).toEqual(before);

  await page.getByRole("button", { name: nl("settings.design.save") }).click();
  await expect(toast(page, nl("settings.toasts.saved"))).toBeVisible();
  const after = { shape: "straight", primary700: paletteScale("violet")[700] };
  // This page is drawn again with the new design…
  await expect(page.locator("html")).toHaveAttribute("data-shape", "straight");
  // …and so is every public page of the tenant, at once.
  await page.goto(on("public", "/auth/login-1"));
  expect(await siteTheme(page)).toEqual(after);
  // Another tenant keeps its own.
  await page.goto(on("demo", "/auth/login-1"));
  expect(await siteTheme(page)).toEqual(before);
  // A reload of the design page shows what is stored.
  await page.goto(on("public", "/instellingen/design"));
  await expect(
    group(page, nl("settings.design.primary")).getByRole("radio", {
      name: nl("settings.design.palettes.violet"),
      exact: true,
    }),
  ).toBeChecked();

  await page.getByRole("button", { name: nl("settings.design.reset") }).click();
  const dialog = page.getByRole("dialog", { name: nl("settings.design.resetTitle") });
  await dialog.getByRole("button", { name: nl("settings.design.resetConfirm") }).click();
  await expect(toast(page, nl("settings.toasts.reset"))).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-shape", "rounded");
  await expect(
    group(page, nl("settings.design.primary")).getByRole("radio", {
      name: nl("settings.design.palettes.green"),
      exact: true,
    }),
  ).toBeChecked();
  await page.goto(on("public", "/auth/login-1"));
  expect(await siteTheme(page)).toEqual(before);
});

test("the footer: a text and a link show in the public site's footer; links can be ordered and removed", async ({
  page,
}) => {
  test.slow();
  await signIn(page, "public", ADMIN);
  await page.goto(on("public", "/instellingen/footer"));
  await expect(h1(page, nl("routes.settingsFooter"))).toBeVisible();
  await expect(page.getByText(nl("settings.footer.noLinks"))).toBeVisible();

  const text = "Open op werkdagen van 9 tot 17 uur.";
  await page.getByLabel(nl("settings.footer.text")).fill(text);
  const add = page.getByRole("button", { name: nl("settings.footer.add") });
  await add.click();
  const first = group(page, nl("settings.footer.linkNumber", { number: "1" }));
  await expect(first.getByLabel(nl("settings.footer.linkLabel"))).toBeFocused();
  await first.getByLabel(nl("settings.footer.linkLabel")).fill("Privacy");
  // A link that would leave the site another way is refused on blur, with one message.
  const url = first.getByLabel(nl("settings.footer.linkUrl"));
  await url.fill("//evil.example");
  await url.blur();
  await expect(first.getByText(nl("settings.footer.urlInvalid"))).toBeVisible();
  await url.fill("/privacy");
  await add.click();
  const second = group(page, nl("settings.footer.linkNumber", { number: "2" }));
  await second.getByLabel(nl("settings.footer.linkLabel")).fill("Gemeente Utrecht");
  await second.getByLabel(nl("settings.footer.linkUrl")).fill("https://www.utrecht.nl");
  await expectNoAxeViolations(page);

  // The second goes first; focus stays on the link that moved.
  await second
    .getByRole("button", {
      name: `${nl("settings.footer.moveUp")} ${nl("settings.footer.linkNumber", { number: "2" })}`,
    })
    .click();
  await expect(first.getByLabel(nl("settings.footer.linkLabel"))).toHaveValue("Gemeente Utrecht");
  await expect(
    first.getByRole("button", {
      name: `${nl("settings.footer.moveDown")} ${nl("settings.footer.linkNumber", { number: "1" })}`,
    }),
  ).toBeFocused();

  await page.getByRole("button", { name: nl("settings.footer.save") }).click();
  await expect(toast(page, nl("settings.toasts.saved"))).toBeVisible();

  await page.goto(on("public", "/auth/login-1"));
  await expect(footer(page)).toContainText(text);
  const links = footer(page).getByRole("navigation").getByRole("link");
  await expect(links).toHaveText([/^Gemeente Utrecht/, "Privacy"]);
  await expect(footer(page).getByRole("link", { name: "Privacy" })).toHaveAttribute(
    "href",
    "/privacy",
  );
  await page.goto(on("demo", "/auth/login-1"));
  await expect(footer(page)).not.toContainText(text);

  // Emptied again: the footer shows neither.
  await page.goto(on("public", "/instellingen/footer"));
  await page.getByLabel(nl("settings.footer.text")).fill("");
  for (const number of ["2", "1"]) {
    await page
      .getByRole("button", {
        name: `${nl("settings.footer.remove")} ${nl("settings.footer.linkNumber", { number })}`,
      })
      .click();
  }
  await expect(page.getByText(nl("settings.footer.noLinks"))).toBeVisible();
  await page.getByRole("button", { name: nl("settings.footer.save") }).click();
  await expect(toast(page, nl("settings.toasts.saved"))).toBeVisible();
  await page.goto(on("public", "/auth/login-1"));
  await expect(footer(page)).not.toContainText(text);
  await expect(footer(page).getByRole("link", { name: "Privacy" })).toHaveCount(0);
});

test("the centre's own details and contact person show in the footer at once", async ({ page }) => {
  test.slow();
  await signIn(page, "public", ADMIN);
  await page.goto(on("public", "/instellingen/organisatie"));
  await expect(h1(page, nl("routes.settingsOrganization"))).toBeVisible();
  const name = page.getByLabel(nl("organizationForm.fields.name"), { exact: true });
  await expect(name).toHaveValue("Vrijwilligerscentrale Utrecht");
  const phone = page.getByLabel(nl("organizationForm.fields.phone"), { exact: true });
  const seededPhone = await phone.inputValue();
  await phone.fill("030 123 45 67");
  await page.getByRole("button", { name: nl("settings.saveDetails") }).click();
  await expect(
    toast(page, nl("organizationForm.toasts.saved", { name: "Vrijwilligerscentrale Utrecht" })),
  ).toBeVisible();
  await expect(footer(page)).toContainText("030 123 45 67");
  await expectNoAxeViolations(page);
  await phone.fill(seededPhone);
  await page.getByRole("button", { name: nl("settings.saveDetails") }).click();
  await expect(footer(page)).not.toContainText("030 123 45 67");

  await page.getByRole("link", { name: nl("routes.settingsContactPerson") }).click();
  await expect(h1(page, nl("routes.settingsContactPerson"))).toBeVisible();
  const contact = page.getByLabel(nl("organizationForm.fields.contactName"), { exact: true });
  const seededContact = await contact.inputValue();
  await contact.fill("Fatima El Amrani");
  await page.getByRole("button", { name: nl("settings.saveDetails") }).click();
  await expect(footer(page)).toContainText("Fatima El Amrani");
  await expectNoAxeViolations(page);
  await contact.fill(seededContact);
  await page.getByRole("button", { name: nl("settings.saveDetails") }).click();
  await expect(footer(page)).not.toContainText("Fatima El Amrani");
});

test("the reply-time reminders: the days are checked, saved, shown again, and put back; axe is clean", async ({
  page,
}) => {
  test.slow();
  await signIn(page, "public", ADMIN);
  await page.goto(on("public", "/instellingen/reacties"));
  await expect(h1(page, nl("routes.settingsReplies"))).toBeVisible();
  const nudge = page.getByLabel(nl("replyTimes.settings.nudgeDays"));
  const escalation = page.getByLabel(nl("replyTimes.settings.escalationDays"));
  const enabled = page.getByLabel(nl("replyTimes.settings.enabled"));
  const helpPublic = page.getByLabel(nl("replyTimes.settings.helpPostsPublic"));
  // The defaults (lib/contract/reply-times.ts) until the centre saves.
  await expect(nudge).toHaveValue("7");
  await expect(escalation).toHaveValue("10");
  await expect(enabled).toBeChecked();
  await expect(helpPublic).not.toBeChecked();
  await expectNoAxeViolations(page);

  // The centre is told after the organisation is reminded: one message, on the field.
  await nudge.fill("12");
  await page.getByRole("button", { name: nl("replyTimes.settings.save") }).click();
  await expect(page.getByText(nl("replyTimes.settings.escalationAfterNudge"))).toBeVisible();
  await expect(escalation).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  await nudge.fill("5");
  await escalation.fill("8");
  await helpPublic.check();
  await page.getByRole("button", { name: nl("replyTimes.settings.save") }).click();
  await expect(toast(page, nl("replyTimes.settings.saved"))).toBeVisible();
  await page.reload();
  await expect(nudge).toHaveValue("5");
  await expect(escalation).toHaveValue("8");
  await expect(helpPublic).toBeChecked();

  // Put back what the seed had, so no other test sees it.
  await nudge.fill("7");
  await escalation.fill("10");
  await helpPublic.uncheck();
  await page.getByRole("button", { name: nl("replyTimes.settings.save") }).click();
  await expect(toast(page, nl("replyTimes.settings.saved"))).toBeVisible();
});

test("in English all four pages speak English and are clean under axe", async ({
  page,
  context,
}) => {
  test.slow();
  await context.addCookies([{ name: "i18n_redirected", value: "en", url: on("public", "/") }]);
  await signIn(page, "public", ADMIN);
  for (const [path, title] of [
    ["/instellingen/design", en("routes.settingsDesign")],
    ["/instellingen/footer", en("routes.settingsFooter")],
    ["/instellingen/organisatie", en("routes.settingsOrganization")],
    ["/instellingen/contact-person", en("routes.settingsContactPerson")],
    ["/instellingen/reacties", en("routes.settingsReplies")],
  ] as const) {
    await page.goto(on("public", path));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(h1(page, title)).toBeVisible();
    await expect(page.getByRole("button").filter({ hasText: /^Save/ }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test("a volunteer gets the 403 screen on /instellingen/design", async ({ page }) => {
  await signIn(page, "roermond", VOLUNTEER);
  await page.goto(on("roermond", "/instellingen/design"));
  await expect(h1(page, nl("errors.forbidden.title"))).toBeVisible();
  await expect(page.getByRole("navigation", { name: nl("settings.nav") })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
