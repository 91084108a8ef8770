import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import GlobalError from "@/app/global-error";
import { ErrorTextsProvider, type TErrorTexts } from "@/components/errors/error-texts-context";
import { PublicErrorShell } from "@/components/errors/public-error-shell";
import { ApiError } from "@/lib/api/errors";
import { onAppError } from "@/lib/errors/report";
import en from "@/messages/en.json";

// The error screens that ship with every public page load their screen and reporter only
// when an error happens (docs/public-pages.md, JavaScript): they must still show and report.

vi.mock("next/navigation", () => ({
  usePathname: () => "/nieuws",
  useSearchParams: () => new URLSearchParams(),
}));

afterEach(cleanup);

describe("the public pages' error screen (app/(public)/error.tsx), loaded when needed", () => {
  const m = en.errors;
  const texts: TErrorTexts = {
    screens: {
      generic: m.generic,
      notFound: m.notFound,
      forbidden: m.forbidden,
      unauthorized: m.unauthorized,
      wrongCenter: m.wrongCenter,
    },
    codeSuffix: m.generic.code,
    backHome: m.backHome,
  };

  it("shows the screen for the error and reports it once", async () => {
    const reports: string[] = [];
    const stop = onAppError((record) => reports.push(`${record.source}: ${record.message}`));
    vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      render(
        <ErrorTextsProvider texts={texts}>
          <PublicErrorShell error={new ApiError({ statusCode: 403 })} reset={vi.fn()} />
        </ErrorTextsProvider>,
      );
      expect(
        (await screen.findByRole("heading", { level: 1 }, { timeout: 5000 })).textContent,
      ).toBe(m.forbidden.title);
      expect(screen.getByRole("link", { name: m.backHome }).getAttribute("href")).toBe("/");
      await waitFor(() => expect(reports).toHaveLength(1));
      expect(reports[0]).toMatch(/^error-boundary: /);
    } finally {
      stop();
      vi.restoreAllMocks();
    }
  });
});

describe("app/global-error.tsx reporting", () => {
  it("loads the reporter when it is shown and reports the error once", async () => {
    const reports: string[] = [];
    const stop = onAppError((record) => reports.push(`${record.source}: ${record.message}`));
    vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      // Rendered into a container of its own: the component brings <html> and <body>.
      render(<GlobalError error={new Error("the root layout failed")} />, {
        container: document.createElement("div"),
      });
      await waitFor(() => expect(reports).toEqual(["global-error: the root layout failed"]));
    } finally {
      stop();
      vi.restoreAllMocks();
    }
  });
});
