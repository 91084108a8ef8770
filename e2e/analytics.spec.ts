import { expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, LOCALES, translator } from "./support/i18n";
import { E2E } from "./support/ports";

// /analytics and /analytics/index-2 (docs/analytics.md) on roermond, read only. The period is
// 2020, before any seeded or spec-written row (the seed's moments are relative to its run,
// and the specs write today): no application falls in it, and every approved organisation of
// the centre is one "without activity", which the spec counts again through the api's
// organisation list. Nothing is written.

const ADMIN = seedEmail("admin", "roermond");
const SUPERADMIN = seedEmail("superadmin", "roermond");
const RANGE = "from=2020-01-01&to=2020-12-31";
const onRoermond = (path: string) => `http://roermond.localhost:${E2E.webPort}${path}`;

async function signIn(page: Page, email: string) {
  await page.goto(onRoermond("/auth/login-1"));
  await signInFromPage(page, email);
}

/** The approved organisations of each centre, counted from the organisation list. */
async function quietRecount(page: Page): Promise<Map<string, number>> {
  return new Map(
    await page.evaluate(async () => {
      const get = async (url: string) => (await (await fetch(url)).json()).data as unknown[];
      const centres = (await get("/api/v1/volunteer_centers?page[size]=100")) as { id: string }[];
      const out: [string, number][] = [];
      for (const c of centres) {
        const orgs = (await get(
          `/api/v1/organizations?filter[volunteer_center_id_eq]=${c.id}&filter[status_eq]=approved&page[size]=1000`,
        )) as { attributes: { type: string } }[];
        out.push([c.id, orgs.filter((o) => o.attributes.type !== "VolunteerCenter").length]);
      }
      return out;
    }),
  );
}

/** The table of a figure, by its heading. */
const table = (page: Page, name: string) =>
  page.getByRole("region", { name, exact: true }).getByRole("table");
const cell = (page: Page, section: string, row: string) =>
  table(page, section)
    .getByRole("row", { name: new RegExp(`^${row}`) })
    .getByRole("cell");

for (const locale of LOCALES) {
  const t = translator(locale);

  test(`${locale}: a centre's admin reads the figures of 2020; they equal a recount; axe is clean`, async ({
    page,
    context,
  }) => {
    // Two pages, a recount through the api and axe twice.
    test.slow();
    await chooseLocale(context, onRoermond("/"), locale);
    await signIn(page, ADMIN);
    const quiet = [...(await quietRecount(page)).values()];
    expect(quiet).toHaveLength(1);
    await page.goto(onRoermond(`/analytics?${RANGE}`));
    await expect(
      page.getByRole("heading", { level: 1, name: "Volunteerly Analytics" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: t("routes.analytics") })).toBeVisible();
    await expect(page.getByLabel(t("analytics.range.from"))).toHaveValue("2020-01-01");
    await expect(page.getByLabel(t("analytics.range.to"))).toHaveValue("2020-12-31");

    await expect(
      cell(page, t("analytics.sections.applications"), t("analytics.rows.sent")),
    ).toHaveText("0");
    await expect(
      cell(page, t("analytics.sections.applications"), t("analytics.rows.accepted")),
    ).toHaveText("0");
    // Every week of 2020 is listed (Monday 30 December 2019 to Monday 28 December), none
    // with an application.
    const weeks = table(page, t("analytics.sections.perWeek")).locator("tbody tr");
    await expect(weeks).toHaveCount(53);
    await expect(weeks.getByRole("cell").filter({ hasNotText: /^0$/ })).toHaveCount(0);
    await expect(
      cell(page, t("analytics.sections.quiet"), t("analytics.rows.quietCount")),
    ).toHaveText(String(quiet[0]));
    await expect(page.getByRole("button", { name: /CSV/ })).toHaveCount(9);
    await expectNoAxeViolations(page);

    // A range that ends before it starts: the api's refusal, tied to the field.
    await page.goto(onRoermond("/analytics?from=2020-02-01&to=2020-01-01"));
    await expect(
      page.getByRole("alert").filter({ hasText: t("analytics.range.invalid") }),
    ).toBeVisible();
    await expect(page.getByLabel(t("analytics.range.to"))).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });
}

test("a superadmin compares the centres of 2020 side by side; a centre's admin gets the 403 screen", async ({
  page,
}) => {
  test.slow();
  const t = translator("nl");
  await signIn(page, SUPERADMIN);
  const quiet = await quietRecount(page);
  await page.goto(onRoermond(`/analytics/index-2?${RANGE}`));
  await expect(
    page.getByRole("heading", { level: 1, name: "Volunteerly Analytics" }),
  ).toBeVisible();
  const quietTable = table(page, t("analytics.sections.quiet"));
  // One column per centre besides the figure's.
  await expect(quietTable.locator("thead th")).toHaveCount(quiet.size + 1);
  const values = await quietTable.locator("tbody td").allTextContents();
  expect(values.map(Number).sort()).toEqual([...quiet.values()].sort());
  await expectNoAxeViolations(page);

  await page.context().clearCookies();
  await signIn(page, ADMIN);
  await page.goto(onRoermond("/analytics/index-2"));
  await expect(
    page.getByRole("heading", { level: 1, name: t("errors.forbidden.title") }),
  ).toBeVisible();
});
