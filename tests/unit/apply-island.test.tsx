import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApplyIsland } from "@/components/applications/apply-island";
import type { TApplicationForm } from "@/lib/applications/apply-questions";
import { authState } from "@/lib/auth/auth-state";
import { APPLICATION_LIMITS } from "@/lib/contract/applications";
import { timeZone } from "@/lib/i18n/config";
import { publishSignedInIntl, signedInIntl } from "@/lib/i18n/signed-in-intl";
import { toastStore } from "@/lib/toasts/toast-store";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import {
  jsonResponse,
  listDocument,
  oneDocument,
  type TFakeApplication,
  type TSent,
} from "./support/fake-applications";

// "Reageren" on /vacancies/:id: the island's states against a fake api behind fetch.

let existing: TFakeApplication[];
let postReply: () => Response;
let patchReply: () => Response;
const sent: TSent[] = [];

const ME = {
  data: {
    type: "users",
    id: "3",
    attributes: { email: "vera@example.test", first_name: "Vera", last_name: "", phone: null },
  },
};

function fakeApi(input: RequestInfo | URL, init: RequestInit = {}): Response {
  const url = new URL(String(input), "http://site.invalid");
  const method = init.method ?? "GET";
  const body = init.body ? JSON.parse(String(init.body)) : undefined;
  sent.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
  if (url.pathname === "/api/v1/applications" && method === "GET")
    return jsonResponse(listDocument(existing));
  if (url.pathname === "/api/v1/applications" && method === "POST") return postReply();
  if (url.pathname === "/api/v1/current_user" && method === "GET") return jsonResponse(ME);
  if (url.pathname === "/api/v1/current_user" && method === "PATCH") return patchReply();
  return jsonResponse({ errors: [{ status: "404" }] }, 404);
}

function renderIsland(
  locale: "nl" | "en" = "nl",
  profiles = true,
  questions: TApplicationForm | null = null,
  toolbarMessages = true,
) {
  const messages = locale === "nl" ? nl : en;
  // What the signed-in toolbar of the page publishes (lib/i18n/signed-in-intl.ts).
  if (toolbarMessages) publishSignedInIntl({ locale, timeZone, messages });
  return render(
    <ApplyIsland
      vacancyId="7"
      profiles={profiles}
      signInHref="/auth/login-1?redirect=%2Fvacancies%2F7%23reageren"
      signUpHref="/signup?redirect=%2Fvacancies%2F7%23reageren"
      texts={{
        signIn: messages.vacancies.respond,
        signInHint: messages.vacancies.respondHint,
        signUp: messages.applications.apply.signUp,
        loading: messages.applications.apply.loading,
      }}
      questions={questions}
    />,
  );
}

const signIn = () => act(() => authState.signedIn({ id: "3", email: "vera@example.test" }, []));

beforeEach(() => {
  existing = [];
  sent.length = 0;
  window.location.hash = "";
  postReply = () =>
    jsonResponse(
      oneDocument({ id: "55", status: "new", vacancy: { id: "7", title: "Voorlezen" } }),
      201,
    );
  patchReply = () => jsonResponse(ME);
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) =>
    fakeApi(input, init),
  );
});
afterEach(() => {
  cleanup();
  signedInIntl.setState({ value: null });
  act(() => authState.signedOut());
  toastStore.clear();
  vi.unstubAllGlobals();
});

describe("the apply island on /vacancies/:id", () => {
  it("signed out: the link to sign in that comes back to the form, and no api call", () => {
    renderIsland();
    const link = screen.getByRole("link", { name: "Inloggen om te reageren" });
    expect(link.getAttribute("href")).toBe("/auth/login-1?redirect=%2Fvacancies%2F7%23reageren");
    expect(screen.getByText(nl.vacancies.respondHint)).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "Nog geen account? Maak er een aan" }).getAttribute("href"),
    ).toBe("/signup?redirect=%2Fvacancies%2F7%23reageren");
    expect(screen.queryByRole("button", { name: "Reageren" })).toBeNull();
    expect(sent).toEqual([]);
  });

  it("signed in: 'loading' until the toolbar has published its messages, then the panel", async () => {
    signIn();
    renderIsland("nl", true, null, false);
    expect((await screen.findByRole("status")).textContent).toBe(nl.applications.apply.loading);
    expect(screen.queryByRole("button", { name: "Reageren" })).toBeNull();
    act(() => publishSignedInIntl({ locale: "nl", timeZone, messages: nl }));
    expect(await screen.findByRole("button", { name: "Reageren" })).toBeTruthy();
  });

  it("signed in: asks for the caller's application to this vacancy, then offers the button", async () => {
    signIn();
    renderIsland();
    const button = await screen.findByRole("button", { name: "Reageren" });
    expect(screen.queryByRole("link", { name: "Inloggen om te reageren" })).toBeNull();
    expect(sent[0]).toMatchObject({
      method: "GET",
      path: "/api/v1/applications",
      query: {
        "filter[scope]": "own",
        "filter[vacancy_id_eq]": "7",
        "page[size]": "1",
        sort: "-created_at",
      },
    });
    fireEvent.click(button);
    const motivation = await screen.findByRole("textbox", { name: "Motivatie" });
    await waitFor(() => expect(document.activeElement).toBe(motivation));
    expect(screen.getByText(nl.applications.apply.fromAccount)).toBeTruthy();
    expect(screen.getByText(`0 van ${APPLICATION_LIMITS.motivation} tekens`)).toBeTruthy();
  });

  it("sends the motivation with the vacancy, then says so and moves focus to it", async () => {
    signIn();
    renderIsland();
    fireEvent.click(await screen.findByRole("button", { name: "Reageren" }));
    const motivation = await screen.findByRole("textbox", { name: "Motivatie" });
    fireEvent.input(motivation, { target: { value: "Ik lees graag voor." } });
    expect(await screen.findByText(`19 van ${APPLICATION_LIMITS.motivation} tekens`)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reactie versturen" }));

    const done = await screen.findByText("Je hebt gereageerd");
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.getByRole("status").textContent).toContain("Je hebt gereageerd");
    expect(screen.getByRole("link", { name: "Bekijk je reactie" }).getAttribute("href")).toBe(
      "/applications/55",
    );
    const post = sent.find((request) => request.method === "POST");
    expect(post?.body).toEqual({
      data: {
        type: "applications",
        attributes: { motivation: "Ik lees graag voor." },
        relationships: { vacancy: { data: { type: "vacancies", id: "7" } } },
      },
    });
  });

  it("opens the form by itself when it comes back from signing in (#reageren)", async () => {
    window.location.hash = "#reageren";
    signIn();
    renderIsland();
    expect(await screen.findByRole("textbox", { name: "Motivatie" })).toBeTruthy();
  });

  it("already applied: shows the open application instead of the button", async () => {
    existing = [{ id: "9", status: "in_conversation", created_at: "2026-11-20T10:00:00.000Z" }];
    signIn();
    renderIsland();
    const link = await screen.findByRole("link", { name: "Bekijk je reactie" });
    expect(link.getAttribute("href")).toBe("/applications/9");
    expect(
      screen.getByText("Je hebt op 20 november 2026 op deze vacature gereageerd."),
    ).toBeTruthy();
    expect(screen.getByText("In gesprek")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reageren" })).toBeNull();
  });

  it("a withdrawn application does not stop a new one, and is linked", async () => {
    existing = [{ id: "4", status: "withdrawn" }];
    signIn();
    renderIsland();
    expect(await screen.findByRole("button", { name: "Reageren" })).toBeTruthy();
    expect(screen.getByText(/Je eerdere reactie: Teruggetrokken\./)).toBeTruthy();
  });

  it("refused because the vacancy closed: says so in the form's alert", async () => {
    postReply = () =>
      jsonResponse(
        {
          errors: [
            {
              status: "422",
              code: "vacancy_closed",
              title: "Unprocessable Entity",
              detail: "closed",
              source: { pointer: "/data/relationships/vacancy" },
            },
          ],
        },
        422,
      );
    signIn();
    renderIsland("en");
    fireEvent.click(await screen.findByRole("button", { name: "Respond" }));
    fireEvent.click(await screen.findByRole("button", { name: "Send response" }));
    const alert = await waitFor(() => {
      const found = screen
        .getAllByRole("alert")
        .find((el) => el.textContent?.includes("Responding is no longer possible"));
      if (!found) throw new Error("no alert yet");
      return found;
    });
    expect(alert.textContent).toContain("This vacancy no longer takes responses.");
  });

  it("refused because of an open application: says so and links to it", async () => {
    postReply = () =>
      jsonResponse(
        {
          errors: [
            {
              status: "422",
              code: "already_applied",
              title: "Unprocessable Entity",
              detail: "already applied",
              source: { pointer: "/data/relationships/vacancy" },
              meta: { application_id: "12" },
            },
          ],
        },
        422,
      );
    signIn();
    renderIsland();
    fireEvent.click(await screen.findByRole("button", { name: "Reageren" }));
    fireEvent.click(await screen.findByRole("button", { name: "Reactie versturen" }));
    expect(await screen.findByText("Je hebt al op deze vacature gereageerd.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Bekijk je reactie" }).getAttribute("href")).toBe(
      "/applications/12",
    );
  });

  it("a motivation over the limit is refused before sending", async () => {
    signIn();
    renderIsland();
    fireEvent.click(await screen.findByRole("button", { name: "Reageren" }));
    const motivation = await screen.findByRole("textbox", { name: "Motivatie" });
    fireEvent.input(motivation, {
      target: { value: "a".repeat(APPLICATION_LIMITS.motivation + 1) },
    });
    fireEvent.click(screen.getByRole("button", { name: "Reactie versturen" }));
    expect(
      await screen.findByText(
        `Je motivatie mag hooguit ${APPLICATION_LIMITS.motivation} tekens lang zijn.`,
      ),
    ).toBeTruthy();
    expect(sent.filter((request) => request.method === "POST")).toEqual([]);
  });
});

describe("the apply island where the tenant has volunteer profiles off (meedoen)", () => {
  const openForm = async (locale: "nl" | "en" = "nl") => {
    signIn();
    renderIsland(locale, false);
    const button = locale === "nl" ? "Reageren" : "Respond";
    fireEvent.click(await screen.findByRole("button", { name: button }));
  };
  const requests = (method: string) => sent.filter((request) => request.method === method);

  it("asks name and phone filled in from the account, shows the e-mail address, asks no motivation", async () => {
    await openForm();
    const first = (await screen.findByRole("textbox", { name: /Voornaam/ })) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(first.value).toBe("Vera");
    expect(first.getAttribute("autocomplete")).toBe("given-name");
    expect((screen.getByRole("textbox", { name: /Achternaam/ }) as HTMLInputElement).value).toBe(
      "",
    );
    const phone = screen.getByRole("textbox", { name: /Telefoonnummer/ }) as HTMLInputElement;
    expect(phone.type).toBe("tel");
    expect(phone.value).toBe("");
    // The contact address is shown, not a field.
    expect(screen.getByText("vera@example.test").tagName).toBe("DD");
    expect(screen.queryByRole("textbox", { name: "Motivatie" })).toBeNull();
    expect(screen.getByText(nl.applications.apply.contact.intro)).toBeTruthy();
    expect(sent.some((r) => r.method === "GET" && r.path === "/api/v1/current_user")).toBe(true);
  });

  it("saves the name and phone on the account, then applies with an empty motivation", async () => {
    await openForm();
    fireEvent.input(await screen.findByRole("textbox", { name: /Achternaam/ }), {
      target: { value: "  de Boer " },
    });
    fireEvent.input(screen.getByRole("textbox", { name: /Telefoonnummer/ }), {
      target: { value: "06 12345678" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Reactie versturen" }));

    const done = await screen.findByText("Je hebt gereageerd");
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(requests("PATCH")[0]).toMatchObject({
      path: "/api/v1/current_user",
      body: {
        data: {
          type: "users",
          attributes: { first_name: "Vera", last_name: "de Boer", phone: "06 12345678" },
        },
      },
    });
    expect(requests("POST")[0]?.body).toEqual({
      data: {
        type: "applications",
        attributes: { motivation: "" },
        relationships: { vacancy: { data: { type: "vacancies", id: "7" } } },
      },
    });
    // The account first: the application must not go out with details that were refused.
    expect(sent.indexOf(requests("PATCH")[0])).toBeLessThan(sent.indexOf(requests("POST")[0]));
  });

  it("an empty phone is saved as none", async () => {
    await openForm();
    fireEvent.input(await screen.findByRole("textbox", { name: /Achternaam/ }), {
      target: { value: "Smit" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Reactie versturen" }));
    await screen.findByText("Je hebt gereageerd");
    expect(requests("PATCH")[0]?.body).toMatchObject({
      data: { attributes: { phone: null } },
    });
  });

  it("a missing last name and a phone with letters are refused before anything is sent", async () => {
    await openForm();
    fireEvent.input(await screen.findByRole("textbox", { name: /Telefoonnummer/ }), {
      target: { value: "bel me" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Reactie versturen" }));
    expect(await screen.findByText("Achternaam is verplicht.")).toBeTruthy();
    expect(screen.getByText(nl.applications.apply.contact.phoneInvalid)).toBeTruthy();
    expect(requests("PATCH")).toEqual([]);
    expect(requests("POST")).toEqual([]);
  });

  it("the account's 422 lands on its field, and nothing is applied", async () => {
    patchReply = () =>
      jsonResponse(
        {
          errors: [
            {
              status: "422",
              code: "too_long",
              title: "Unprocessable Entity",
              detail: "too long",
              source: { pointer: "/data/attributes/phone" },
            },
          ],
        },
        422,
      );
    await openForm("en");
    fireEvent.input(await screen.findByRole("textbox", { name: /Last name/ }), {
      target: { value: "Smit" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send response" }));
    const phone = screen.getByRole("textbox", { name: /Phone number/ });
    expect(await screen.findByText("Phone number can be at most 30 characters long.")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    expect(requests("PATCH")).toHaveLength(1);
    expect(requests("POST")).toEqual([]);
    expect(screen.queryByText("You have responded")).toBeNull();
  });

  it("a refusal of the application itself is said as with a motivation", async () => {
    postReply = () =>
      jsonResponse(
        {
          errors: [
            {
              status: "422",
              code: "already_applied",
              title: "Unprocessable Entity",
              detail: "already applied",
              source: { pointer: "/data/relationships/vacancy" },
              meta: { application_id: "12" },
            },
          ],
        },
        422,
      );
    await openForm();
    fireEvent.input(await screen.findByRole("textbox", { name: /Achternaam/ }), {
      target: { value: "Smit" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Reactie versturen" }));
    expect(await screen.findByText("Je hebt al op deze vacature gereageerd.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Bekijk je reactie" }).getAttribute("href")).toBe(
      "/applications/12",
    );
  });
});

// A vacancy with application questions: a name, a yes/no and a dropdown shown only for yes,
// over two steps, which the panel shows one after the other.
const QUESTIONS: TApplicationForm = {
  formId: 12,
  formVersionId: 30,
  definition: {
    steps: [
      {
        id: "about",
        title: { nl: "Over jou", en: "About you" },
        fields: [
          {
            id: "name",
            kind: "short_text",
            label: { nl: "Naam", en: "Name" },
            required: true,
            min: 2,
          },
        ],
      },
      {
        id: "food",
        fields: [
          {
            id: "eat",
            kind: "yes_no",
            label: { nl: "Eet je mee?", en: "Joining for dinner?" },
            required: false,
          },
          {
            id: "diet",
            kind: "dropdown",
            label: { nl: "Dieet", en: "Diet" },
            required: true,
            options: [
              { value: "veg", label: { nl: "Vegetarisch", en: "Vegetarian" } },
              { value: "none", label: { nl: "Geen", en: "None" } },
            ],
            condition: { field: "eat", values: ["yes"] },
          },
        ],
      },
    ],
  },
};

const openForm = async (locale: "nl" | "en" = "nl", profiles = true) => {
  signIn();
  renderIsland(locale, profiles, QUESTIONS);
  fireEvent.click(
    await screen.findByRole("button", { name: locale === "nl" ? "Reageren" : "Respond" }),
  );
};

describe("the apply island with the vacancy's questions", () => {
  it("shows every step's questions in the visitor's language, a condition's question only when it holds", async () => {
    await openForm("en");
    expect(
      await screen.findByRole("heading", { name: "The organisation's questions" }),
    ).toBeTruthy();
    expect(screen.getByRole("heading", { name: "About you" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: /^Name/ })).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: /Diet/ })).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: "Yes" }));
    expect(await screen.findByRole("combobox", { name: /Diet/ })).toBeTruthy();
  });

  it("checks a question on blur with the form's rule, its message tied to the field", async () => {
    await openForm();
    const name = await screen.findByRole("textbox", { name: /^Naam/ });
    fireEvent.input(name, { target: { value: "P" } });
    fireEvent.blur(name);
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    const describedBy = name.getAttribute("aria-describedby") ?? "";
    const message = describedBy
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ");
    expect(message).toMatch(/Naam/);
    expect(message).toMatch(/2/);
  });

  it("refuses to send while a shown required question is empty, and sends nothing", async () => {
    await openForm();
    fireEvent.click(await screen.findByRole("radio", { name: "Ja" }));
    fireEvent.input(screen.getByRole("textbox", { name: /^Naam/ }), {
      target: { value: "Piet" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Reactie versturen" }));
    const diet = await screen.findByRole("combobox", { name: /Dieet/ });
    await waitFor(() => expect(diet.getAttribute("aria-invalid")).toBe("true"));
    expect(sent.some((request) => request.method === "POST")).toBe(false);
  });

  it("sends the shown questions' answers and the language with the motivation", async () => {
    await openForm();
    fireEvent.input(await screen.findByRole("textbox", { name: /^Naam/ }), {
      target: { value: "  Piet " },
    });
    fireEvent.click(screen.getByRole("radio", { name: "Nee" }));
    fireEvent.click(screen.getByRole("button", { name: "Reactie versturen" }));
    expect(await screen.findByText("Je hebt gereageerd")).toBeTruthy();
    const post = sent.find((request) => request.method === "POST");
    expect(post?.body).toMatchObject({
      data: { attributes: { motivation: "", answers: { name: "Piet", eat: false }, locale: "nl" } },
    });
  });

  it("the api's 422 on a question lands on that question", async () => {
    postReply = () =>
      jsonResponse(
        {
          errors: [
            {
              status: "422",
              code: "required",
              detail: "Naam is required",
              source: { pointer: "/data/attributes/answers/name" },
              meta: { params: { field: "Naam" } },
            },
          ],
        },
        422,
      );
    await openForm();
    const name = await screen.findByRole("textbox", { name: /^Naam/ });
    fireEvent.input(name, { target: { value: "Piet" } });
    fireEvent.click(screen.getByRole("button", { name: "Reactie versturen" }));
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    const errorId = (name.getAttribute("aria-describedby") ?? "").split(" ").at(-1) ?? "";
    expect(document.getElementById(errorId)?.textContent).toBe(
      nl.forms.validation.required.replace("{field}", "Naam"),
    );
  });

  it("without profiles (meedoen) the contact form asks the questions too and sends their answers", async () => {
    await openForm("nl", false);
    fireEvent.input(await screen.findByRole("textbox", { name: /Achternaam/ }), {
      target: { value: "Jansen" },
    });
    fireEvent.input(screen.getByRole("textbox", { name: /^Naam/ }), { target: { value: "Vera" } });
    fireEvent.click(screen.getByRole("button", { name: "Reactie versturen" }));
    expect(await screen.findByText("Je hebt gereageerd")).toBeTruthy();
    const post = sent.find((request) => request.method === "POST");
    expect(post?.body).toMatchObject({
      data: { attributes: { answers: { name: "Vera" }, locale: "nl" } },
    });
  });

  // A multiple choice's value is an array (its ticked boxes); the api points at the question.
  const CHOICES: TApplicationForm = {
    formId: 13,
    formVersionId: 31,
    definition: {
      steps: [
        {
          id: "help",
          fields: [
            {
              id: "tasks",
              kind: "multiple_choice",
              label: { nl: "Waarmee help je?", en: "What do you help with?" },
              required: false,
              options: [
                { value: "cook", label: { nl: "Koken", en: "Cooking" } },
                { value: "drive", label: { nl: "Rijden", en: "Driving" } },
              ],
            },
          ],
        },
      ],
    },
  };

  it.each([
    ["with a motivation", true],
    ["without profiles (meedoen)", false],
  ])(
    "%s: the api's 422 on a multiple-choice question lands on its group, focused",
    async (_name, profiles) => {
      postReply = () =>
        jsonResponse(
          {
            errors: [
              {
                status: "422",
                code: "maxCount",
                detail: "Waarmee help je? allows at most 1",
                source: { pointer: "/data/attributes/answers/tasks" },
                meta: { params: { field: "Waarmee help je?", max: 1 } },
              },
            ],
          },
          422,
        );
      signIn();
      renderIsland("nl", profiles, CHOICES);
      fireEvent.click(await screen.findByRole("button", { name: "Reageren" }));
      if (!profiles) {
        fireEvent.input(await screen.findByRole("textbox", { name: /Achternaam/ }), {
          target: { value: "Jansen" },
        });
      }
      const cook = await screen.findByRole("checkbox", { name: "Koken" });
      fireEvent.click(cook);
      fireEvent.click(screen.getByRole("checkbox", { name: "Rijden" }));
      fireEvent.click(screen.getByRole("button", { name: "Reactie versturen" }));
      const message = await screen.findByText(
        nl.forms.validation.maxCount.replace("{field}", "Waarmee help je?").replace("{max}", "1"),
      );
      const group = screen.getByRole("group", { name: "Waarmee help je?" });
      expect(group.getAttribute("aria-describedby")).toContain(message.id);
      expect(cook.getAttribute("aria-invalid")).toBe("true");
      await waitFor(() => expect(document.activeElement).toBe(cook));
      expect(sent.find((request) => request.method === "POST")?.body).toMatchObject({
        data: { attributes: { answers: { tasks: ["cook", "drive"] } } },
      });
    },
  );
});
