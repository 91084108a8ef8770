import { expect, type Page } from "@playwright/test";
import type { translator } from "./i18n";

type T = ReturnType<typeof translator>;

/** The sign-in form's fields and button, found by their visible labels. */
export function signInForm(page: Page, t: T) {
  return {
    email: page.getByLabel(t("auth.fields.email"), { exact: true }),
    password: page.getByLabel(t("auth.fields.password"), { exact: true }),
    submit: page.getByRole("button", { name: t("auth.signIn.submit"), exact: true }),
    /** The form-level message region (role="alert", always rendered). */
    alert: page.getByRole("main").getByRole("alert"),
  };
}

/**
 * Fills and submits the form on the current page and waits for the api's answer, so the
 * next step sees the outcome of this attempt and not of the one before. Returns its status.
 */
export async function submitSignIn(page: Page, t: T, email: string, password: string) {
  const form = signInForm(page, t);
  await form.email.fill(email);
  await form.password.fill(password);
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith("/api/auth/sign_in") && r.request().method() === "POST",
    ),
    form.submit.click(),
  ]);
  return response.status();
}

/** Submits and expects the form-level message `title` (a refused sign-in). */
export async function expectRefused(
  page: Page,
  t: T,
  email: string,
  password: string,
  title: string,
) {
  expect(await submitSignIn(page, t, email, password)).toBe(401);
  await expect(signInForm(page, t).alert).toContainText(title);
  await expect(page).toHaveURL(/\/auth\/login-1/);
}
