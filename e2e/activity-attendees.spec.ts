import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { translator } from "./support/i18n";
import { E2E } from "./support/ports";

// An activity's attendee list (docs/activity-attendees.md) on cordaad. The seed has no
// sign-ups, so the spec makes its own: the centre's admin copies a seeded activity (one
// place, from tomorrow), publishes it, two people sign up (a place and the waiting list),
// and the admin moves it to 2001, so it has begun and lies in no month another spec reads.
// The admin opens the list from the overview, marks attendance and downloads the CSV, in
// Dutch and then in English, under axe.

const nl = translator("nl");
const en = translator("en");
const slug = "cordaad";
// The two who sign up: accounts no other spec reads. Signing up leaves notifications, and
// notifications.spec counts cordaad's volunteer's.
const PLACED = seedEmail("member", slug);
const WAITING = seedEmail("org-admin", slug);
const on = (path: string) => `http://${slug}.localhost:${E2E.webPort}${path}`;
const toaster = (page: Page) => page.locator("[data-toaster]");

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

async function signUpAs(browser: Browser, email: string, activityId: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(on("/auth/login-1"));
  await signInFromPage(page, email);
  await call(page, "POST", "/api/v1/activity_registrations", {
    data: {
      type: "activity_registrations",
      relationships: { activity: { data: { type: "activities", id: activityId } } },
    },
  });
  await context.close();
}

/** Clicks the CSV button and reads the file as a spreadsheet would. */
async function downloadCsv(page: Page, label: string, delimiter: string) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: label }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = await readFile(await download.path());
  // UTF-8 with a byte order mark.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes.toString("utf8"), { bom: true, delimiter }) as string[][];
}

test("staff see who comes, mark attendance and download the list as CSV (nl, en)", async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  const word = randomBytes(4).toString("hex");
  const title = `E2E deelnemers ${word}`;
  await page.goto(on("/auth/login-1"));
  await signInFromPage(page, seedEmail("admin", slug));

  // An activity with one place, a person on it and one waiting, that has begun.
  const seeded = await call<{ data: { id: string }[] }>(
    page,
    "GET",
    "/api/v1/managed_activities?filter[status_eq]=published&page[size]=1",
  );
  const copy = await call<{ data: { id: string } }>(
    page,
    "POST",
    `/api/v1/activities/${seeded.data[0].id}/copy`,
  );
  const id = copy.data.id;
  const tomorrow = new Date(Date.now() + 24 * 3_600_000);
  const at = (date: Date, hours: number) =>
    new Date(date.getTime() + hours * 3_600_000).toISOString();
  await call(page, "PATCH", `/api/v1/activities/${id}`, {
    data: {
      type: "activities",
      id,
      attributes: {
        title,
        starts_at: at(tomorrow, 0),
        ends_at: at(tomorrow, 2),
        all_day: false,
        capacity: 1,
        registration_url: null,
      },
    },
  });
  await call(page, "PUT", `/api/v1/activities/${id}/transition`, {
    data: { type: "activities", id, attributes: { status: "published" } },
  });
  await signUpAs(browser, PLACED, id);
  await signUpAs(browser, WAITING, id);
  await call(page, "PATCH", `/api/v1/activities/${id}`, {
    data: {
      type: "activities",
      id,
      attributes: { starts_at: "2001-06-01T08:00:00Z", ends_at: "2001-06-01T10:00:00Z" },
    },
  });
  const people = await call<{
    data: { attributes: { status: string; first_name: string; last_name: string } }[];
  }>(page, "GET", `/api/v1/activity_registrations?filter[activity_id_eq]=${id}`);
  const nameOf = (status: string) => {
    const found = people.data.find((p) => p.attributes.status === status)?.attributes;
    return `${found?.first_name ?? ""} ${found?.last_name ?? ""}`.trim();
  };
  const placed = nameOf("registered");
  const waiting = nameOf("waitlisted");

  // From the overview's row action to the list.
  await page.goto(on(`/activiteitenkalender/overzicht?q=${word}`));
  await page.getByRole("link", { name: `${nl("activityAttendees.rowAction")} ${title}` }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: nl("activityAttendees.title") }),
  ).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await expect(
    page.getByText(nl("activityAttendees.places.capped", { registered: 1, capacity: 1 })),
  ).toBeVisible();
  const waitingList = page.getByRole("region", {
    name: nl("activityAttendees.waiting.tableLabel"),
  });
  await expect(waitingList.getByRole("rowheader", { name: waiting })).toBeVisible();
  await expectNoAxeViolations(page);

  // Came, for 100 of the 120 minutes.
  const row = page
    .getByRole("region", { name: nl("activityAttendees.placed.heading") })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: placed }) });
  await row
    .getByRole("radio", { name: nl("activityAttendees.attendance.came"), exact: true })
    .check();
  const minutes = row.getByRole("spinbutton");
  await expect(minutes).toHaveValue("120");
  await minutes.fill("100");
  await row
    .getByRole("button", { name: new RegExp(nl("activityAttendees.attendance.save")) })
    .click();
  await expect(toaster(page)).toContainText(
    nl("activityAttendees.attendance.saved", { name: placed }),
  );
  await expect(row).toContainText(nl("activityAttendees.status.attended", { minutes: 100 }));

  const dutch = await downloadCsv(page, nl("activityAttendees.csv.button"), ";");
  expect(dutch[0]).toEqual([
    nl("activityAttendees.csv.headers.name"),
    nl("activityAttendees.csv.headers.email"),
    nl("activityAttendees.csv.headers.status"),
    nl("activityAttendees.csv.headers.waitlistPosition"),
    nl("activityAttendees.csv.headers.signedUpAt"),
    nl("activityAttendees.csv.headers.attended"),
    nl("activityAttendees.csv.headers.minutes"),
  ]);
  expect(dutch.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[5], r[6]])).toEqual([
    [
      placed,
      PLACED,
      nl("activityAttendees.csv.registered"),
      "",
      nl("activityAttendees.csv.yes"),
      "100",
    ],
    [waiting, WAITING, nl("activityAttendees.csv.waitlisted"), "1", "", ""],
  ]);

  // The same page and file in English.
  await context.addCookies([{ name: "i18n_redirected", value: "en", url: on("/") }]);
  await page.reload();
  await expect(
    page.getByRole("heading", { level: 1, name: en("activityAttendees.title") }),
  ).toBeVisible();
  await expect(
    page.getByText(en("activityAttendees.status.attended", { minutes: 100 })),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  const english = await downloadCsv(page, en("activityAttendees.csv.button"), ",");
  expect(english[0][0]).toBe(en("activityAttendees.csv.headers.name"));
  expect(english[1].slice(5)).toEqual([en("activityAttendees.csv.yes"), "100"]);
});
