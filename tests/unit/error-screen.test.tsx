import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import ErrorPage from "@/app/(site)/error";
import { ErrorBoundaryScreen } from "@/components/errors/error-boundary-screen";
import { GlobalErrorScreen } from "@/components/errors/global-error-screen";
import { GLOBAL_ERROR_TEXTS } from "@/components/errors/global-error-texts";
import { ApiError } from "@/lib/api/errors";
import { WRONG_CENTER_DIGEST } from "@/lib/errors/error-kind";
import { readReportingConfig } from "@/lib/errors/reporting-config";
import { type AppLocale, timeZone } from "@/lib/i18n/config";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

const navigation = vi.hoisted(() => ({ pathname: "/vacancies/12", search: "" }));
vi.mock("next/navigation", () => ({
  usePathname: () => navigation.pathname,
  useSearchParams: () => new URLSearchParams(navigation.search),
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
}));

const MESSAGES = { en, nl } as const;

function inLocale(locale: AppLocale, ui: React.ReactNode) {
  return (
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone={timeZone}>
      {ui}
    </NextIntlClientProvider>
  );
}

function renderScreen(
  error: unknown,
  { locale = "en", development = false, onClear = () => {} } = {} as {
    locale?: AppLocale;
    development?: boolean;
    onClear?: () => void;
  },
) {
  return render(
    inLocale(
      locale,
      <ErrorBoundaryScreen error={error} onClear={onClear} development={development} />,
    ),
  );
}

const heading = () => screen.getByRole("heading", { level: 1 }).textContent;

beforeEach(() => {
  navigation.pathname = "/vacancies/12";
  navigation.search = "";
});
afterEach(cleanup);

describe("the error screen (spec §8), in English and Dutch", () => {
  const wrongCenter = new ApiError({ statusCode: 401, errors: ["wrong center"] });
  const cases = [
    ["401", new ApiError({ statusCode: 401 }), "unauthorized"],
    ["403", new ApiError({ statusCode: 403 }), "forbidden"],
    ["404", new ApiError({ statusCode: 404 }), "notFound"],
    ["'wrong center'", wrongCenter, "wrongCenter"],
    ["a plain error", new Error("boom"), "generic"],
  ] as const;

  for (const locale of ["en", "nl"] as const) {
    const m = MESSAGES[locale].errors;
    it.each(cases)(`shows the texts for %s (${locale})`, (_name, error, kind) => {
      renderScreen(error, { locale });
      expect(heading()).toBe(m[kind].title);
      expect(screen.getByText(m[kind].description)).toBeTruthy();
      expect(screen.getByRole("link", { name: m.backHome }).getAttribute("href")).toBe("/");
    });
  }

  it("keeps the spec's English texts verbatim", () => {
    renderScreen(new ApiError({ statusCode: 401 }));
    expect(heading()).toBe("Not authorized");
    expect(screen.getByText("You are not authorized to access this page.")).toBeTruthy();
    cleanup();
    renderScreen(new ApiError({ statusCode: 403 }));
    expect(heading()).toBe("Access forbidden");
    expect(screen.getByText("You do not have access rights to this page.")).toBeTruthy();
    cleanup();
    renderScreen(new ApiError({ statusCode: 404 }));
    expect(heading()).toBe("Page not found");
    expect(
      screen.getByText(
        "We couldn't find the page you were looking for, please contact a system administrator or try again later.",
      ),
    ).toBeTruthy();
    cleanup();
    renderScreen(new Error("boom"));
    expect(heading()).toBe("Oops... something went wrong!");
    expect(
      screen.getByText(
        "An error has occurred. If the problem persists, please contact a system administrator or try again later.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to home" })).toBeTruthy();
  });

  it("adds ' (error code: 500)' to the generic title when the error has a status", () => {
    renderScreen(new ApiError({ statusCode: 500 }));
    expect(heading()).toBe("Oops... something went wrong! (error code: 500)");
    cleanup();
    renderScreen(new ApiError({ statusCode: 502 }), { locale: "nl" });
    expect(heading()).toBe("Oeps... er is iets misgegaan! (foutcode: 502)");
  });

  it("has no code when the request got no answer (status 0)", () => {
    renderScreen(new ApiError({ statusCode: 0 }));
    expect(heading()).toBe("Oops... something went wrong!");
  });

  it("names the path on the 404 screen", () => {
    navigation.pathname = "/vacancies/999";
    renderScreen(new ApiError({ statusCode: 404 }));
    expect(screen.getByText("Page not found: /vacancies/999")).toBeTruthy();
    cleanup();
    renderScreen(new ApiError({ statusCode: 404 }), { locale: "nl" });
    expect(screen.getByText("Pagina niet gevonden: /vacancies/999")).toBeTruthy();
  });

  it("knows the wrong-center error of a server render by its digest alone", () => {
    // A production build passes the browser only the digest of a server error.
    const fromServer = Object.assign(
      new Error("An error occurred in the Server Components render."),
      {
        digest: WRONG_CENTER_DIGEST,
      },
    );
    renderScreen(fromServer);
    expect(heading()).toBe("Logged in to the wrong website");
  });
});

describe("the development tools on the error screen", () => {
  const error = new Error("boom in development");

  it("are not there outside development", () => {
    renderScreen(error, { development: false });
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByText(/boom in development/)).toBeNull();
  });

  it("toggle the stack trace with Show / Hide, announcing the state", () => {
    renderScreen(error, { development: true });
    const toggle = screen.getByRole("button", { name: "Show" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    const stack = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(stack?.textContent).toContain("boom in development");
    expect(stack?.hidden).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.textContent).toBe("Hide");
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(stack?.hidden).toBe(false);

    fireEvent.click(toggle);
    expect(toggle.textContent).toBe("Show");
    expect(stack?.hidden).toBe(true);
  });

  it("clear the error with Clear Error", () => {
    const onClear = vi.fn();
    renderScreen(error, { development: true, onClear });
    fireEvent.click(screen.getByRole("button", { name: "Clear Error" }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it("are in Dutch too", () => {
    renderScreen(error, { development: true, locale: "nl" });
    const toggle = screen.getByRole("button", { name: "Tonen" });
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe("Verbergen");
    expect(screen.getByRole("button", { name: "Fout wissen" })).toBeTruthy();
    expect(screen.getByText("Stacktrace")).toBeTruthy();
  });
});

describe("app/(site)/error.tsx", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    return () => vi.restoreAllMocks();
  });

  const renderBoundary = (error: unknown, reset = vi.fn()) => {
    const view = render(inLocale("en", <ErrorPage error={error} reset={reset} />));
    return { ...view, reset };
  };

  it("reports the error once, to the app error hook with an id", () => {
    const error = new Error("caught by the boundary");
    renderBoundary(error);
    const reports = vi
      .mocked(console.error)
      .mock.calls.filter(([first]) => String(first).startsWith("[app-error] "));
    expect(reports).toHaveLength(1);
    expect(reports[0][1]).toMatchObject({
      source: "error-boundary",
      message: "caught by the boundary",
    });
  });

  it("is cleared when only the query changes, which Next's own reset does not cover", () => {
    navigation.pathname = "/test/server-error";
    navigation.search = "status=500&where=client";
    const { reset, rerender } = renderBoundary(new Error("boom"));
    expect(reset).not.toHaveBeenCalled();

    navigation.search = "";
    act(() => rerender(inLocale("en", <ErrorPage error={new Error("boom")} reset={reset} />)));
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it("is cleared when the path changes", () => {
    const { reset, rerender } = renderBoundary(new Error("boom"));
    navigation.pathname = "/dashboard";
    act(() => rerender(inLocale("en", <ErrorPage error={new Error("boom")} reset={reset} />)));
    expect(reset).toHaveBeenCalled();
  });
});

describe("app/global-error.tsx", () => {
  it("says what went wrong in Dutch and in English, with links home", () => {
    render(<GlobalErrorScreen />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(GLOBAL_ERROR_TEXTS.nl.title);
    const english = screen.getByRole("heading", { level: 2 });
    expect(english.textContent).toBe("Oops... something went wrong!");
    expect(english.closest("[lang]")?.getAttribute("lang")).toBe("en");
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
    expect(
      screen.getByRole("link", { name: "Terug naar de startpagina" }).getAttribute("href"),
    ).toBe("/");
  });

  it("are the generic texts of messages/*.json, which that screen cannot load", () => {
    for (const locale of ["en", "nl"] as const) {
      const m = MESSAGES[locale].errors;
      expect(GLOBAL_ERROR_TEXTS[locale]).toEqual({
        title: m.generic.title,
        description: m.generic.description,
        backHome: m.backHome,
      });
    }
  });
});

describe("the browser's error-reporting configuration", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  async function renderConfigInHead() {
    vi.resetModules(); // lib/env.ts parses the environment once, on import
    const { ErrorReportingConfig } = await import("@/components/errors/error-reporting-config");
    return render(<ErrorReportingConfig />, { container: document.head });
  }

  it("is in <head> only with SENTRY_DSN, and instrumentation-client.ts reads it back", async () => {
    vi.stubEnv("SENTRY_DSN", "https://publickey@o1.ingest.example.io/2");
    vi.stubEnv("SENTRY_ENVIRONMENT", "staging");
    await renderConfigInHead();
    expect(readReportingConfig(document)).toEqual({
      dsn: "https://publickey@o1.ingest.example.io/2",
      environment: "staging",
    });
  });

  it("is absent without SENTRY_DSN, so the browser loads no Sentry", async () => {
    vi.stubEnv("SENTRY_DSN", undefined);
    await renderConfigInHead();
    expect(document.head.querySelector("meta")).toBeNull();
    expect(readReportingConfig(document)).toBeUndefined();
  });
});
