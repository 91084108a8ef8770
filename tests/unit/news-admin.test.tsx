import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

let search = "";
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/nieuwsbeheer",
  useSearchParams: () => new URLSearchParams(search),
}));

import { NewsForm } from "@/components/news-admin/news-form";
import { NewsListBody } from "@/components/news-admin/news-list";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { timeZone } from "@/lib/i18n/config";
import type { TManagedNewsArticle } from "@/lib/news-admin/news-admin";
import { createToastStore } from "@/lib/toasts/toast-store";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import { jsonResponse } from "./support/fake-vacancies";
import { stubLayoutForProseMirror } from "./support/prosemirror-dom";

// The back office's news pages (docs/news-admin.md): the form sends what was typed and the
// way it was sent, puts the api's 422s on their fields in the page's language with nothing
// lost, uploads an image and says why one was refused; the list asks for the URL's state
// and offers each row what its status allows.

beforeAll(() => {
  stubLayoutForProseMirror();
  // jsdom has <dialog> but not its modal methods.
  const proto = HTMLDialogElement.prototype;
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  proto.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type TSent = { method: string; path: string; query: URLSearchParams; body: unknown };
let sent: TSent[];
let answer: (sent: TSent) => Response;

beforeEach(() => {
  search = "";
  sent = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://site.invalid");
    const body = init.body;
    const request: TSent = {
      method: init.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      body: typeof body === "string" ? JSON.parse(body) : body,
    };
    sent.push(request);
    return answer(request);
  });
});

const resource = (a: Partial<TManagedNewsArticle> & { id: string }) => ({
  type: "news_article",
  id: a.id,
  attributes: {
    slug: a.slug ?? `bericht-${a.id}`,
    locale: a.locale ?? "nl",
    title: a.title ?? `Bericht ${a.id}`,
    summary: a.summary ?? null,
    body: a.body ?? null,
    image_url: a.imageUrl ?? null,
    status: a.status ?? "draft",
    published_at: a.publishedAt ?? null,
    created_at: "2026-01-01T10:00:00Z",
    updated_at: a.updatedAt ?? "2026-01-02T10:00:00Z",
    volunteer_center_id: 1,
  },
});

function wrap(children: ReactNode, locale: "nl" | "en" = "nl") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider
        locale={locale}
        messages={locale === "nl" ? nl : en}
        timeZone={timeZone}
      >
        <ToastProvider store={createToastStore()}>{children}</ToastProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

const f = nl.newsAdmin.form;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
/** An action's name: its word and, for screen readers, what it acts on. */
const named = (action: string, item: string) => new RegExp(`^${action}\\s*${item}$`);
const describedBy = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" | ");

async function renderForm(article: TManagedNewsArticle | null = null, locale: "nl" | "en" = "nl") {
  const onSaved = vi.fn();
  wrap(<NewsForm article={article} onSaved={onSaved} />, locale);
  await screen.findByRole("textbox", {
    name: (locale === "nl" ? nl : en).newsAdmin.form.body,
  });
  return { onSaved };
}

describe("the news form", () => {
  it("publishes a new article with what was typed", async () => {
    answer = () => jsonResponse({ data: resource({ id: "5", title: "Open dag" }) }, 201);
    const { onSaved } = await renderForm();
    type(f.title, "Open dag");
    type(f.summary, "Kom langs");
    type(f.slug, "open-dag");
    fireEvent.click(screen.getByRole("button", { name: f.actions.publish }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onSaved.mock.calls[0][1]).toBe("publish");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: "POST",
      path: "/api/v1/news_articles",
      body: {
        data: {
          type: "news_articles",
          attributes: {
            title: "Open dag",
            summary: "Kom langs",
            slug: "open-dag",
            locale: "nl",
            status: "published",
          },
        },
      },
    });
  });

  it("refuses a bad slug in the browser and sends nothing", async () => {
    answer = () => jsonResponse({}, 500);
    await renderForm();
    type(f.title, "Open dag");
    type(f.slug, "Open Dag!");
    fireEvent.click(screen.getByRole("button", { name: f.actions.saveDraft }));
    await waitFor(() => expect(describedBy(field(f.slug))).toContain(f.slugInvalid));
    expect(sent).toHaveLength(0);
  });

  it("puts the api's 422 on the fields in the page's language and keeps what was typed", async () => {
    answer = () =>
      jsonResponse(
        {
          errors: [
            {
              status: "422",
              code: "taken",
              detail: "has already been taken",
              source: { pointer: "/data/attributes/slug" },
            },
            {
              status: "422",
              code: "not_found",
              detail: "must exist",
              source: { pointer: "/data/attributes/image_id" },
            },
          ],
        },
        422,
      );
    const { onSaved } = await renderForm(null, "en");
    const e = en.newsAdmin.form;
    type(e.title, "Open day");
    type(e.slug, "open-day");
    fireEvent.click(screen.getByRole("button", { name: e.actions.saveDraft }));
    await waitFor(() => expect(field(e.slug).getAttribute("aria-invalid")).toBe("true"));
    expect(describedBy(field(e.slug))).toContain(e.slugTaken);
    expect(describedBy(field(e.image.label))).toContain(e.image.label);
    expect(screen.getByText(en.validation.checkFields)).toBeTruthy();
    expect(field(e.title).value).toBe("Open day");
    expect(field(e.slug).value).toBe("open-day");
    expect(onSaved).not.toHaveBeenCalled();
    // Saved as a draft: no status sent, so a new article is one.
    expect(sent[0].body).not.toHaveProperty("data.attributes.status");
  });

  it("uploads a chosen image, shows it and saves it with the article", async () => {
    answer = (request) =>
      request.path === "/api/v1/images"
        ? jsonResponse(
            {
              data: {
                type: "image",
                id: "12",
                attributes: {
                  url: "/api/v1/images/12",
                  content_type: "image/png",
                  byte_size: 70,
                  width: 1,
                  height: 1,
                },
              },
            },
            201,
          )
        : jsonResponse({ data: resource({ id: "5" }) }, 201);
    const { onSaved } = await renderForm();
    const file = new File([new Uint8Array([137, 80, 78, 71])], "dot.png", { type: "image/png" });
    fireEvent.change(field(f.image.label), { target: { files: [file] } });
    const preview = await screen.findByRole("img", { name: f.image.preview });
    expect(preview.getAttribute("src")).toBe("/api/v1/images/12");
    expect(sent[0]).toMatchObject({ method: "POST", path: "/api/v1/images", body: file });
    type(f.title, "Met beeld");
    fireEvent.click(screen.getByRole("button", { name: f.actions.saveDraft }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[1].body).toMatchObject({ data: { attributes: { image_id: 12 } } });
  });

  it("says in the page's language why the api refused an image, and shows none", async () => {
    answer = () =>
      jsonResponse(
        {
          errors: [
            {
              status: "422",
              code: "unsupported_image",
              detail: "Only JPEG, PNG, GIF and WebP images are taken.",
              source: { pointer: "" },
            },
          ],
        },
        422,
      );
    await renderForm();
    const file = new File(["<svg/>"], "x.png", { type: "image/png" });
    fireEvent.change(field(f.image.label), { target: { files: [file] } });
    await waitFor(() => expect(describedBy(field(f.image.label))).toContain(f.image.unsupported));
    expect(screen.queryByRole("img", { name: f.image.preview })).toBeNull();
  });

  it("writes a content page through the pages' call, with the page's own texts", async () => {
    answer = () => jsonResponse({ data: resource({ id: "8", title: "Over ons" }) }, 201);
    const onSaved = vi.fn();
    wrap(<NewsForm kind="page" article={null} onSaved={onSaved} />);
    await screen.findByRole("textbox", { name: nl.pageAdmin.form.body });
    expect(screen.getByText(nl.pageAdmin.form.slugHint)).toBeTruthy();
    type(f.title, "Over ons");
    type(f.locale, "en");
    fireEvent.click(screen.getByRole("button", { name: f.actions.publish }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({
      method: "POST",
      path: "/api/v1/content_pages",
      body: {
        data: {
          type: "content_pages",
          attributes: { title: "Over ons", locale: "en", status: "published" },
        },
      },
    });
  });

  it("offers a published article saving and a way back to draft, not publishing again", async () => {
    answer = () => jsonResponse({}, 500);
    await renderForm({
      id: "7",
      slug: "open-dag",
      locale: "nl",
      title: "Open dag",
      summary: null,
      body: "<p>Welkom</p>",
      imageUrl: "/api/v1/images/12",
      status: "published",
      publishedAt: "2026-01-01T10:00:00Z",
      createdAt: "2026-01-01T10:00:00Z",
      updatedAt: "2026-01-01T10:00:00Z",
      volunteerCenterId: 1,
    });
    expect(screen.getByRole("button", { name: f.actions.save })).toBeTruthy();
    expect(screen.getByRole("button", { name: f.actions.unpublish })).toBeTruthy();
    expect(screen.queryByRole("button", { name: f.actions.publish })).toBeNull();
    expect(screen.getByRole("img", { name: f.image.preview }).getAttribute("src")).toBe(
      "/api/v1/images/12",
    );
    expect(field(f.image.replace)).toBeTruthy();
  });
});

describe("the news list", () => {
  const l = nl.newsAdmin;
  const future = new Date(Date.now() + 86_400_000).toISOString();
  const rows = [
    resource({ id: "1", title: "Voorlopig", status: "draft" }),
    resource({
      id: "2",
      title: "Open dag",
      status: "published",
      slug: "open-dag",
      publishedAt: "2026-01-01T10:00:00Z",
    }),
    resource({ id: "3", title: "Straks", status: "published", publishedAt: future }),
  ];

  beforeEach(() => {
    answer = (request) =>
      request.method === "DELETE"
        ? jsonResponse(null, 204)
        : jsonResponse({ data: rows, meta: { pagination: { current: 1, records: 3 } } });
  });

  it("asks for the URL's status and search, and shows each row's status and actions", async () => {
    search = "status=draft&q=open&language=en";
    wrap(<NewsListBody />);
    await screen.findByRole("link", { name: "Voorlopig" });
    const table = screen.getByRole("table");
    expect(sent[0].path).toBe("/api/v1/managed_news_articles");
    expect(sent[0].query.get("filter[status_eq]")).toBe("draft");
    expect(sent[0].query.get("filter[locale_eq]")).toBe("en");
    const language = screen.getByLabelText(l.language) as HTMLSelectElement;
    expect(language.value).toBe("en");
    expect([...language.options].map((o) => o.textContent)).toEqual([
      l.anyLanguage,
      l.form.locales.nl,
      l.form.locales.en,
    ]);
    expect(sent[0].query.get("filter[title_i_cont]")).toBe("open");
    expect(sent[0].query.get("sort")).toBe("-updated_at");
    expect((screen.getByLabelText(l.status) as HTMLSelectElement).value).toBe("draft");

    const row = (title: string) =>
      within(table)
        .getByRole("rowheader", { name: new RegExp(title) })
        .closest("tr") as HTMLElement;
    expect(within(row("Voorlopig")).getByText(l.states.draft)).toBeTruthy();
    expect(within(row("Open dag")).getByText(l.states.published)).toBeTruthy();
    expect(within(row("Straks")).getByText(l.states.scheduled)).toBeTruthy();
    // Only what the site shows can be viewed there.
    expect(
      within(row("Open dag"))
        .getByRole("link", { name: named(l.view, "Open dag") })
        .getAttribute("href"),
    ).toBe("/nieuws/open-dag");
    expect(within(row("Voorlopig")).queryByRole("link", { name: new RegExp(l.view) })).toBeNull();
    expect(within(row("Straks")).queryByRole("link", { name: new RegExp(l.view) })).toBeNull();
    expect(
      within(row("Voorlopig"))
        .getByRole("link", { name: named(l.edit, "Voorlopig") })
        .getAttribute("href"),
    ).toBe("/nieuwsbeheer/1/bewerken");
    expect(screen.getByRole("link", { name: l.add }).getAttribute("href")).toBe(
      "/nieuwsbeheer/toevoegen",
    );
  });

  it("deletes an article only after the confirmation", async () => {
    wrap(<NewsListBody />);
    await screen.findByRole("link", { name: "Voorlopig" });
    fireEvent.click(screen.getByRole("button", { name: named(l.delete.button, "Voorlopig") }));
    expect(sent.some((r) => r.method === "DELETE")).toBe(false);
    const dialog = screen.getByRole("dialog", {
      name: l.delete.confirmTitle.replace("{title}", "Voorlopig"),
      hidden: true,
    });
    fireEvent.click(within(dialog).getByRole("button", { name: l.delete.confirm, hidden: true }));
    await waitFor(() =>
      expect(sent.find((r) => r.method === "DELETE")?.path).toBe("/api/v1/news_articles/1"),
    );
  });

  it("lists the tenant's pages with their own calls and paths", async () => {
    wrap(<NewsListBody kind="page" />);
    await screen.findByRole("link", { name: "Voorlopig" });
    expect(sent[0].path).toBe("/api/v1/managed_content_pages");
    expect(screen.getByRole("heading", { level: 1, name: nl.pageAdmin.title })).toBeTruthy();
    expect(screen.getByRole("link", { name: named(l.view, "Open dag") }).getAttribute("href")).toBe(
      "/open-dag",
    );
    expect(
      screen.getByRole("link", { name: named(l.edit, "Voorlopig") }).getAttribute("href"),
    ).toBe("/paginabeheer/1/bewerken");
    fireEvent.click(screen.getByRole("button", { name: named(l.delete.button, "Voorlopig") }));
    const dialog = screen.getByRole("dialog", { hidden: true });
    expect(within(dialog).getByText(nl.pageAdmin.confirmDeleteBody)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: l.delete.confirm, hidden: true }));
    await waitFor(() =>
      expect(sent.find((r) => r.method === "DELETE")?.path).toBe("/api/v1/content_pages/1"),
    );
  });

  it("speaks English in English", async () => {
    wrap(<NewsListBody />, "en");
    await screen.findByRole("table");
    expect(screen.getByRole("heading", { level: 1, name: en.newsAdmin.title })).toBeTruthy();
    expect(screen.getAllByText(en.newsAdmin.states.scheduled).length).toBeGreaterThan(0);
  });
});
