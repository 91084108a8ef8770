import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { PoolVolunteerDetail } from "@/components/volunteer-pool/pool-volunteer-detail";
import { timeZone } from "@/lib/i18n/config";
import { createToastStore } from "@/lib/toasts/toast-store";
import nl from "@/messages/nl.json";

// One volunteer of the pool against a fake api behind fetch: whether the page offers to ask
// them, and for which vacancies, is what the api's meta says (its policy), not the roles.

let invitable: string[] = [];

function poolDocument() {
  return {
    data: [
      {
        type: "volunteer",
        id: "12",
        attributes: {
          first_name: "Daan",
          last_name_initial: "S",
          city: "Utrecht",
          distance_km: null,
          about: "Kookt graag",
          skills: [],
          availability: [],
          hours_per_week: null,
          languages: [],
          last_active_month: null,
          last_invited_at: null,
          match_score: 0,
        },
      },
    ],
    meta: { pagination: { current: 1, records: 1 }, invitable_center_ids: invitable },
  };
}

const vacancy = (id: string, title: string, centre: number) => ({
  type: "vacancy",
  id,
  attributes: { title, volunteer_center_id: centre },
});

beforeAll(() => {
  // jsdom has no modal dialogs; the dialog only needs to open and close.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
});

beforeEach(() => {
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://site.invalid");
    const body = url.pathname.endsWith("/volunteer_pool")
      ? poolDocument()
      : {
          data: [vacancy("7", "Koken in het buurthuis", 5), vacancy("8", "Voorlezen", 6)],
          meta: { pagination: { current: 1, records: 2 } },
        };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { "Content-Type": "application/vnd.api+json" },
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDetail() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider locale="nl" messages={nl} timeZone={timeZone}>
        <ToastProvider store={createToastStore()}>
          <PoolVolunteerDetail id="12" closeHref="/vrijwilligerspool" />
        </ToastProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

describe("a volunteer of the pool", () => {
  it("offers the vacancies of the centres the api names, and only those", async () => {
    invitable = ["5"];
    renderDetail();
    await screen.findByRole("heading", { name: "Daan S." });
    fireEvent.click(screen.getByRole("button", { name: nl.volunteerPool.invite.open }));
    const select = screen.getByRole("combobox", { name: nl.volunteerPool.invite.vacancy });
    await within(select).findByRole("option", { name: "Koken in het buurthuis" });
    expect(within(select).queryByRole("option", { name: "Voorlezen" })).toBeNull();
  });

  it("does not offer to ask when the caller may ask for no centre's vacancies", async () => {
    invitable = [];
    renderDetail();
    await screen.findByRole("heading", { name: "Daan S." });
    expect(screen.queryByRole("button", { name: nl.volunteerPool.invite.open })).toBeNull();
  });
});
