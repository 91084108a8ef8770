import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { QueryGate } from "@/components/ui/query-gate";
import { ApiError } from "@/lib/api/errors";
import { timeZone } from "@/lib/i18n/config";
import { loadMessages } from "@/lib/i18n/load-messages";

let messages: Awaited<ReturnType<typeof loadMessages>>;
beforeAll(async () => {
  messages = await loadMessages("en");
});
afterEach(cleanup);

type TQuery = Parameters<typeof QueryGate<string[]>>[0]["query"];
const query = (state: Partial<TQuery>): TQuery => ({
  data: undefined,
  error: null,
  refetch: vi.fn(),
  ...state,
});

function renderGate(node: ReactNode) {
  render(
    <NextIntlClientProvider locale="en" messages={messages} timeZone={timeZone}>
      {node}
    </NextIntlClientProvider>,
  );
}

const list = (rows: string[]) => (
  <ul>
    {rows.map((row) => (
      <li key={row}>{row}</li>
    ))}
  </ul>
);

describe("QueryGate", () => {
  it("announces loading until there is data", () => {
    renderGate(
      <QueryGate query={query({})} failed="Could not load">
        {list}
      </QueryGate>,
    );
    expect(screen.getByRole("status").textContent).toBe(messages.common.loading);
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("shows the data, and keeps it when a refresh fails", () => {
    renderGate(
      <QueryGate query={query({ data: ["a", "b"], error: new Error("x") })} failed="Could not load">
        {list}
      </QueryGate>,
    );
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["a", "b"]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says what failed and tries again on request", () => {
    const refetch = vi.fn();
    renderGate(
      <QueryGate
        query={query({ error: new ApiError({ statusCode: 500 }), refetch })}
        failed="Could not load the list"
      >
        {list}
      </QueryGate>,
    );
    expect(screen.getByRole("alert").textContent).toContain("Could not load the list");
    fireEvent.click(screen.getByRole("button", { name: messages.lists.retry }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it("shows the empty state with what to do about it", () => {
    renderGate(
      <QueryGate
        query={query({ data: [] })}
        failed="Could not load"
        empty={{ when: (rows) => rows.length === 0, children: "Nothing yet: add one." }}
      >
        {list}
      </QueryGate>,
    );
    expect(screen.getByText("Nothing yet: add one.")).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("turns the api's 404 into the not-found screen when asked, a retry otherwise", () => {
    const error = new ApiError({ statusCode: 404 });
    renderGate(
      <QueryGate query={query({ error })} failed="Could not load" errorScreens>
        {list}
      </QueryGate>,
    );
    expect(screen.queryByRole("button", { name: messages.lists.retry })).toBeNull();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
      messages.errors.notFound.title,
    );
    cleanup();
    renderGate(
      <QueryGate query={query({ error })} failed="Could not load">
        {list}
      </QueryGate>,
    );
    expect(screen.getByRole("button", { name: messages.lists.retry })).toBeTruthy();
  });

  it("lets the page answer a failure its own way, and the rest as usual", () => {
    const refused = (error: unknown) =>
      error instanceof ApiError && error.statusCode === 404 ? <p>No longer valid</p> : undefined;
    renderGate(
      <QueryGate
        query={query({ error: new ApiError({ statusCode: 404 }) })}
        failed="Could not load"
        errorScreens
        refused={refused}
      >
        {list}
      </QueryGate>,
    );
    expect(screen.getByText("No longer valid")).toBeTruthy();
    expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
    expect(screen.queryByRole("button", { name: messages.lists.retry })).toBeNull();
    cleanup();
    renderGate(
      <QueryGate
        query={query({ error: new ApiError({ statusCode: 500 }) })}
        failed="Could not load"
        refused={refused}
      >
        {list}
      </QueryGate>,
    );
    expect(screen.queryByText("No longer valid")).toBeNull();
    expect(screen.getByRole("alert").textContent).toContain("Could not load");
    expect(screen.getByRole("button", { name: messages.lists.retry })).toBeTruthy();
  });

  it("puts the page's frame around every state but the error screens, which replace the page", () => {
    const frame = (state: ReactNode) => (
      <main>
        <h1>Invite someone</h1>
        {state}
      </main>
    );
    const heading = () => screen.getByRole("heading", { level: 1 }).textContent;
    for (const state of [
      query({}),
      query({ error: new ApiError({ statusCode: 500 }) }),
      query({ data: [] }),
      query({ data: ["a"] }),
    ]) {
      renderGate(
        <QueryGate
          query={state}
          failed="Could not load"
          errorScreens
          empty={{ when: (rows) => rows.length === 0, children: "None yet." }}
          frame={frame}
        >
          {list}
        </QueryGate>,
      );
      expect(heading()).toBe("Invite someone");
      cleanup();
    }
    renderGate(
      <QueryGate
        query={query({ error: new ApiError({ statusCode: 403 }) })}
        failed="Could not load"
        errorScreens
        frame={frame}
      >
        {list}
      </QueryGate>,
    );
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([
      messages.errors.forbidden.title,
    ]);
  });

  it("says a failure in the place's own form when given one, and still tries again", () => {
    const refetch = vi.fn();
    renderGate(
      <QueryGate
        query={query({ error: new Error("offline"), refetch })}
        failed="Could not load"
        failure={(message, retry) => (
          <p role="alert">
            {message}{" "}
            <button type="button" onClick={retry}>
              Again
            </button>
          </p>
        )}
      >
        {list}
      </QueryGate>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Could not load Again");
    expect(screen.queryByRole("button", { name: messages.lists.retry })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Again" }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
