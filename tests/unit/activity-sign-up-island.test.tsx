import { QueryClient } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SignUpIsland } from "@/components/activity-registrations/sign-up-island";
import { activityKeys } from "@/lib/activities/activity-keys";
import { registrationKeys } from "@/lib/activity-registrations/registration-keys";
import { signUpMessages } from "@/lib/activity-registrations/sign-up-messages";
import { authState } from "@/lib/auth/auth-state";
import { timeZone } from "@/lib/i18n/config";
import { toastStore } from "@/lib/toasts/toast-store";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import {
  createFakeSignUpApi,
  daysFromNow,
  fakeActivity,
  fakeSignUpFetch,
  jsonResponse,
  refusal,
  type TFakeSignUpApi,
} from "./support/fake-activity-registrations";

// "Aanmelden" on /activiteiten/:id: the island's states against a fake api behind fetch.

let fake: TFakeSignUpApi;

function renderIsland({
  locale = "nl",
  open = true,
}: {
  locale?: "nl" | "en";
  open?: boolean;
} = {}) {
  const messages = locale === "nl" ? nl : en;
  const texts = messages.activitySignUp;
  return render(
    <section aria-labelledby="sign-up-heading">
      <h2 id="sign-up-heading">{texts.heading}</h2>
      <SignUpIsland
        activityId="7"
        open={open}
        signInHref="/auth/login-1?redirect=%2Factiviteiten%2F7%23aanmelden"
        signUpHref="/signup?redirect=%2Factiviteiten%2F7%23aanmelden"
        texts={{
          signIn: texts.signIn,
          signInHint: texts.signInHint,
          signUp: texts.signUp,
          loading: texts.loading,
          closed: texts.panel.closed,
        }}
        locale={locale}
        timeZone={timeZone}
        messages={signUpMessages(messages)}
      />
    </section>,
  );
}

const signIn = () => act(() => authState.signedIn({ id: "3", email: "vera@example.test" }, []));
const requests = (method: string) => fake.sent.filter((request) => request.method === method);
const region = () => screen.getByRole("region", { name: /^(Aanmelden|Sign up)$/ });
/** The island's own live region (the loader's goes once the data is there). */
const statusText = async (text: string) => {
  await waitFor(() => expect(within(region()).getByRole("status").textContent).toContain(text));
  return within(region()).getByRole("status");
};

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods.
  const proto = HTMLDialogElement.prototype;
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  proto.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
});

let invalidated: unknown[];
beforeEach(() => {
  fake = createFakeSignUpApi();
  invalidated = [];
  // The panel makes its own query client (the public page has none): watch every client.
  const original = QueryClient.prototype.invalidateQueries;
  vi.spyOn(QueryClient.prototype, "invalidateQueries").mockImplementation(function (
    this: QueryClient,
    ...args: Parameters<QueryClient["invalidateQueries"]>
  ) {
    invalidated.push(args[0]?.queryKey);
    return original.apply(this, args);
  });
  vi.stubGlobal("fetch", fakeSignUpFetch(fake));
});
afterEach(() => {
  cleanup();
  act(() => authState.signedOut());
  toastStore.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the sign-up island signed out", () => {
  it("says to sign in, links to sign in and back to the section and to sign up, asks nothing", () => {
    renderIsland();
    expect(screen.getByText(nl.activitySignUp.signInHint)).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "Inloggen om je aan te melden" }).getAttribute("href"),
    ).toBe("/auth/login-1?redirect=%2Factiviteiten%2F7%23aanmelden");
    expect(
      screen.getByRole("link", { name: "Nog geen account? Maak er een aan" }).getAttribute("href"),
    ).toBe("/signup?redirect=%2Factiviteiten%2F7%23aanmelden");
    expect(screen.queryByRole("button")).toBeNull();
    expect(fake.sent).toEqual([]);
  });

  it("where the page's activity takes no sign-ups, says so instead of offering to sign in", () => {
    renderIsland({ open: false });
    expect(screen.getByText(nl.activitySignUp.panel.closed)).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
  });
});

describe("the sign-up island signed in", () => {
  it("asks for the caller's registration and the activity's fresh counts, then offers to sign up", async () => {
    signIn();
    renderIsland();
    expect(await screen.findByRole("button", { name: "Aanmelden" })).toBeTruthy();
    expect(await statusText("Nog 3 plaatsen")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Inloggen om je aan te melden" })).toBeNull();
    expect(requests("GET").map(({ path, query }) => ({ path, query }))).toEqual(
      expect.arrayContaining([
        {
          path: "/api/v1/activity_registrations",
          query: { "filter[mine]": "true", "filter[activity_id_eq]": "7" },
        },
        { path: "/api/v1/activities/7", query: {} },
      ]),
    );
  });

  it("says one place in the singular, and nothing about places where there is no limit", async () => {
    fake.activities = [fakeActivity({ spots_left: 1 })];
    signIn();
    renderIsland();
    expect(await statusText("Nog 1 plaats")).toBeTruthy();
    cleanup();
    fake.activities = [fakeActivity({ spots_left: null, capacity: null })];
    renderIsland();
    await screen.findByRole("button", { name: "Aanmelden" });
    expect(within(region()).getByRole("status").textContent).toBe("");
  });

  it("signs up with the activity as relationship, says so, moves focus and refreshes exactly what changed", async () => {
    signIn();
    renderIsland();
    fireEvent.click(await screen.findByRole("button", { name: "Aanmelden" }));

    const status = await statusText("Je bent aangemeld.");
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(requests("POST")).toEqual([
      {
        method: "POST",
        path: "/api/v1/activity_registrations",
        query: {},
        body: {
          data: {
            type: "activity_registrations",
            relationships: { activity: { data: { type: "activities", id: "7" } } },
          },
        },
      },
    ]);
    expect(screen.queryByRole("button", { name: "Aanmelden" })).toBeNull();
    expect(screen.getByRole("button", { name: "Afmelden" })).toBeTruthy();
    expect(toastStore.getSnapshot().toasts.map((toast) => toast.title)).toEqual([
      "Je bent aangemeld.",
    ]);
    expect(invalidated).toEqual([
      registrationKeys.forActivity("7"),
      activityKeys.detail("7"),
      registrationKeys.mine(),
    ]);
  });

  it("a full activity offers the waiting list, and signing up puts the caller on it", async () => {
    fake.activities = [fakeActivity({ spots_left: 0, registrations_count: 12, waitlist_count: 1 })];
    signIn();
    renderIsland();
    expect(await statusText(nl.activitySignUp.panel.full)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Aanmelden voor de wachtlijst" }));
    expect(await statusText("Je staat op de wachtlijst (plaats 2).")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Afmelden" })).toBeTruthy();
  });

  it("registered: says so and offers to cancel", async () => {
    fake.registrations = [
      { id: "41", status: "registered", waitlist_position: null, activity_id: 7 },
    ];
    signIn();
    renderIsland();
    expect(await statusText("Je bent aangemeld.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Afmelden" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Aanmelden" })).toBeNull();
  });

  it("waitlisted: says the position, in English too", async () => {
    fake.registrations = [{ id: "41", status: "waitlisted", waitlist_position: 3, activity_id: 7 }];
    signIn();
    renderIsland({ locale: "en" });
    expect(await statusText("You are on the waiting list (position 3).")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel registration" })).toBeTruthy();
  });

  it("cancels only after the confirm dialog, with DELETE, then offers to sign up again", async () => {
    fake.registrations = [
      { id: "41", status: "registered", waitlist_position: null, activity_id: 7 },
    ];
    fake.activities = [fakeActivity({ spots_left: 0 })];
    signIn();
    renderIsland();
    fireEvent.click(await screen.findByRole("button", { name: "Afmelden" }));
    const dialog = screen.getByRole("dialog", { name: "Wil je je afmelden voor deze activiteit?" });
    expect(within(dialog).getByText(nl.activitySignUp.panel.cancelRegistered)).toBeTruthy();
    expect(requests("DELETE")).toEqual([]);

    // Cancel first: nothing is sent.
    fireEvent.click(within(dialog).getByRole("button", { name: "Annuleren" }));
    expect(requests("DELETE")).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Afmelden" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Afmelden" }));

    const status = await statusText("Je bent afgemeld.");
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(requests("DELETE").map(({ path, body }) => ({ path, body }))).toEqual([
      { path: "/api/v1/activity_registrations/41", body: undefined },
    ]);
    // The freed place shows once the activity is read again.
    expect(await statusText("Nog 1 plaats")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Aanmelden" })).toBeTruthy();
    expect(dialog.hasAttribute("open")).toBe(false);
    expect(invalidated).toEqual([
      registrationKeys.forActivity("7"),
      activityKeys.detail("7"),
      registrationKeys.mine(),
    ]);
  });

  it("a cancel that fails says why, closes the dialog and keeps the registration", async () => {
    fake.registrations = [
      { id: "41", status: "registered", waitlist_position: null, activity_id: 7 },
    ];
    fake.deleteReply = () => new Response(null, { status: 500 });
    signIn();
    renderIsland();
    fireEvent.click(await screen.findByRole("button", { name: "Afmelden" }));
    const dialog = screen.getByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Afmelden" }));
    expect(
      await statusText("Afmelden is niet gelukt. Er ging iets mis (foutcode: 500)."),
    ).toBeTruthy();
    expect(within(region()).getByRole("status").textContent).toContain("Je bent aangemeld.");
    expect(dialog.hasAttribute("open")).toBe(false);
    expect(invalidated).toEqual([]);
  });

  it("a cancel refused because the activity has begun says so in words", async () => {
    fake.registrations = [
      { id: "41", status: "registered", waitlist_position: null, activity_id: 7 },
    ];
    fake.deleteReply = () =>
      jsonResponse(
        {
          errors: [
            { status: "422", code: "started", detail: "begun", source: { pointer: "/data" } },
          ],
        },
        422,
      );
    signIn();
    renderIsland();
    fireEvent.click(await screen.findByRole("button", { name: "Afmelden" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Afmelden" }));
    expect(await statusText("Afmelden kan niet meer: de activiteit is al begonnen.")).toBeTruthy();
  });

  it("asks a waitlisted caller whether to give up the position", async () => {
    fake.registrations = [{ id: "41", status: "waitlisted", waitlist_position: 1, activity_id: 7 }];
    signIn();
    renderIsland();
    fireEvent.click(await screen.findByRole("button", { name: "Afmelden" }));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByText(nl.activitySignUp.panel.cancelWaitlisted)).toBeTruthy();
  });

  it("does not offer to cancel once the activity has begun", async () => {
    fake.activities = [fakeActivity({ starts_at: daysFromNow(-1), registration_open: false })];
    fake.registrations = [
      { id: "41", status: "registered", waitlist_position: null, activity_id: 7 },
    ];
    signIn();
    renderIsland();
    expect(await statusText("Je bent aangemeld.")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("registration not open: says signing up is not possible, with no button", async () => {
    fake.activities = [fakeActivity({ registration_open: false })];
    signIn();
    renderIsland();
    expect(await statusText(nl.activitySignUp.panel.closed)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("signing up elsewhere (a registration_url): shows nothing, the page links there", async () => {
    fake.activities = [
      fakeActivity({ registration_url: "https://example.org/aanmelden", registration_open: false }),
    ];
    signIn();
    renderIsland();
    await waitFor(() => expect(requests("GET")).toHaveLength(2));
    await waitFor(() => expect(within(region()).queryByRole("status")).toBeNull());
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("a 422 'taken' is said in words, and the registration is read again", async () => {
    fake.postReply = () => {
      // Signed up in another tab meanwhile.
      fake.registrations = [
        { id: "41", status: "registered", waitlist_position: null, activity_id: 7 },
      ];
      return refusal("taken");
    };
    signIn();
    renderIsland();
    fireEvent.click(await screen.findByRole("button", { name: "Aanmelden" }));
    const status = await statusText("Je was al aangemeld voor deze activiteit.");
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(await statusText("Je bent aangemeld.")).toBeTruthy();
    expect(invalidated).toEqual([registrationKeys.forActivity("7")]);
    expect(toastStore.getSnapshot().toasts).toEqual([]);
  });

  it("a 422 'registration_closed' is said in words, and the activity is read again", async () => {
    fake.postReply = () => {
      fake.activities = [fakeActivity({ registration_open: false })];
      return refusal("registration_closed");
    };
    signIn();
    renderIsland({ locale: "en" });
    fireEvent.click(await screen.findByRole("button", { name: "Sign up" }));
    expect(
      await statusText("Signing up did not work: this activity no longer takes registrations."),
    ).toBeTruthy();
    expect(await statusText(en.activitySignUp.panel.closed)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Sign up" })).toBeNull();
    expect(invalidated).toEqual([activityKeys.detail("7")]);
  });

  it("another failure gives the reason its status stands for, and the button stays", async () => {
    fake.postReply = () => new Response("oops", { status: 500 });
    signIn();
    renderIsland();
    fireEvent.click(await screen.findByRole("button", { name: "Aanmelden" }));
    expect(
      await statusText("Aanmelden is niet gelukt. Er ging iets mis (foutcode: 500)."),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Aanmelden" })).toBeTruthy();
    expect(invalidated).toEqual([]);
  });

  it("a lookup that fails says so with a way to try again", async () => {
    vi.stubGlobal("fetch", async () => new Response("down", { status: 503 }));
    signIn();
    renderIsland();
    expect(
      await screen.findByText(nl.activitySignUp.panel.lookupFailed, {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: nl.lists.retry })).toBeTruthy();
  });
});
