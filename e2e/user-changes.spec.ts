import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { ADMIN, h1, nl, openUser, signIn, toast } from "./support/users-pages";

// /users/:id/add_role, /users/:id/edit and the status buttons of /users/:id, as
// meedoen's centre admin (e2e/support/users-pages.ts). It changes meedoen's unconfirmed
// user (Youssef Bos: a role added and removed again) and member (Mila Visser: renamed,
// deactivated and activated, then renamed back), which no other spec uses.

test("adding a member role on an organisation and removing it again, behind a confirmation; the list updates", async ({
  page,
}) => {
  const name = "Youssef Bos";
  const role = `${nl("labels.role.member")} van Montessorischool Zeist`;
  await signIn(page, ADMIN);
  await openUser(page, name);
  // An unconfirmed volunteer: the confirmation mail can be sent again.
  await expect(
    page.getByRole("button", { name: nl("userAdmin.detail.resendConfirmation") }),
  ).toBeVisible();
  await page.getByRole("link", { name: nl("userAdmin.detail.manageRoles") }).click();
  await expect(page).toHaveURL(/\/users\/\d+\/add_role$/);
  await expect(h1(page, nl("userAdmin.roleAdmin.title", { name }))).toBeVisible();
  const current = page.getByRole("region", { name: nl("userAdmin.roleAdmin.currentHeading") });
  await expect(current.getByRole("listitem")).toHaveText([nl("labels.role.volunteer")]);
  // A global role is the superadmins' business: no Remove button for it.
  await expect(current.getByRole("button")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Submitting without a choice: one message per field.
  await page.getByRole("button", { name: nl("userAdmin.roleAdmin.addSubmit") }).click();
  const roleField = page.getByLabel(nl("userAdmin.fields.role"), { exact: true });
  await expect(roleField).toHaveAccessibleDescription(
    nl("validation.required", { field: nl("userAdmin.fields.role") }),
  );

  await roleField.selectOption("member");
  await page
    .getByLabel(nl("userAdmin.fields.organization"), { exact: true })
    .selectOption({ label: "Montessorischool Zeist" });
  await page.getByRole("button", { name: nl("userAdmin.roleAdmin.addSubmit") }).click();
  await expect(toast(page, nl("userAdmin.roleAdmin.added", { role }))).toBeVisible();
  await expect(current.getByRole("listitem")).toHaveText([
    nl("labels.role.volunteer"),
    new RegExp(`^${role}`),
  ]);
  // The form is ready for the next role.
  await expect(roleField).toHaveValue("");
  await expectNoAxeViolations(page);

  const remove = current.getByRole("button", {
    name: `${nl("userAdmin.roleAdmin.remove")} ${role}`,
  });
  await remove.click();
  const dialog = page.getByRole("dialog", {
    name: nl("userAdmin.roleAdmin.removeTitle", { role, name }),
  });
  await expect(dialog.getByRole("button", { name: nl("common.cancel") })).toBeFocused();
  await dialog.getByRole("button", { name: nl("common.cancel") }).click();
  await expect(dialog).toBeHidden();
  await expect(current.getByRole("listitem")).toHaveCount(2);
  await remove.click();
  await dialog.getByRole("button", { name: nl("userAdmin.roleAdmin.removeConfirm") }).click();
  await expect(toast(page, nl("userAdmin.roleAdmin.removed", { role }))).toBeVisible();
  await expect(current.getByRole("listitem")).toHaveText([nl("labels.role.volunteer")]);

  // The user's page and its history tell the same story.
  await page.getByRole("link", { name: nl("userAdmin.edit.back", { name }) }).click();
  const history = page.getByRole("region", { name: nl("userAdmin.history.heading") });
  await expect(history.getByRole("listitem").first()).toContainText(
    nl("userAdmin.history.roleRemoved", { role }),
  );
  await expect(history).toContainText(nl("userAdmin.history.roleAdded", { role }));
});

test("editing a name: a field error on blur, saved with a toast, back on the user's page", async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await openUser(page, "Mila Visser");
  await page.getByRole("link", { name: nl("userAdmin.detail.edit") }).click();
  await expect(page).toHaveURL(/\/users\/\d+\/edit$/);
  await expect(h1(page, nl("userAdmin.edit.title", { name: "Mila Visser" }))).toBeVisible();
  await expectNoAxeViolations(page);

  const firstName = page.getByLabel(nl("userAdmin.fields.firstName"));
  await firstName.fill("");
  await firstName.blur();
  await expect(firstName).toHaveAccessibleDescription(
    nl("validation.required", { field: nl("userAdmin.fields.firstName") }),
  );
  const phone = page.getByLabel(nl("userAdmin.fields.phone"));
  await phone.fill("06-abc");
  await phone.blur();
  await expect(phone).toHaveAccessibleDescription(nl("userAdmin.errors.phone"));
  await expectNoAxeViolations(page);

  await firstName.fill("Milou");
  await phone.fill("06 12345678");
  await page.getByRole("button", { name: nl("userAdmin.edit.submit") }).click();
  await expect(toast(page, nl("userAdmin.edit.saved", { name: "Milou Visser" }))).toBeVisible();
  await expect(page).toHaveURL(/\/users\/\d+$/);
  await expect(h1(page, "Milou Visser")).toBeVisible();
  const details = page.getByRole("region", { name: nl("userAdmin.detail.detailsHeading") });
  await expect(details).toContainText("06 12345678");
  await expect(page.getByRole("region", { name: nl("userAdmin.history.heading") })).toContainText(
    nl("userAdmin.history.userUpdated", {
      fields: `${nl("userAdmin.fields.firstName")}, ${nl("userAdmin.fields.phone")}`,
    }),
  );

  // Back as it was.
  await page.getByRole("link", { name: nl("userAdmin.detail.edit") }).click();
  await page.getByLabel(nl("userAdmin.fields.firstName")).fill("Mila");
  await page.getByLabel(nl("userAdmin.fields.phone")).fill("");
  await page.getByRole("button", { name: nl("userAdmin.edit.submit") }).click();
  await expect(h1(page, "Mila Visser")).toBeVisible();
});

test("deactivating asks first; activating brings the user back; each with a toast", async ({
  page,
}) => {
  const name = "Mila Visser";
  await signIn(page, ADMIN);
  await openUser(page, name);
  const details = page.getByRole("region", { name: nl("userAdmin.detail.detailsHeading") });
  await expect(details).toContainText(nl("labels.userStatus.active"));
  // Confirmed and not invited: nothing to resend.
  await expect(page.getByRole("button", { name: /opnieuw versturen/ })).toHaveCount(0);

  await page.getByRole("button", { name: nl("userAdmin.detail.deactivate") }).click();
  const dialog = page.getByRole("dialog", {
    name: nl("userAdmin.confirm.deactivateTitle", { name }),
  });
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: nl("userAdmin.confirm.deactivateConfirm") }).click();
  await expect(toast(page, nl("userAdmin.statusChange.deactivated", { name }))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(details).toContainText(nl("labels.userStatus.inactive"));
  await expect(page.getByRole("button", { name: nl("userAdmin.detail.deactivate") })).toHaveCount(
    0,
  );

  await page.getByRole("button", { name: nl("userAdmin.detail.activate") }).click();
  await expect(toast(page, nl("userAdmin.statusChange.activated", { name }))).toBeVisible();
  await expect(details).toContainText(nl("labels.userStatus.active"));
  await expect(page.getByRole("region", { name: nl("userAdmin.history.heading") })).toContainText(
    nl("userAdmin.history.userStatusChanged", {
      from: nl("labels.userStatus.inactive"),
      to: nl("labels.userStatus.active"),
    }),
  );
});
