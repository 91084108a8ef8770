import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The web's one way to load and change data (docs/forms-and-data.md), checked on the source:
 * a change goes through useApiMutation (forms through useApiForm), a query key comes from a
 * feature's factory, and a 422 is mapped onto fields in lib/forms only.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

function files(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const relative = path.join(dir, name);
    if (statSync(path.join(ROOT, relative)).isDirectory()) files(relative, found);
    else if (/\.tsx?$/.test(name)) found.push(relative);
  }
  return found;
}

const WEB = [...files("app"), ...files("components"), ...files("lib")].filter(
  // The api's own modules under lib/ (the contract) run no React.
  (file) => !file.startsWith(`lib${path.sep}contract`),
);
const source = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const offenders = (pattern: RegExp, allowed: (file: string) => boolean = () => false) =>
  WEB.filter((file) => !allowed(file) && pattern.test(source(file)));

describe("one way to change data", () => {
  it("only useApiMutation calls react-query's useMutation", () => {
    expect(offenders(/\buseMutation\s*[(<]/, (f) => f === "lib/api/use-api-mutation.ts")).toEqual(
      [],
    );
  });

  it("maps a 422's pointers onto fields in lib/forms only (useApiForm), never in a component", () => {
    const inForms = (file: string) => file.startsWith("lib/forms/");
    expect(offenders(/\b(splitApiErrors|fieldProblems|fieldOfPointer)\s*\(/, inForms)).toEqual([]);
    // lib/ may read one error's pointer to tell refusals apart; components may not.
    expect(offenders(/source\??\.pointer/, (f) => f.startsWith("lib/"))).toEqual([]);
    // A component that sets a server error on a field by hand is mapping a 422 itself.
    expect(offenders(/setError\([^)]*type:\s*"server"/s, inForms)).toEqual([]);
  });

  it("saves forms through useApiForm: no component awaits an api write in handleSubmit", () => {
    // handleSubmit with an api call inside is the hand-rolled flow useApiForm replaces.
    const handRolled = /handleSubmit\(\s*async[\s\S]{0,400}?await\s+\w+\(api\b/;
    expect(offenders(handRolled, (f) => f.startsWith("lib/forms/"))).toEqual([]);
  });
});

const UI = WEB.filter((file) => file.startsWith("components/") || file.startsWith("app/"));

describe("one way to write a form", () => {
  it("uses useZodForm directly only in forms that write nothing through a mutation", () => {
    // Sign-in, recovery and reset go through the auth context's actions; every other form,
    // a choose-then-confirm one too (useApiForm's confirmFirst), is a useApiForm.
    const noApiWrite = new Set([
      "components/auth/sign-in-form.tsx",
      "components/auth/recover-form.tsx",
      "components/auth/reset-password-form.tsx",
    ]);
    expect(UI.filter((f) => !noApiWrite.has(f) && /\buseZodForm\(/.test(source(f)))).toEqual([]);
  });
});

describe("one way to load", () => {
  // A loader written by hand: a failure with "Try again", an error flag, a loading branch on
  // a query's isPending, the error screens chosen by hand.
  const byHand = /<ListLoadFailed\b|\.isError\b|\bif\s*\(\s*\w+\.isPending\s*\)|\bclassifyError\(/;
  // The gates themselves, and what explains an error rather than loading anything.
  const gates = new Set([
    "components/ui/query-gate.tsx",
    "components/lists/paged-list.tsx",
    "components/auth/staff-gate.tsx",
    "components/auth/auth-error-text.ts",
    "components/errors/error-boundary-screen.tsx",
    "components/errors/public-error-boundary.tsx",
  ]);

  it("shows loading, failure and empty states through QueryGate, not by hand", () => {
    expect(UI.filter((f) => !gates.has(f) && byHand.test(source(f)))).toEqual([]);
  });

  it("gates the pages ported to QueryGate through it, the staff access included", () => {
    const ported = [
      "components/organizations/organization-edit.tsx",
      "components/organizations/organization-move.tsx",
      "components/organizations/approve-list.tsx",
      "components/settings/settings-frame.tsx",
      "components/dashboard/dashboard-view.tsx",
      "components/invitation/accept-invitation.tsx",
      "components/organizations/organization-admins.tsx",
      "components/administrators/centre-administrators.tsx",
      "components/users/user-invite-form.tsx",
      "components/users/user-roles-editor.tsx",
      "components/notifications/notification-list.tsx",
      "components/notifications/notification-panel.tsx",
      "components/activity/activity-panel.tsx",
      "components/administrators/administrators-page.tsx",
      "components/account-roles/account-roles-view.tsx",
      "components/applications/applications-page.tsx",
      "components/applications/application-detail.tsx",
      "components/applications/apply-body.tsx",
      "components/profile/profile-view.tsx",
      "components/profile/profile-edit-form.tsx",
      "components/profile/settings-form.tsx",
      "components/profile/periodic-mail-form.tsx",
      "components/profile/email-change-form.tsx",
      "components/conversations/conversation-list.tsx",
      "components/conversations/conversation-thread.tsx",
    ];
    expect(ported.filter((f) => !/<QueryGate\b/.test(source(f)))).toEqual([]);
    // Waiting for the access by hand (`access.status !== "ready"`) is what allOf replaces.
    expect(ported.filter((f) => /access\.status\s*[!=]==/.test(source(f)))).toEqual([]);
  });

  it("recognises what it forbids (each pattern matches an example)", () => {
    for (const example of [
      "if (query.isPending) content = <ListLoading />;",
      "else if (query.isError && !query.data)",
      '<ListLoadFailed message={t("loadFailed")} onRetry={retry} />',
      "const { kind, code } = classifyError(error);",
    ]) {
      expect(byHand.test(example)).toBe(true);
    }
    // A mutation's guard is not a loader.
    expect(byHand.test("if (!change.isPending) change.mutate(x);")).toBe(false);
    expect(/\buseZodForm\(/.test("const form = useZodForm(moveSchema, {")).toBe(true);
  });
});

describe("query keys from a factory", () => {
  it("never writes a query key as an inline array", () => {
    expect(offenders(/queryKey:\s*\[/)).toEqual([]);
    expect(
      offenders(
        /(invalidateQueries|removeQueries|refetchQueries|setQueryData|getQueryData|cancelQueries)\(\s*\[/,
      ),
    ).toEqual([]);
  });

  it("takes every component's query key from a feature's key factory", () => {
    const inline = WEB.filter((file) => file.startsWith("components/") || file.startsWith("app/"))
      .map((file) => ({ file, keys: source(file).match(/queryKey:\s*[^,}\n]+/g) ?? [] }))
      .flatMap(({ file, keys }) =>
        keys
          .filter((key) => !/queryKey:\s*\w+Keys\.\w+\(/.test(key))
          .map((key) => `${file}: ${key}`),
      );
    expect(inline).toEqual([]);
  });

  it("recognises what it forbids (each pattern matches an example)", () => {
    expect(/queryKey:\s*\[/.test('useQuery({ queryKey: ["users", id] })')).toBe(true);
    expect(/\buseMutation\s*[(<]/.test("const m = useMutation({ mutationFn })")).toBe(true);
    expect(
      /handleSubmit\(\s*async[\s\S]{0,400}?await\s+\w+\(api\b/.test(
        "form.handleSubmit(async (values) => {\n  try {\n    await updateUser(api, id, values);",
      ),
    ).toBe(true);
    expect(
      /setError\([^)]*type:\s*"server"/s.test('form.setError(f, { type: "server", message })'),
    ).toBe(true);
  });
});
