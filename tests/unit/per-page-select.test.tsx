import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  PerPageSelect,
  pageSizeQuery,
  parsePageSize,
} from "@/components/ui/per-page-select";
import { timeZone } from "@/lib/i18n/config";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

const push = vi.fn();
let search = "";
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/vacancies/search",
  useSearchParams: () => new URLSearchParams(search),
}));

function ui(locale: "nl" | "en" = "nl") {
  return (
    <NextIntlClientProvider
      locale={locale}
      messages={locale === "nl" ? nl : en}
      timeZone={timeZone}
    >
      <PerPageSelect />
    </NextIntlClientProvider>
  );
}

/** The query pushed last, as parameters (the order of keys aside). */
function pushedQuery(): Record<string, string[]> {
  const url = new URL(push.mock.lastCall?.[0] as string, "http://site.invalid");
  expect(url.pathname).toBe("/vacancies/search");
  const params: Record<string, string[]> = {};
  for (const [key, value] of url.searchParams) params[key] = [...(params[key] ?? []), value];
  return params;
}

beforeEach(() => {
  push.mockReset();
  search = "";
});
afterEach(cleanup);

describe("page sizes", () => {
  it("offers 10, 25, 50 and 100 with 25 as the default", () => {
    expect(PAGE_SIZES).toEqual([10, 25, 50, 100]);
    expect(DEFAULT_PAGE_SIZE).toBe(25);
    expect(parsePageSize("50")).toBe(50);
    for (const value of [null, "", "7", "1000", "abc", "25.5"])
      expect(parsePageSize(value)).toBe(25);
  });

  it("sets page[size], starts again at page[number] 1 and keeps every other parameter", () => {
    const query = new URLSearchParams(
      pageSizeQuery("q=zorg&tag=a&tag=b&page%5Bnumber%5D=4&page%5Bsize%5D=10", 100),
    );
    expect(query.getAll("tag")).toEqual(["a", "b"]);
    expect(query.get("q")).toBe("zorg");
    expect(query.get("page[number]")).toBe("1");
    expect(query.get("page[size]")).toBe("100");
  });
});

describe("<PerPageSelect>", () => {
  it("is a labelled select showing the size in the URL", () => {
    search = "page%5Bsize%5D=50";
    render(ui());
    const select = screen.getByRole("combobox", { name: "Resultaten per pagina" });
    expect((select as HTMLSelectElement).value).toBe("50");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "10",
      "25",
      "50",
      "100",
    ]);
  });

  it("shows 25 when the URL names no size or one it does not offer", () => {
    search = "page%5Bsize%5D=999";
    render(ui("en"));
    expect(
      (screen.getByRole("combobox", { name: "Results per page" }) as HTMLSelectElement).value,
    ).toBe("25");
  });

  it("navigates on change with the new size, page 1 and the other parameters, without scrolling", () => {
    search = "q=zorg&page%5Bnumber%5D=3&page%5Bsize%5D=25";
    render(ui());
    const select = screen.getByRole("combobox", { name: "Resultaten per pagina" });
    fireEvent.change(select, { target: { value: "10" } });
    expect(push).toHaveBeenCalledTimes(1);
    expect(pushedQuery()).toEqual({ q: ["zorg"], "page[number]": ["1"], "page[size]": ["10"] });
    expect(push.mock.lastCall?.[1]).toEqual({ scroll: false });
    // The choice shows at once, before the URL has changed.
    expect((select as HTMLSelectElement).value).toBe("10");
  });

  it("has no submit button once JavaScript runs", () => {
    render(ui());
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("works without JavaScript: the server HTML is a GET form to this page with a submit button and the other parameters", () => {
    search = "q=zorg&page%5Bnumber%5D=3&page%5Bsize%5D=50";
    document.body.innerHTML = renderToString(ui());
    const form = document.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/vacancies/search");
    expect(screen.getByRole("button", { name: "Toon" }).getAttribute("type")).toBe("submit");
    const data = new FormData(form);
    expect([...data.entries()]).toEqual([
      ["q", "zorg"],
      ["page[number]", "1"],
      ["page[size]", "50"],
    ]);
  });
});
