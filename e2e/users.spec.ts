import { expect, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInThroughApi } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { clearMail, firstLink, waitForMail } from "./support/mail";
import {
  ADMIN,
  en,
  h1,
  nl,
  onMeedoen,
  openUser,
  rowOf,
  signIn,
  table,
  toast,
  VOLUNTEER,
} from "./support/users-pages";

// /users, /users/add and /users/:id on meedoen (e2e/support/users-pages.ts), as
// meedoen's centre admin. This spec reads the seeded users and changes only the people it
// invites itself; e2e/user-changes.spec.ts changes meedoen's member and unconfirmed user.
// One case is on demo: its centre admin writes to its unconfirmed volunteer (see there).

test("/users lists the centre's users; search, status and role filters and sort live in the URL; axe is clean", async ({
  page,
}) => {
  // Clearing is a navigation: wait for it, or the next choice lands in the form it replaces.
  const clearFilters = async () => {
    await page.getByRole("link", { name: nl("lists.reset") }).click();
    await expect(page).toHaveURL(/\/users(\?sort=[^&]*)?$/);
  };
  await signIn(page, ADMIN);
  await page.goto(onMeedoen("/users"));
  await expect(h1(page, nl("userAdmin.list.title"))).toBeVisible();
  await expect(rowOf(page, "Anouk Jansen")).toContainText(
    `${nl("labels.role.admin")} van Meedoen Zeist`,
  );
  await expect(rowOf(page, "Daan Smit")).toContainText(nl("labels.role.volunteer"));
  await expectNoAxeViolations(page);

  await page.getByLabel(nl("userAdmin.list.search")).fill("taalmaatjes");
  await page.getByRole("button", { name: nl("lists.apply") }).click();
  await expect(page).toHaveURL(/[?&]q=taalmaatjes/);
  await expect(page.getByText(nl("userAdmin.list.noMatches"))).toBeVisible();

  await page.getByLabel(nl("userAdmin.list.search")).fill("mulder");
  await page.getByRole("button", { name: nl("lists.apply") }).click();
  await expect(table(page).locator("tbody tr")).toHaveCount(1);
  await expect(rowOf(page, "Ilse Mulder")).toContainText(nl("labels.userStatus.invited"));
  await expect(rowOf(page, "Ilse Mulder")).toContainText("Stichting Taalmaatjes Zeist");

  await clearFilters();
  await page.getByLabel(nl("userAdmin.list.role"), { exact: true }).selectOption("desk_manager");
  await page.getByRole("button", { name: nl("lists.apply") }).click();
  await expect(page).toHaveURL(/[?&]role=desk_manager/);
  await expect(table(page).locator("tbody tr")).toHaveCount(1);
  await expect(rowOf(page, "Fatima El Amrani")).toContainText(
    `${nl("labels.role.desk_manager")} van AZC Zeist`,
  );

  await clearFilters();
  await page.getByLabel(nl("userAdmin.columns.status"), { exact: true }).selectOption("inactive");
  await page.getByRole("button", { name: nl("lists.apply") }).click();
  await expect(page).toHaveURL(/[?&]status=inactive/);
  await expect(table(page).locator("tbody th")).toHaveText(["Noah de Boer"]);

  // Sorting by e-mail address twice: descending, and the header says so.
  await clearFilters();
  const emailHeader = page.getByRole("columnheader", {
    name: new RegExp(nl("userAdmin.columns.email")),
  });
  await emailHeader.getByRole("link").click();
  await expect(page).toHaveURL(/[?&]sort=email/);
  await emailHeader.getByRole("link").click();
  await expect(page).toHaveURL(/[?&]sort=-email/);
  await expect(emailHeader).toHaveAttribute("aria-sort", "descending");
  await expect(table(page)).not.toHaveAttribute("aria-busy");
  const emails = await table(page).locator("tbody td:nth-of-type(1)").allTextContents();
  expect(emails.length).toBeGreaterThan(5);
  expect(emails).toEqual([...emails].sort().reverse());
  // A reload shows the same list: the state is in the URL, not in memory.
  await page.reload();
  await expect(emailHeader).toHaveAttribute("aria-sort", "descending");
  expect(await table(page).locator("tbody td:nth-of-type(1)").allTextContents()).toEqual(emails);
});

test("inviting someone: field errors on blur and from the api, a toast, the invitation mail with its link, the history", async ({
  page,
}) => {
  const email = `nieuw-${Date.now()}@example.nl`;
  await signIn(page, ADMIN);
  await page.goto(onMeedoen("/users"));
  await page.getByRole("link", { name: nl("userAdmin.list.add") }).click();
  await expect(page).toHaveURL(/\/users\/add$/);
  await expect(h1(page, nl("userAdmin.add.title"))).toBeVisible();
  await expect(page).toHaveTitle(/^Gebruiker toevoegen/);
  await expectNoAxeViolations(page);

  // spec §5: validation on blur, one localized message tied to the field.
  const emailField = page.getByLabel(nl("userAdmin.fields.email"));
  await emailField.fill("nog geen adres");
  await emailField.blur();
  await expect(emailField).toHaveAccessibleDescription(nl("validation.email"));
  await expect(emailField).toHaveAttribute("aria-invalid", "true");

  // An address that already has an account: the api's 422 'taken' on the field, nothing lost.
  await emailField.fill(VOLUNTEER);
  await page.getByLabel(nl("userAdmin.fields.firstName")).fill("Noor");
  await page.getByLabel(nl("userAdmin.fields.lastName")).fill("de Wit");
  await page.getByLabel(nl("userAdmin.fields.role"), { exact: true }).selectOption("member");
  await page
    .getByLabel(nl("userAdmin.fields.organization"), { exact: true })
    .selectOption({ label: "Stichting Taalmaatjes Zeist" });
  await page.getByRole("button", { name: nl("userAdmin.add.submit") }).click();
  await expect(emailField).toHaveAccessibleDescription(nl("userAdmin.errors.emailTaken"));
  await expect(emailField).toBeFocused();
  await expect(page.getByLabel(nl("userAdmin.fields.firstName"))).toHaveValue("Noor");
  await expectNoAxeViolations(page);

  await emailField.fill(email);
  await clearMail(email);
  await page.getByRole("button", { name: nl("userAdmin.add.submit") }).click();
  await expect(toast(page, nl("userAdmin.add.sent", { email }))).toBeVisible();
  await expect(page).toHaveURL(/\/users\/\d+$/);
  await expect(h1(page, "Noor de Wit")).toBeVisible();
  await expect(
    page.getByRole("region", { name: nl("userAdmin.detail.detailsHeading") }),
  ).toContainText(nl("labels.userStatus.invited"));
  const invitation = await waitForMail(email, { subject: /uitgenodigd/ });
  const link = firstLink(invitation);
  expect(link).toContain(onMeedoen("/auth/invitation?invitation_token="));

  // The history names the invitation; the entry is the admin's.
  const history = page.getByRole("region", { name: nl("userAdmin.history.heading") });
  await expect(history).toContainText(
    nl("userAdmin.history.userInvited", {
      role: `${nl("labels.role.member")} van Stichting Taalmaatjes Zeist`,
    }),
  );
  await expect(history).toContainText(nl("userAdmin.history.by", { name: "Anouk Jansen" }));
  await expectNoAxeViolations(page);
});

test("resending an invitation mails a new link; archiving asks first, cancelling changes nothing", async ({
  page,
}) => {
  const email = `uitgenodigd-${Date.now()}@example.nl`;
  const name = "Sem Bakker";
  await signIn(page, ADMIN);
  // The invitee, through the api: inviting through the page is the test above.
  const id = await page.evaluate(
    async ({ email, organization }) => {
      const orgs = await (
        await fetch(`/api/v1/organizations?filter[name_eq]=${encodeURIComponent(organization)}`)
      ).json();
      const response = await fetch("/api/v1/users", {
        method: "POST",
        headers: { "Content-Type": "application/vnd.api+json" },
        body: JSON.stringify({
          data: {
            type: "user",
            attributes: {
              email,
              first_name: "Sem",
              last_name: "Bakker",
              locale: "nl",
              role: "member",
              resource_type: "Organization",
              resource_id: orgs.data[0].id,
            },
          },
        }),
      });
      return (await response.json()).data.id as string;
    },
    { email, organization: "Montessorischool Zeist" },
  );
  const first = firstLink(await waitForMail(email, { subject: /uitgenodigd/ }));

  await openUser(page, name);
  await expect(page).toHaveURL(onMeedoen(`/users/${id}`));
  await clearMail(email);
  await page.getByRole("button", { name: nl("userAdmin.detail.resendInvitation") }).click();
  await expect(toast(page, nl("userAdmin.resend.invitationSent", { email }))).toBeVisible();
  const again = firstLink(await waitForMail(email, { subject: /uitgenodigd/ }));
  expect(again).toContain(onMeedoen("/auth/invitation?invitation_token="));
  expect(again).not.toBe(first);

  // An invitee is not activated by hand; archiving asks first, and cancelling changes nothing.
  await expect(page.getByRole("button", { name: nl("userAdmin.detail.activate") })).toHaveCount(0);
  const archive = page.getByRole("button", { name: nl("userAdmin.detail.archive") });
  await archive.click();
  const dialog = page.getByRole("dialog", { name: nl("userAdmin.confirm.archiveTitle", { name }) });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: nl("common.cancel") })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(archive).toBeFocused();
  await archive.click();
  await dialog.getByRole("button", { name: nl("userAdmin.confirm.archiveConfirm") }).click();
  await expect(toast(page, nl("userAdmin.statusChange.archived", { name }))).toBeVisible();
  await expect(page).toHaveURL(onMeedoen("/users"));
  await page.goto(onMeedoen("/users?status=archived"));
  await expect(rowOf(page, name)).toContainText(nl("labels.userStatus.archived"));
});

test("in English the user pages speak English and are clean under axe", async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: "i18n_redirected", value: "en", url: onMeedoen("/") }]);
  await signIn(page, ADMIN);
  await page.goto(onMeedoen("/users"));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(h1(page, en("userAdmin.list.title"))).toBeVisible();
  await expect(rowOf(page, "Fatima El Amrani")).toContainText(
    `${en("labels.role.desk_manager")} of AZC Zeist`,
  );
  await expectNoAxeViolations(page);

  await page.goto(onMeedoen("/users/add"));
  await expect(h1(page, en("userAdmin.add.title"))).toBeVisible();
  await page.getByLabel(en("userAdmin.fields.role"), { exact: true }).selectOption("desk_manager");
  await expect(page.getByLabel(en("userAdmin.fields.desk"), { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await openUser(page, "Fatima El Amrani");
  await expect(
    page.getByRole("region", { name: en("userAdmin.detail.rolesHeading") }),
  ).toContainText(`${en("labels.role.desk_manager")} of AZC Zeist`);
  await expect(page.getByRole("region", { name: en("userAdmin.history.heading") })).toContainText(
    en("userAdmin.history.empty"),
  );
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: en("userAdmin.detail.edit"), exact: true }).click();
  await expect(h1(page, en("userAdmin.edit.title", { name: "Fatima El Amrani" }))).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goBack();
  await page.getByRole("link", { name: en("userAdmin.detail.manageRoles") }).click();
  await expect(
    h1(page, en("userAdmin.roleAdmin.title", { name: "Fatima El Amrani" })),
  ).toBeVisible();
  await expect(
    page.getByRole("region", { name: en("userAdmin.roleAdmin.currentHeading") }),
  ).toContainText(`${en("labels.role.desk_manager")} of AZC Zeist`);
  await expectNoAxeViolations(page);
});

test("a volunteer gets the 403 screen on /users and /users/add", async ({ page }) => {
  await signIn(page, VOLUNTEER);
  for (const path of ["/users", "/users/add"]) {
    await page.goto(onMeedoen(path));
    await expect(h1(page, nl("errors.forbidden.title"))).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

// On demo (the default of localhost): its centre admin (Anouk Jansen, whom sign-in.spec only
// signs in and out) writes to Youssef Bos, a volunteer of the centre no other spec writes to
// (confirm.spec confirms his address and waits for a mail about that, not this one).
test("a centre admin sends a volunteer a message from the user's page and lands in the new thread; axe is clean", async ({
  page,
  baseURL,
}) => {
  const name = "Youssef Bos";
  const subject = `Zomerklussen ${Date.now()}`;
  const body = "Hoi Youssef, heb je in juli tijd om te helpen bij het buurtfeest?";
  await signInThroughApi(page, baseURL ?? "", seedEmail("admin", "demo"));
  await page.goto("/users?q=Bos");
  await rowOf(page, name).getByRole("link", { name }).click();
  await expect(h1(page, name)).toBeVisible();
  const section = page.getByRole("region", { name: nl("conversations.start.heading") });
  await section.getByRole("button", { name: nl("conversations.start.open") }).click();
  const subjectField = section.getByRole("textbox", { name: nl("conversations.start.subject") });
  await expect(subjectField).toBeFocused();
  await expectNoAxeViolations(page);

  await subjectField.fill(subject);
  await section.getByRole("textbox", { name: nl("conversations.start.body") }).fill(body);
  await section.getByRole("button", { name: nl("conversations.start.submit") }).click();
  await expect(toast(page, nl("conversations.start.sent", { name }))).toBeVisible();
  await expect(page).toHaveURL(/\/conversations\?id=\d+$/);
  await expect(page.getByRole("heading", { level: 2, name: subject })).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: nl("conversations.thread.messagesLabel", { title: subject }) })
      .getByText(body),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
