import { expect, type Page, test } from "@playwright/test";
import { SEED_PASSWORD, seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { LOCALES, translator } from "./support/i18n";
import { E2E } from "./support/ports";
import { submitSignIn } from "./support/sign-in-form";

// Applying for a vacancy and the applications pages (docs/applications-pages.md), on
// public (it switches language), whose volunteer and superadmin no other spec changes in
// this way: the volunteer signs in from the vacancy's "Inloggen om te reageren" and comes
// back to the form, applies; the site's superadmin finds it among the managed applications,
// waiting for a reply, and is asked before deciding; the volunteer withdraws it. Both
// languages, axe on every page; another tenant's id is the 404 screen.

const nl = translator("nl");
const TENANT = "public";
const VOLUNTEER = seedEmail("volunteer", TENANT);
const STAFF = seedEmail("superadmin", TENANT);
const on = (slug: string, path: string) => `http://${slug}.localhost:${E2E.webPort}${path}`;
const API = `http://127.0.0.1:${E2E.apiPort}/api/v1`;

let vacancy: { id: string; title: string };
let applicationId: string;

async function signIn(page: Page, email: string, slug = TENANT) {
  await page.goto(on(slug, "/auth/login-1"));
  await signInFromPage(page, email);
}

test.describe
  .serial("applying and the applications pages", () => {
    test.beforeAll(async ({ request }) => {
      // The site's first published vacancy (newest first), read as the public pages read it.
      const res = await request.get(`${API}/vacancies`, { headers: { "x-tenant": TENANT } });
      expect(res.ok()).toBe(true);
      const body = (await res.json()) as { data: { id: string; attributes: { title: string } }[] };
      vacancy = { id: body.data[0].id, title: body.data[0].attributes.title };
    });

    test("signed out, 'Inloggen om te reageren' signs in and comes back to the open form; applying says so", async ({
      page,
    }) => {
      await page.goto(on(TENANT, `/vacancies/${vacancy.id}`));
      const respond = page.getByRole("region", { name: nl("applications.apply.heading") });
      const signInLink = respond.getByRole("link", { name: nl("vacancies.respond") });
      await expect(signInLink).toHaveAttribute(
        "href",
        `/auth/login-1?redirect=${encodeURIComponent(`/vacancies/${vacancy.id}#reageren`)}`,
      );
      await expect(
        respond.getByRole("link", { name: nl("applications.apply.signUp") }),
      ).toHaveAttribute(
        "href",
        `/signup?redirect=${encodeURIComponent(`/vacancies/${vacancy.id}#reageren`)}`,
      );
      await expectNoAxeViolations(page);

      await signInLink.click();
      expect(await submitSignIn(page, nl, VOLUNTEER, SEED_PASSWORD)).toBe(200);
      await expect(page).toHaveURL(new RegExp(`/vacancies/${vacancy.id}#reageren$`));

      // Back at the form, open, with focus in the motivation.
      const motivation = page.getByRole("textbox", { name: nl("applications.apply.motivation") });
      await expect(motivation).toBeFocused();
      await expect(page.getByText(nl("applications.apply.fromAccount"))).toBeVisible();
      await expectNoAxeViolations(page);

      await motivation.fill("Ik lees graag voor, ook op zaterdag.");
      await expect(
        page.getByText(nl("applications.apply.counter", { count: 36, max: 2000 })),
      ).toBeVisible();
      await page.getByRole("button", { name: nl("applications.apply.submit") }).click();
      const done = page.getByText(nl("applications.apply.sent"), { exact: true });
      await expect(done).toBeFocused();
      const view = page.getByRole("link", { name: nl("applications.apply.view") });
      const href = (await view.getAttribute("href")) ?? "";
      applicationId = /\/applications\/(\d+)$/.exec(href)?.[1] ?? "";
      expect(applicationId).not.toBe("");

      // A reload shows the open application instead of the button.
      await page.reload();
      await expect(page.getByRole("link", { name: nl("applications.apply.view") })).toBeVisible();
      await expect(page.getByRole("button", { name: nl("applications.apply.button") })).toHaveCount(
        0,
      );
    });

    test("the site's staff find it among the managed applications, waiting, and are asked before deciding", async ({
      page,
    }) => {
      await signIn(page, STAFF);
      await page.goto(on(TENANT, "/applications"));
      const tabs = page.getByRole("navigation", { name: nl("applications.list.tabsLabel") });
      await expect(
        tabs.getByRole("link", { name: nl("applications.list.tabManaged") }),
      ).toHaveAttribute("aria-current", "page");
      await page.getByLabel(nl("applications.list.waiting")).selectOption("true");
      await page.getByLabel(nl("applications.list.search")).fill(vacancy.title);
      await page.getByRole("button", { name: nl("lists.apply") }).click();
      await expect(page).toHaveURL(/[?&]waiting=true/);
      const row = page
        .getByRole("row")
        .filter({ hasText: nl("applications.statuses.new") })
        .first();
      await expect(row).toContainText(nl("applications.list.waitingBadge"));
      await expectNoAxeViolations(page);

      await page.goto(on(TENANT, `/applications/${applicationId}`));
      await expect(
        page.getByRole("heading", {
          level: 1,
          name: nl("applications.detail.title", { vacancy: vacancy.title }),
        }),
      ).toBeVisible();
      await expect(page.getByText("Ik lees graag voor, ook op zaterdag.")).toBeVisible();
      await expect(
        page.getByRole("heading", { level: 2, name: nl("applications.detail.conversation") }),
      ).toBeVisible();
      await page.getByRole("button", { name: nl("applications.actions.decline") }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("button", { name: nl("common.cancel") })).toBeFocused();
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: nl("common.cancel") }).click();
      await expect(dialog).toBeHidden();
      await expect(
        page.getByRole("button", { name: nl("applications.actions.decline") }),
      ).toBeFocused();
    });

    test("the volunteer finds it in 'Mijn reacties' and withdraws it", async ({ page }) => {
      await signIn(page, VOLUNTEER);
      await page.goto(on(TENANT, "/applications"));
      await expect(
        page.getByRole("heading", { level: 1, name: nl("applications.list.title") }),
      ).toBeVisible();
      await page.getByRole("link", { name: vacancy.title }).first().click();
      await expect(page).toHaveURL(new RegExp(`/applications/${applicationId}$`));
      await page.getByRole("button", { name: nl("applications.actions.withdraw") }).click();
      await page
        .getByRole("dialog")
        .getByRole("button", { name: nl("applications.actions.withdraw") })
        .click();
      await expect(
        page.getByRole("heading", { level: 2, name: nl("applications.detail.status") }),
      ).toBeFocused();
      await expect(page.locator("[data-toaster]")).toContainText(
        nl("applications.actions.withdrawn"),
      );
      await expect(
        page.getByRole("button", { name: nl("applications.actions.withdraw") }),
      ).toHaveCount(0);
      const history = page.getByRole("region", { name: nl("applications.detail.history") });
      await expect(history.getByRole("listitem").last()).toContainText(
        nl("applications.statuses.withdrawn"),
      );
      await expectNoAxeViolations(page);
    });

    test("another tenant's application id is the not-found screen", async ({ page }) => {
      await signIn(page, seedEmail("volunteer", "roermond"), "roermond");
      await page.goto(on("roermond", `/applications/${applicationId}`));
      await expect(
        page.getByRole("heading", { level: 1, name: nl("errors.notFound.title") }),
      ).toBeVisible();
    });
  });

// meedoen has volunteer profiles off (spec §1): applying asks only for name and contact. Its
// volunteer (Daan Smit) is otherwise only signed in by specs that read (users.spec,
// organization-forms.spec); this one keeps the name as seeded and gives a phone number.
test("on meedoen (no volunteer profiles) applying asks name and phone, saves them, and applies without a motivation", async ({
  page,
  request,
}) => {
  const slug = "meedoen";
  const res = await request.get(`${API}/vacancies`, { headers: { "x-tenant": slug } });
  expect(res.ok()).toBe(true);
  const first = ((await res.json()) as { data: { id: string }[] }).data[0];
  await signIn(page, seedEmail("volunteer", slug), slug);
  // A run before this one left an open application: withdrawn, the button comes back.
  await page.evaluate(async (id) => {
    const own = await (
      await fetch(
        `/api/v1/applications?filter[scope]=own&filter[vacancy_id_eq]=${id}&filter[status_in]=new,in_conversation`,
      )
    ).json();
    for (const application of own.data as { id: string }[]) {
      await fetch(`/api/v1/applications/${application.id}/transition`, {
        method: "PUT",
        headers: { "Content-Type": "application/vnd.api+json" },
        body: JSON.stringify({
          data: { type: "applications", id: application.id, attributes: { event: "withdraw" } },
        }),
      });
    }
  }, first.id);

  await page.goto(on(slug, `/vacancies/${first.id}`));
  await page.getByRole("button", { name: nl("applications.apply.button") }).click();
  const firstName = page.getByRole("textbox", { name: nl("applications.apply.contact.firstName") });
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveValue("Daan");
  await expect(
    page.getByRole("textbox", { name: nl("applications.apply.contact.lastName") }),
  ).toHaveValue("Smit");
  const form = page.getByRole("form", { name: nl("applications.apply.formLabel") });
  await expect(form.getByText(seedEmail("volunteer", slug), { exact: true })).toBeVisible();
  await expect(
    page.getByRole("textbox", { name: nl("applications.apply.motivation") }),
  ).toHaveCount(0);
  const phone = page.getByRole("textbox", { name: nl("applications.apply.contact.phone") });
  // Letters are refused on the field, before anything is sent.
  await phone.fill("bel me");
  await page.getByRole("button", { name: nl("applications.apply.submit") }).click();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(nl("applications.apply.contact.phoneInvalid"))).toBeVisible();
  await expectNoAxeViolations(page);

  await phone.fill("06 12345678");
  await page.getByRole("button", { name: nl("applications.apply.submit") }).click();
  await expect(page.getByText(nl("applications.apply.sent"), { exact: true })).toBeFocused();
  await expectNoAxeViolations(page);

  // The account has the phone; the organisation sees it with the application, no motivation.
  const me = await page.evaluate(
    async () => (await (await fetch("/api/v1/current_user")).json()).data.attributes,
  );
  expect(me).toMatchObject({ first_name: "Daan", last_name: "Smit", phone: "06 12345678" });
  await page.getByRole("link", { name: nl("applications.apply.view") }).click();
  await expect(page).toHaveURL(/\/applications\/\d+$/);
  await expect(page.getByText("06 12345678").first()).toBeVisible();
});

for (const locale of LOCALES) {
  const t = translator(locale);
  test(`the pages speak ${locale} and are clean under axe`, async ({ page, context }) => {
    if (locale === "en")
      await context.addCookies([{ name: "i18n_redirected", value: "en", url: on(TENANT, "/") }]);
    await signIn(page, STAFF);
    await page.goto(on(TENANT, "/applications?scope=own"));
    await expect(page.getByRole("link", { name: t("applications.list.tabOwn") })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectNoAxeViolations(page);
    await page.goto(on(TENANT, "/applications"));
    await expect(
      page.getByRole("heading", { level: 1, name: t("applications.list.tabManaged") }),
    ).toBeVisible();
    await expect(
      page.getByRole("columnheader", {
        name: new RegExp(t("applications.list.columns.applicant")),
      }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
