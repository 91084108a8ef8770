import { expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { translator } from "./support/i18n";
import { E2E } from "./support/ports";

// /account/roles lists the signed-in user's seeded roles. On roermond, reading only:
// its organisation admin, desk manager and volunteer (no spec changes their roles).

const nl = translator("nl");
const en = translator("en");
const onRoermond = (path: string) => `http://roermond.localhost:${E2E.webPort}${path}`;

async function visitAs(page: Page, localPart: string) {
  await page.goto(onRoermond("/auth/login-1"));
  await signInFromPage(page, seedEmail(localPart, "roermond"));
  await page.goto(onRoermond("/account/roles"));
}

test("an organisation admin sees their organisation with its type and the role; axe is clean", async ({
  page,
}) => {
  await visitAs(page, "org-admin");
  await expect(
    page.getByRole("heading", { level: 1, name: nl("accountRoles.title") }),
  ).toBeVisible();
  const table = page.getByRole("region", { name: nl("accountRoles.organizations.tableLabel") });
  const row = table.getByRole("row").filter({ hasText: "Basisschool De Vlinderhof" });
  await expect(row.getByRole("rowheader")).toHaveText("Basisschool De Vlinderhof");
  await expect(row.getByRole("cell")).toHaveText([
    nl("labels.organizationType.School"),
    nl("labels.role.admin"),
  ]);
  await expect(table.getByRole("row")).toHaveCount(2); // header + their one organisation
  await expect(page.getByRole("heading", { name: nl("accountRoles.global.heading") })).toHaveCount(
    0,
  );
  await expectNoAxeViolations(page);
});

test("a desk manager sees the desk by its name", async ({ page }) => {
  await visitAs(page, "desk-manager");
  const row = page
    .getByRole("region", { name: nl("accountRoles.desks.tableLabel") })
    .getByRole("row")
    .filter({ hasText: "AZC Roermond" });
  await expect(row.getByRole("cell")).toHaveText([nl("labels.role.desk_manager")]);
});

test("in English a volunteer sees their role that holds everywhere; axe is clean", async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: "i18n_redirected", value: "en", url: onRoermond("/") }]);
  await visitAs(page, "volunteer");
  await expect(
    page.getByRole("heading", { level: 1, name: en("accountRoles.title") }),
  ).toBeVisible();
  const everywhere = page.getByRole("region", { name: en("accountRoles.global.heading") });
  await expect(everywhere.getByRole("listitem")).toHaveText([en("labels.role.volunteer")]);
  await expect(
    page.getByRole("region", { name: en("accountRoles.organizations.tableLabel") }),
  ).toHaveCount(0);
  await expectNoAxeViolations(page);
});
