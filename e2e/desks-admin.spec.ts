import { type Browser, expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, type TLocale, translator } from "./support/i18n";
import { E2E } from "./support/ports";

// Desk management (docs/desks-admin.md) on public, which switches language. The centre's
// admin adds a desk of their own, fixes it onto the active list and deletes it; the seeded
// desk manager edits AZC Utrecht's welcome title and body (in the rich-text editor) and puts
// them back; an account made the
// manager of another (fresh) desk is sent from AZC Utrecht's page to /wrong-desk. The seeded
// desks keep what they had. The journeys run in Dutch, with axe on every page; the English
// test visits the same pages and states (forms, dialog, toasts, /wrong-desk) and checks their
// texts and axe, without again moving a desk onto the active list or editing the welcome body.

const TENANT = "public";
const ADMIN = seedEmail("admin", TENANT);
const DESK_MANAGER = seedEmail("desk-manager", TENANT);
const MEMBER = seedEmail("member", TENANT);
const origin = `http://${TENANT}.localhost:${E2E.webPort}`;
const SEED_TITLE = "Welcome to the desk at AZC Utrecht";

async function signedInPage(browser: Browser, locale: TLocale, email: string): Promise<Page> {
  const context = await browser.newContext();
  await chooseLocale(context, origin, locale);
  const page = await context.newPage();
  await page.goto(`${origin}/auth/login-1`);
  await signInFromPage(page, email);
  return page;
}

/** A fresh desk, made through the api by the signed-in admin, with MEMBER as its manager. */
async function deskManagedByMember(admin: Page, name: string): Promise<string> {
  return admin.evaluate(
    async ({ member, name }) => {
      const centres = await (await fetch("/api/v1/volunteer_centers")).json();
      const created = await fetch("/api/v1/meedoen/desks", {
        method: "POST",
        headers: { "Content-Type": "application/vnd.api+json" },
        body: JSON.stringify({
          data: {
            type: "desks",
            attributes: { azc_name: name, volunteer_center_id: centres.data[0].id },
          },
        }),
      });
      const desk = (await created.json()).data.id as string;
      const users = await (
        await fetch(`/api/v1/users?filter[email_eq]=${encodeURIComponent(member)}`)
      ).json();
      const granted = await fetch(`/api/v1/users/${users.data[0].id}/add_role`, {
        method: "PUT",
        headers: { "Content-Type": "application/vnd.api+json" },
        body: JSON.stringify({
          data: {
            type: "users",
            attributes: { role: "desk_manager", resource_type: "Desk", resource_id: desk },
          },
        }),
      });
      if (!granted.ok) throw new Error(`add_role: ${granted.status}`);
      return desk;
    },
    { member: MEMBER, name },
  );
}

/** Deleting the desk takes the member's role with it: the seed's member is back. */
async function deleteDesk(admin: Page, id: string) {
  const status = await admin.evaluate(
    async (id) => (await fetch(`/api/v1/meedoen/desks/${id}`, { method: "DELETE" })).status,
    id,
  );
  expect(status).toBe(204);
}

const tag = () => Math.random().toString(36).slice(2, 8);

test.describe
  .serial("desk management", () => {
    const locale: TLocale = "nl";
    test("the admin adds a desk, puts it on the active list and deletes it", async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const t = translator(locale);
      const name = `AZC E2E ${locale} ${tag()}`;
      const page = await signedInPage(browser, locale, ADMIN);
      await page.goto(`${origin}/nov/baliebeheer`);
      await expect(
        page.getByRole("heading", { level: 1, name: t("deskAdmin.title") }),
      ).toBeVisible();
      const active = page.getByRole("region", { name: t("deskAdmin.active.heading") });
      await expect(active.getByRole("link", { name: "AZC Utrecht" })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole("link", { name: t("deskAdmin.add") }).click();
      await expect(page).toHaveURL(/\/nov\/baliebeheer\/toevoegen$/);
      await expect(
        page.getByRole("heading", { level: 1, name: t("deskAdmin.addTitle") }),
      ).toBeVisible();
      const form = page.getByRole("form", { name: t("deskAdmin.form.addHeading") });
      // Half a position is refused in the browser, before anything is sent.
      await form.getByRole("textbox", { name: t("deskAdmin.form.azcName") }).fill(name);
      await form.getByRole("textbox", { name: t("deskAdmin.form.latitude") }).fill("52,1");
      await form.getByRole("button", { name: t("deskAdmin.form.add") }).click();
      await expect(form.getByText(t("deskAdmin.form.coordinatePair"))).toBeVisible();
      await expectNoAxeViolations(page);
      await form.getByRole("textbox", { name: t("deskAdmin.form.latitude") }).fill("");
      await form.getByRole("textbox", { name: t("deskAdmin.form.city") }).fill("Utrecht");
      await form.getByRole("button", { name: t("deskAdmin.form.add") }).click();
      await expect(page.getByText(t("deskAdmin.toasts.added", { name }))).toBeVisible();
      await expect(page).toHaveURL(/\/nov\/baliebeheer$/);

      // Without coordinates it is apart, with the reason; fixed, it is on the active list.
      const inactive = page.getByRole("region", { name: t("deskAdmin.inactive.heading") });
      const item = inactive.getByRole("listitem").filter({ hasText: name });
      await expect(item.getByText(t("deskAdmin.inactive.noCoordinates"))).toBeVisible();
      await item.getByRole("button", { name: `${t("deskAdmin.edit")} ${name}` }).click();
      const edit = item.getByRole("form", { name: t("deskAdmin.form.editHeading", { name }) });
      await edit.getByRole("textbox", { name: t("deskAdmin.form.latitude") }).fill("52.09");
      await edit.getByRole("textbox", { name: t("deskAdmin.form.longitude") }).fill("5.12");
      await expectNoAxeViolations(page);
      await edit.getByRole("button", { name: t("deskAdmin.form.save") }).click();
      await expect(page.getByText(t("deskAdmin.toasts.saved", { name }))).toBeVisible();
      await expect(active.getByRole("link", { name })).toBeVisible();
      await expect(inactive.getByText(name)).toHaveCount(0);

      await active
        .getByRole("listitem")
        .filter({ hasText: name })
        .getByRole("button", { name: `${t("deskAdmin.delete.button")} ${name}` })
        .click();
      const dialog = page.getByRole("dialog", {
        name: t("deskAdmin.delete.confirmTitle", { name }),
      });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: t("deskAdmin.delete.confirm") }).click();
      await expect(page.getByText(t("deskAdmin.delete.done", { name }))).toBeVisible();
      await expect(page.getByText(name, { exact: true })).toHaveCount(0);
      await page.context().close();
    });

    test("/mijn-balie for a desk manager and for someone without a desk; /wrong-desk for another desk's account", async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const t = translator(locale);

      // The desk manager's home: AZC Utrecht, its activities, its welcome title to edit.
      const manager = await signedInPage(browser, locale, DESK_MANAGER);
      await manager.goto(`${origin}/mijn-balie`);
      await expect(
        manager.getByRole("heading", { level: 1, name: t("myDesk.title") }),
      ).toBeVisible();
      await expect(manager.getByRole("heading", { level: 2, name: "AZC Utrecht" })).toBeVisible();
      await expect(
        manager.getByRole("region", { name: t("myDesk.activities.heading") }),
      ).toBeVisible();
      const welcome = manager.getByRole("form", { name: t("myDesk.welcome.heading") });
      const title = welcome.getByRole("textbox", { name: t("myDesk.welcome.titleField") });
      await expect(title).toHaveValue(SEED_TITLE);
      await expectNoAxeViolations(manager);
      const changed = `${SEED_TITLE} (${locale})`;
      await title.fill(changed);
      await welcome.getByRole("button", { name: t("myDesk.welcome.save") }).click();
      await expect(manager.getByText(t("myDesk.welcome.saved"))).toBeVisible();
      await manager.reload();
      await expect(title).toHaveValue(changed);
      await title.fill(SEED_TITLE);
      await welcome.getByRole("button", { name: t("myDesk.welcome.save") }).click();
      await expect(title).toHaveValue(SEED_TITLE);
      await expect(manager.getByText(t("myDesk.welcome.saved"))).toHaveCount(1);

      // The body in the rich-text editor: typed at its end, saved with its formatting, and
      // taken out again.
      await manager.reload();
      const body = welcome.getByRole("textbox", { name: t("myDesk.welcome.bodyField") });
      await expect(body.locator("strong")).toHaveText("Opening hours:");
      const added = ` E2E ${locale}`;
      await body.click();
      await body.press("Control+End");
      await manager.keyboard.type(added);
      await welcome.getByRole("button", { name: t("myDesk.welcome.save") }).click();
      await expect(manager.getByText(t("myDesk.welcome.saved"))).toBeVisible();
      await manager.reload();
      await expect(body).toContainText(`16:00.${added}`);
      await expect(body.locator("strong")).toHaveText("Opening hours:");
      await body.click();
      await body.press("Control+End");
      for (let i = 0; i < added.length; i += 1) await manager.keyboard.press("Backspace");
      await expect(body).not.toContainText(added);
      await welcome.getByRole("button", { name: t("myDesk.welcome.save") }).click();
      await expect(manager.getByText(t("myDesk.welcome.saved"))).toBeVisible();
      await manager.reload();
      await expect(body).toContainText("16:00.");
      await expect(body).not.toContainText(added.trim());
      await manager.context().close();

      // The admin manages no desk: /mijn-balie says why there is nothing, no error. Then
      // makes the member the manager of a fresh desk, through the api.
      const admin = await signedInPage(browser, locale, ADMIN);
      await admin.goto(`${origin}/mijn-balie`);
      await expect(admin.getByText(t("myDesk.noDesk"))).toBeVisible();
      await expectNoAxeViolations(admin);
      const deskName = `AZC Elders ${locale} ${tag()}`;
      const deskId = await deskManagedByMember(admin, deskName);

      // The member now belongs to that desk: AZC Utrecht's page sends them to /wrong-desk.
      const member = await signedInPage(browser, locale, MEMBER);
      await member.goto(`${origin}/azc-utrecht/welkom`);
      await expect(member).toHaveURL(/\/wrong-desk\?balie=azc-utrecht$/);
      await expect(
        member.getByRole("heading", { level: 1, name: t("wrongDesk.title") }),
      ).toBeVisible();
      await expect(
        member.getByText(t("wrongDesk.bodyNamed", { desk: "/azc-utrecht" })),
      ).toBeVisible();
      await expectNoAxeViolations(member);
      await member.getByRole("link", { name: t("wrongDesk.myDesk") }).click();
      await expect(member.getByRole("heading", { level: 2, name: deskName })).toBeVisible();
      await expect(member.getByText(t("myDesk.activities.empty"))).toBeVisible();
      await member.context().close();

      // Deleting the desk takes the member's role with it: the seed's member is back.
      await deleteDesk(admin, deskId);
      await admin.context().close();
    });

    test("in English the desk pages speak English and are clean under axe", async ({ browser }) => {
      test.setTimeout(90_000);
      const t = translator("en");
      const admin = await signedInPage(browser, "en", ADMIN);

      // /nov/baliebeheer, its add page with the browser's refusal, a desk added without
      // coordinates: apart with its reason, its edit form, saved unchanged, deleted.
      await admin.goto(`${origin}/nov/baliebeheer`);
      await expect(admin.locator("html")).toHaveAttribute("lang", "en");
      await expect(
        admin.getByRole("heading", { level: 1, name: t("deskAdmin.title") }),
      ).toBeVisible();
      const active = admin.getByRole("region", { name: t("deskAdmin.active.heading") });
      await expect(active.getByRole("link", { name: "AZC Utrecht" })).toBeVisible();
      // The list is checked under axe below, with an edit form open in it.
      await admin.getByRole("link", { name: t("deskAdmin.add") }).click();
      await expect(
        admin.getByRole("heading", { level: 1, name: t("deskAdmin.addTitle") }),
      ).toBeVisible();
      const name = `AZC E2E en ${tag()}`;
      const form = admin.getByRole("form", { name: t("deskAdmin.form.addHeading") });
      await form.getByRole("textbox", { name: t("deskAdmin.form.azcName") }).fill(name);
      await form.getByRole("textbox", { name: t("deskAdmin.form.latitude") }).fill("52,1");
      await form.getByRole("button", { name: t("deskAdmin.form.add") }).click();
      await expect(form.getByText(t("deskAdmin.form.coordinatePair"))).toBeVisible();
      await expectNoAxeViolations(admin);
      await form.getByRole("textbox", { name: t("deskAdmin.form.latitude") }).fill("");
      await form.getByRole("textbox", { name: t("deskAdmin.form.city") }).fill("Utrecht");
      await form.getByRole("button", { name: t("deskAdmin.form.add") }).click();
      await expect(admin.getByText(t("deskAdmin.toasts.added", { name }))).toBeVisible();
      const inactive = admin.getByRole("region", { name: t("deskAdmin.inactive.heading") });
      const item = inactive.getByRole("listitem").filter({ hasText: name });
      await expect(item.getByText(t("deskAdmin.inactive.noCoordinates"))).toBeVisible();
      await item.getByRole("button", { name: `${t("deskAdmin.edit")} ${name}` }).click();
      const edit = item.getByRole("form", { name: t("deskAdmin.form.editHeading", { name }) });
      await expect(edit.getByRole("textbox", { name: t("deskAdmin.form.latitude") })).toBeVisible();
      await expectNoAxeViolations(admin);
      await edit.getByRole("button", { name: t("deskAdmin.form.save") }).click();
      await expect(admin.getByText(t("deskAdmin.toasts.saved", { name }))).toBeVisible();
      await item.getByRole("button", { name: `${t("deskAdmin.delete.button")} ${name}` }).click();
      const dialog = admin.getByRole("dialog", {
        name: t("deskAdmin.delete.confirmTitle", { name }),
      });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(admin);
      await dialog.getByRole("button", { name: t("deskAdmin.delete.confirm") }).click();
      await expect(admin.getByText(t("deskAdmin.delete.done", { name }))).toBeVisible();

      // /mijn-balie without a desk.
      await admin.goto(`${origin}/mijn-balie`);
      await expect(admin.getByText(t("myDesk.noDesk"))).toBeVisible();
      await expectNoAxeViolations(admin);

      // The desk manager's /mijn-balie, its welcome form saved as it is.
      const manager = await signedInPage(browser, "en", DESK_MANAGER);
      await manager.goto(`${origin}/mijn-balie`);
      await expect(
        manager.getByRole("heading", { level: 1, name: t("myDesk.title") }),
      ).toBeVisible();
      await expect(manager.getByRole("heading", { level: 2, name: "AZC Utrecht" })).toBeVisible();
      await expect(
        manager.getByRole("region", { name: t("myDesk.activities.heading") }),
      ).toBeVisible();
      const welcome = manager.getByRole("form", { name: t("myDesk.welcome.heading") });
      await expect(
        welcome.getByRole("textbox", { name: t("myDesk.welcome.titleField") }),
      ).toHaveValue(SEED_TITLE);
      const body = welcome.getByRole("textbox", { name: t("myDesk.welcome.bodyField") });
      await expect(body.locator("strong")).toHaveText("Opening hours:");
      await expectNoAxeViolations(manager);
      await welcome.getByRole("button", { name: t("myDesk.welcome.save") }).click();
      await expect(manager.getByText(t("myDesk.welcome.saved"))).toBeVisible();
      await manager.context().close();

      // /wrong-desk, and the other desk's /mijn-balie without activities.
      const deskName = `AZC Elders en ${tag()}`;
      const deskId = await deskManagedByMember(admin, deskName);
      const member = await signedInPage(browser, "en", MEMBER);
      await member.goto(`${origin}/azc-utrecht/welkom`);
      await expect(member).toHaveURL(/\/wrong-desk\?balie=azc-utrecht$/);
      await expect(
        member.getByRole("heading", { level: 1, name: t("wrongDesk.title") }),
      ).toBeVisible();
      await expect(
        member.getByText(t("wrongDesk.bodyNamed", { desk: "/azc-utrecht" })),
      ).toBeVisible();
      await expectNoAxeViolations(member);
      await member.getByRole("link", { name: t("wrongDesk.myDesk") }).click();
      await expect(member.getByRole("heading", { level: 2, name: deskName })).toBeVisible();
      await expect(member.getByText(t("myDesk.activities.empty"))).toBeVisible();
      await member.context().close();
      await deleteDesk(admin, deskId);
      await admin.context().close();
    });
  });
