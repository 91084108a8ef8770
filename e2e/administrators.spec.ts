import { expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { translator } from "./support/i18n";
import { waitForMail } from "./support/mail";
import { E2E } from "./support/ports";

// /nov/beheerders, on cordaad (two centres: Kampen, IJsselmuiden). Accounts this
// spec owns: cordaad's superadmin (signs in, changes nothing of their own), its desk manager
// (made admin of Vrijwilligerspunt IJsselmuiden and back; no other spec uses it) and its
// centre admin (only reads: the 403 screen). Invitations go to a new address per run, to
// Vrijwilligerscentrale Kampen, so IJsselmuiden keeps no administrator between tests.

const nl = translator("nl");
const en = translator("en");
const SUPERADMIN = seedEmail("superadmin", "cordaad");
const DESK_MANAGER = seedEmail("desk-manager", "cordaad");
const CENTRE_ADMIN = seedEmail("admin", "cordaad");
const KAMPEN = "Vrijwilligerscentrale Kampen";
const IJSSELMUIDEN = "Vrijwilligerspunt IJsselmuiden";

const onCordaad = (path: string) => `http://cordaad.localhost:${E2E.webPort}${path}`;

async function signIn(page: Page, email: string) {
  await page.goto(onCordaad("/auth/login-1"));
  await signInFromPage(page, email);
}

const toast = (page: Page, text: string) => page.locator("[data-toaster]").getByText(text);
const centre = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const adminRow = (page: Page, centreName: string, name: string) =>
  centre(page, centreName).getByRole("row").filter({ hasText: name });

/** The roles of the user with this address, as the api has them now. */
async function rolesOf(page: Page, email: string) {
  return page.evaluate(async (address) => {
    const users = await (
      await fetch(`/api/v1/users?filter[email_eq]=${encodeURIComponent(address)}&include=roles`)
    ).json();
    const included = (users.included ?? []) as {
      type: string;
      attributes: { name: string; resource_type: string | null; resource_id: number | null };
    }[];
    return included
      .filter((r) => r.type === "role")
      .map((r) => `${r.attributes.name}:${r.attributes.resource_type ?? ""}`)
      .sort();
  }, email);
}

test("a superadmin adds an existing account as administrator of a centre and removes it again, after confirming; axe is clean", async ({
  page,
}) => {
  const name = "Fatima El Amrani";
  await signIn(page, SUPERADMIN);
  await page.goto(onCordaad("/nov/beheerders"));
  await expect(
    page.getByRole("heading", { level: 1, name: nl("administrators.title") }),
  ).toBeVisible();
  await expect(adminRow(page, KAMPEN, "Anouk Jansen")).toContainText(CENTRE_ADMIN);
  await expect(centre(page, IJSSELMUIDEN)).toContainText(nl("administrators.noAdmins"));
  await expectNoAxeViolations(page);

  const form = centre(page, IJSSELMUIDEN).getByRole("form", {
    name: nl("administrators.add.heading", { centre: IJSSELMUIDEN }),
  });
  await form.getByLabel(nl("administrators.add.email")).fill(DESK_MANAGER.toUpperCase());
  await form
    .getByRole("button", { name: `${nl("administrators.add.submit")} ${IJSSELMUIDEN}` })
    .click();
  await expect(
    toast(page, nl("administrators.add.done", { name, centre: IJSSELMUIDEN })),
  ).toBeVisible();
  await expect(adminRow(page, IJSSELMUIDEN, name)).toContainText(DESK_MANAGER);
  await expect(form.getByLabel(nl("administrators.add.email"))).toHaveValue("");
  expect(await rolesOf(page, DESK_MANAGER)).toEqual(["admin:Organization", "desk_manager:Desk"]);

  // Adding them twice only says so.
  await form.getByLabel(nl("administrators.add.email")).fill(DESK_MANAGER);
  await form
    .getByRole("button", { name: `${nl("administrators.add.submit")} ${IJSSELMUIDEN}` })
    .click();
  await expect(form.getByRole("status")).toHaveText(
    nl("administrators.add.already", { name, centre: IJSSELMUIDEN }),
  );

  // Still there after a reload: it is the api's state, not the page's.
  await page.reload();
  const remove = adminRow(page, IJSSELMUIDEN, name).getByRole("button", {
    name: `${nl("administrators.remove.button")} ${name}`,
  });
  await remove.click();
  const dialog = page.getByRole("dialog", {
    name: nl("administrators.remove.confirmTitle", { name, centre: IJSSELMUIDEN }),
  });
  await expect(dialog.getByRole("button", { name: nl("common.cancel") })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(adminRow(page, IJSSELMUIDEN, name)).toBeVisible();

  await remove.click();
  await dialog.getByRole("button", { name: nl("administrators.remove.confirm") }).click();
  await expect(
    toast(page, nl("administrators.remove.done", { name, centre: IJSSELMUIDEN })),
  ).toBeVisible();
  await expect(centre(page, IJSSELMUIDEN)).toContainText(nl("administrators.noAdmins"));
  // Only that role went: the desk stays theirs.
  expect(await rolesOf(page, DESK_MANAGER)).toEqual(["desk_manager:Desk"]);
});

test("an address without an account asks for the names, keeps the address, and sends an invitation in the chosen language", async ({
  page,
}) => {
  const address = `beheerder-${Date.now()}@cordaad.volunteerly.test`;
  await signIn(page, SUPERADMIN);
  await page.goto(onCordaad("/nov/beheerders"));
  const section = centre(page, KAMPEN);
  await section.getByLabel(nl("administrators.add.email")).fill("geen-adres");
  await section
    .getByRole("button", { name: `${nl("administrators.add.submit")} ${KAMPEN}` })
    .click();
  const email = section.getByLabel(nl("administrators.add.email"));
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(section.getByText(nl("validation.email"))).toBeVisible();

  await email.fill(address);
  await section
    .getByRole("button", { name: `${nl("administrators.add.submit")} ${KAMPEN}` })
    .click();
  const invite = section.getByRole("form", {
    name: nl("administrators.invite.heading", { centre: KAMPEN }),
  });
  await expect(invite.getByRole("status")).toHaveText(
    nl("administrators.invite.notFound", { email: address, centre: KAMPEN }),
  );
  await expect(invite.getByLabel(nl("administrators.add.email"))).toHaveValue(address);
  const firstName = invite.getByLabel(nl("administrators.invite.firstName"));
  await expect(firstName).toBeFocused();
  await expectNoAxeViolations(page);

  // spec §5: names are required; the first message per field, tied to it.
  await invite.getByRole("button", { name: nl("administrators.invite.submit") }).click();
  await expect(firstName).toHaveAttribute("aria-invalid", "true");
  await expect(
    invite.getByText(nl("validation.required", { field: nl("administrators.invite.firstName") })),
  ).toBeVisible();
  await firstName.fill("Ruben");
  await invite.getByLabel(nl("administrators.invite.lastName")).fill("Kok");
  await invite.getByLabel(nl("administrators.invite.locale")).selectOption("en");
  await invite.getByRole("button", { name: nl("administrators.invite.submit") }).click();

  await expect(
    toast(page, nl("administrators.invite.done", { email: address, centre: KAMPEN })),
  ).toBeVisible();
  await expect(adminRow(page, KAMPEN, "Ruben Kok")).toContainText(nl("labels.userStatus.invited"));
  // An invitee cannot be signed in as: no button for them.
  await expect(
    adminRow(page, KAMPEN, "Ruben Kok").getByRole("button", {
      name: new RegExp(nl("impersonation.signInAs.button")),
    }),
  ).toHaveCount(0);
  const mail = await waitForMail(address);
  expect(mail.subject).toBe("You have been invited to Cordaad Welzijn Vrijwilligerswerk");
  expect(mail.text).toContain(`as administrator of ${KAMPEN}`);
});

test("in English the page speaks English and is clean under axe", async ({ page, context }) => {
  await context.addCookies([{ name: "i18n_redirected", value: "en", url: onCordaad("/") }]);
  await signIn(page, SUPERADMIN);
  await page.goto(onCordaad("/nov/beheerders"));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(
    page.getByRole("heading", { level: 1, name: en("administrators.title") }),
  ).toBeVisible();
  await expect(centre(page, IJSSELMUIDEN)).toContainText(en("administrators.noAdmins"));
  await expect(
    centre(page, KAMPEN).getByRole("table", {
      name: en("administrators.tableLabel", { centre: KAMPEN }),
    }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a centre admin gets the 403 screen, in both languages", async ({ page, context }) => {
  await signIn(page, CENTRE_ADMIN);
  await page.goto(onCordaad("/nov/beheerders"));
  await expect(
    page.getByRole("heading", { level: 1, name: nl("errors.forbidden.title") }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: nl("administrators.title") })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await context.addCookies([{ name: "i18n_redirected", value: "en", url: onCordaad("/") }]);
  await page.reload();
  await expect(
    page.getByRole("heading", { level: 1, name: en("errors.forbidden.title") }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
