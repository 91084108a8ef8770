import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { translator } from "./support/i18n";
import { E2E } from "./support/ports";
import { seedAnchorName } from "./support/seed-data";

// /vacancies and /vacancies/bulk-edit (docs/vacancy-pages.md): one journey per role. An
// organisation's member (meedoen, in English) sees only their organisation's vacancies, with
// the filters in the URL, and copies one. A centre's admin (cordaad, in Dutch) closes two
// vacancies of their own making after a preview, and the applications to them close. The
// applicant is cordaad's school admin, whom no other spec signs in with; the vacancies are
// the spec's own (a fresh word in their titles), so no seeded vacancy another spec reads
// changes.

const nl = translator("nl");
const en = translator("en");
const on = (slug: string, path: string) => `http://${slug}.localhost:${E2E.webPort}${path}`;
const rows = (page: Page) => page.getByRole("table").locator("tbody tr");
const toaster = (page: Page) => page.locator("[data-toaster]");

async function signIn(page: Page, slug: string, email: string) {
  await page.goto(on(slug, "/auth/login-1"));
  await signInFromPage(page, email);
}

/** A JSON:API call through the BFF from the page (Node does not resolve *.localhost). */
async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { "Content-Type": "application/vnd.api+json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
  expect(result.status, JSON.stringify(result.body)).toBeLessThan(300);
  return result.body as T;
}

test("an organisation's member lists only their organisation's vacancies, filters through the URL and copies one (en)", async ({
  page,
  context,
}) => {
  test.slow();
  const slug = "meedoen";
  const organization = seedAnchorName(slug, "organization");
  await context.addCookies([{ name: "i18n_redirected", value: "en", url: on(slug, "/") }]);
  await signIn(page, slug, seedEmail("member", slug));

  await page.goto(on(slug, "/vacancies"));
  await expect(
    page.getByRole("heading", { level: 1, name: en("vacancyList.title") }),
  ).toBeVisible();
  // The back office's navigation offers the page to an organisation's member.
  await expect(
    page
      .getByRole("navigation", { name: en("layout.backOfficeNav.label"), exact: true })
      .getByRole("link", { name: en("routes.vacancies"), exact: true }),
  ).toHaveAttribute("aria-current", "page");
  await page.getByLabel(en("vacancyList.status"), { exact: true }).selectOption("published");
  await page.getByRole("button", { name: en("lists.apply") }).click();
  await expect(page).toHaveURL(/[?&]status=published/);
  await page
    .getByRole("columnheader", { name: new RegExp(en("vacancyList.columns.title")) })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/[?&]sort=title(&|$)/);
  await expect(page).toHaveURL(/[?&]status=published(&|$)/);
  await expect(rows(page).first()).toBeVisible();
  // Only the member's own organisation, and only what the filter asked for.
  const count = await rows(page).count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await expect(rows(page).nth(i).locator("td").nth(1)).toHaveText(organization);
    await expect(rows(page).nth(i)).toContainText(en("vacancyList.statuses.published"));
  }
  await expectNoAxeViolations(page);

  // Copying makes a draft and opens the copy's edit page.
  const title = ((await rows(page).first().getByRole("rowheader").textContent()) ?? "").trim();
  await rows(page)
    .first()
    .getByRole("button", { name: `${en("vacancyList.duplicate.button")} ${title}` })
    .click();
  await expect(page).toHaveURL(/\/vacancies\/\d+\/edit$/);
  const copyId = /\/vacancies\/(\d+)\/edit$/.exec(page.url())?.[1] ?? "";
  const copy = await call<{ data: { attributes: { title: string; status: string } } }>(
    page,
    "GET",
    `/api/v1/managed_vacancies/${copyId}`,
  );
  // Named in the account's own language (the member's is Dutch), whatever the page's.
  const me = await call<{ data: { attributes: { locale: string } } }>(
    page,
    "GET",
    "/api/v1/current_user",
  );
  const prefix = me.data.attributes.locale === "en" ? "Copy of" : "Kopie van";
  expect(copy.data.attributes).toMatchObject({ title: `${prefix} ${title}`, status: "draft" });
  // The copy is the spec's own: gone again, so runs do not pile up drafts.
  await call(page, "DELETE", `/api/v1/vacancies/${copyId}`);
});

test("a centre's admin closes two vacancies after a preview, and their applications close (nl)", async ({
  page,
  browser,
}) => {
  test.slow();
  const slug = "cordaad";
  const word = randomBytes(4).toString("hex");
  await signIn(page, slug, seedEmail("admin", slug));
  const organizations = await call<{ data: { id: string; attributes: { name: string } }[] }>(
    page,
    "GET",
    "/api/v1/organizations?page[size]=100",
  );
  const organization = organizations.data.find(
    (o) => o.attributes.name === seedAnchorName(slug, "organization"),
  );
  expect(organization).toBeDefined();
  const ids: string[] = [];
  for (const name of ["Voorlezen", "Koken"]) {
    const created = await call<{ data: { id: string } }>(page, "POST", "/api/v1/vacancies", {
      data: {
        type: "vacancies",
        attributes: { title: `E2E ${name} ${word}`, status: "published", remote: true },
        relationships: { organization: { data: { type: "organizations", id: organization?.id } } },
      },
    });
    ids.push(created.data.id);
  }

  // Someone applies to both (any signed-in user may).
  const applicantContext = await browser.newContext();
  const applicant = await applicantContext.newPage();
  await signIn(applicant, slug, seedEmail("org-admin", slug));
  for (const id of ids) {
    await call(applicant, "POST", "/api/v1/applications", {
      data: {
        type: "applications",
        attributes: { motivation: "Graag!" },
        relationships: { vacancy: { data: { type: "vacancies", id } } },
      },
    });
  }

  // The list, narrowed by the fresh word; both chosen lead to the bulk edit.
  await page.goto(on(slug, `/vacancies?q=${word}`));
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).first()).toContainText(
    nl("vacancyList.applications", { open: 1, total: 1 }),
  );
  await page.getByRole("checkbox", { name: nl("vacancyList.chooseAllOnPage") }).check();
  await page.getByRole("link", { name: nl("vacancyList.bulkEditChosen") }).click();
  await expect(page).toHaveURL(/\/vacancies\/bulk-edit\?/);
  await expect(
    page.getByRole("heading", { level: 1, name: nl("vacancyBulkEdit.title") }),
  ).toBeVisible();
  await expect(page.getByText(nl("vacancyBulkEdit.chosen", { count: 2, max: 1000 }))).toBeVisible();

  const form = page.getByRole("form", { name: nl("vacancyBulkEdit.changes.heading") });
  await form
    .getByLabel(nl("vacancyBulkEdit.changes.status"), { exact: true })
    .selectOption("closed");
  await form.getByRole("button", { name: nl("vacancyBulkEdit.preview.button") }).click();
  const preview = page.getByRole("region", { name: nl("vacancyBulkEdit.preview.heading") });
  await expect(
    preview.getByText(nl("vacancyBulkEdit.preview.summary", { changed: 2, total: 2, closed: 2 })),
  ).toBeVisible();
  await expect(
    preview.getByText(
      nl("vacancyBulkEdit.preview.status", {
        from: nl("vacancyList.statuses.published"),
        to: nl("vacancyList.statuses.closed"),
      }),
    ),
  ).toHaveCount(2);
  await expectNoAxeViolations(page);

  // The preview changed nothing yet.
  const before = await call<{ data: { attributes: { status: string } }[] }>(
    applicant,
    "GET",
    `/api/v1/applications?filter[scope]=own&filter[vacancy_id_eq]=${ids[0]}`,
  );
  expect(before.data.map((a) => a.attributes.status)).toEqual(["new"]);

  await preview
    .getByRole("button", { name: nl("vacancyBulkEdit.apply.button", { count: 2 }) })
    .click();
  await expect(toaster(page)).toContainText(
    nl("vacancyBulkEdit.apply.done", { changed: 2, closed: 2 }),
  );
  // The applicant's applications are closed.
  for (const id of ids) {
    const after = await call<{ data: { attributes: { status: string } }[] }>(
      applicant,
      "GET",
      `/api/v1/applications?filter[scope]=own&filter[vacancy_id_eq]=${id}`,
    );
    expect(after.data.map((a) => a.attributes.status)).toEqual(["closed"]);
  }
  await applicantContext.close();
});
