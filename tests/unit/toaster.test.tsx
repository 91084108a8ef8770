import { readFileSync } from "node:fs";
import path from "node:path";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { TOAST_TEXT, TOAST_TONES } from "@/components/toasts/toast-tones";
import { type AppLocale, timeZone } from "@/lib/i18n/config";
import { loadMessages } from "@/lib/i18n/load-messages";
import { AA_TEXT, contrastRatio } from "@/lib/theme/contrast";
import { createToastStore, type ToastStore } from "@/lib/toasts/toast-store";
import { TOAST_COLORS, TOAST_POSITIONS, type ToastPosition } from "@/lib/toasts/toast-types";
import { type UseToast, useToast } from "@/lib/toasts/use-toast";

const messages: Partial<Record<AppLocale, Awaited<ReturnType<typeof loadMessages>>>> = {};
let store: ToastStore;
let api: UseToast;

function Probe() {
  api = useToast();
  return <button type="button">Page content</button>;
}

function renderToaster({
  locale = "nl",
  position,
}: {
  locale?: AppLocale;
  position?: ToastPosition;
} = {}) {
  return render(
    <NextIntlClientProvider locale={locale} messages={messages[locale]} timeZone={timeZone}>
      <ToastProvider store={store} position={position}>
        <Probe />
      </ToastProvider>
    </NextIntlClientProvider>,
  );
}

const assertive = () => document.querySelector<HTMLElement>('[aria-live="assertive"]')!;
const polite = () => document.querySelector<HTMLElement>('[aria-live="polite"]')!;
const toaster = () => document.querySelector<HTMLElement>("[data-toaster]")!;
/** Time passes; React hears about the store's changes inside act. */
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeAll(async () => {
  messages.nl = await loadMessages("nl");
  messages.en = await loadMessages("en");
});
beforeEach(() => {
  vi.useFakeTimers();
  store = createToastStore();
});
afterEach(() => {
  cleanup();
  store.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("toaster live regions (spec §8)", () => {
  it("are in the DOM, empty, before any toast", () => {
    renderToaster();
    expect(document.querySelectorAll('[aria-live="assertive"]')).toHaveLength(1);
    expect(document.querySelectorAll('[aria-live="polite"]')).toHaveLength(1);
    expect(assertive().childElementCount).toBe(0);
    expect(polite().childElementCount).toBe(0);
  });

  it("put a danger toast in the assertive region and every other colour in the polite one", () => {
    renderToaster();
    act(() => {
      api.toast.danger("Opslaan mislukt");
      api.toast.primary("Nieuw bericht");
      api.toast.success("Opgeslagen");
      api.toast.warning("Let op");
      api.toast.info("Ter info");
      api.toast.muted("Stil");
    });
    expect(
      within(assertive())
        .getAllByRole("group")
        .map((g) => g.dataset.color),
    ).toEqual(["danger"]);
    expect(
      within(polite())
        .getAllByRole("group")
        .map((g) => g.dataset.color),
    ).toEqual(["primary", "success", "warning", "info", "muted"]);
  });

  it.each([
    ["nl", "success", "Gelukt"],
    ["nl", "danger", "Fout"],
    ["nl", "warning", "Waarschuwing"],
    ["nl", "info", "Informatie"],
    ["nl", "primary", "Melding"],
    ["nl", "muted", "Melding"],
    ["en", "success", "Success"],
    ["en", "danger", "Error"],
    ["en", "warning", "Warning"],
    ["en", "info", "Information"],
    ["en", "primary", "Notification"],
    ["en", "muted", "Notification"],
  ] as const)("in %s start a %s toast's text with '%s'", (locale, color, label) => {
    renderToaster({ locale });
    act(() => {
      api.toast.add({ title: "Title", message: "Body", color });
    });
    const region = color === "danger" ? assertive() : polite();
    expect(region.textContent).toMatch(new RegExp(`^${label}: Title`));
    const group = screen.getByRole("group", { name: `${label}: Title` });
    // The label is for screen readers only.
    expect(within(group).getByText(`${label}:`).className).toContain("sr-only");
  });
});

describe("a toast", () => {
  it("shows its title, message and an aria-hidden 1em icon", () => {
    renderToaster();
    act(() => {
      api.toast.success("Opgeslagen", { message: "Je wijzigingen zijn bewaard." });
    });
    const group = screen.getByRole("group", { name: "Gelukt: Opgeslagen" });
    expect(group.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(group.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Je wijzigingen zijn bewaard.",
    );
    const icon = group.querySelector("svg")!;
    expect(icon.getAttribute("aria-hidden")).toBe("true");
    expect(icon.getAttribute("width")).toBe("1em");
  });

  it("is at most 36rem wide", () => {
    renderToaster();
    act(() => {
      api.toast.info("Breed");
    });
    expect(screen.getByRole("group").style.maxWidth).toBe("36rem");
  });

  it("is removed by its close button", () => {
    renderToaster();
    act(() => {
      api.toast.info("Weg ermee", { duration: 0 });
    });
    fireEvent.click(screen.getByRole("button", { name: "Melding sluiten" }));
    expect(screen.queryByRole("group")).toBeNull();
  });

  it("names its close button in the active language", () => {
    renderToaster({ locale: "en" });
    act(() => {
      api.toast.info("Bye");
    });
    expect(screen.getByRole("button", { name: "Close notification" })).toBeTruthy();
  });

  it("has no close button when not closable", () => {
    renderToaster();
    act(() => {
      api.toast.info("Blijft even", { closable: false });
    });
    expect(screen.queryByRole("button", { name: "Melding sluiten" })).toBeNull();
  });

  it("closes on Escape and hands focus to the next toast", () => {
    renderToaster();
    act(() => {
      api.toast.info("Eerste", { duration: 0 });
      api.toast.info("Tweede", { duration: 0 });
    });
    const [first, second] = screen.getAllByRole("group");
    act(() => first.focus());
    fireEvent.keyDown(first, { key: "Escape" });
    expect(screen.getAllByRole("group")).toEqual([second]);
    expect(document.activeElement).toBe(second);
  });

  it("shows a decorative progress bar only when timed, hidden under reduced motion", () => {
    renderToaster();
    act(() => {
      api.toast.info("Getimed", { duration: 1600 });
      api.toast.info("Blijvend", { duration: 0 });
    });
    const timed = screen.getByRole("group", { name: "Informatie: Getimed" });
    const bar = timed.querySelector<HTMLElement>("[data-toast-progress]")!;
    expect(bar.getAttribute("aria-hidden")).toBe("true");
    expect(bar.className).toContain("motion-reduce:hidden");
    expect((bar.firstElementChild as HTMLElement).style.transform).toBe("scaleX(1)");
    wait(800);
    expect((bar.firstElementChild as HTMLElement).style.transform).toBe("scaleX(0.5)");
    const lasting = screen.getByRole("group", { name: "Informatie: Blijvend" });
    expect(lasting.querySelector("[data-toast-progress]")).toBeNull();
  });

  it("goes when its duration has elapsed", () => {
    renderToaster();
    act(() => {
      api.toast.success("Kort", { duration: 2000 });
    });
    wait(1999);
    expect(screen.queryByRole("group")).not.toBeNull();
    wait(1);
    expect(screen.queryByRole("group")).toBeNull();
  });
});

describe("pausing a toast (spec §4)", () => {
  function showTimed() {
    renderToaster();
    act(() => {
      api.toast.info("Even", { duration: 1000 });
    });
    wait(400);
    return screen.getByRole("group");
  }

  it("hover pauses it and mouse leave resumes it with the remaining time", () => {
    const toast = showTimed();
    fireEvent.mouseEnter(toast);
    expect(toast.dataset.paused).toBe("true");
    wait(10_000);
    expect(screen.queryByRole("group")).toBe(toast);
    fireEvent.mouseLeave(toast);
    expect(toast.dataset.paused).toBeUndefined();
    wait(599);
    expect(screen.queryByRole("group")).toBe(toast);
    wait(1);
    expect(screen.queryByRole("group")).toBeNull();
  });

  it("focus pauses it and blur resumes it with the remaining time", () => {
    const toast = showTimed();
    act(() => toast.focus());
    wait(10_000);
    expect(toast.dataset.paused).toBe("true");
    act(() => screen.getByRole("button", { name: "Page content" }).focus());
    wait(599);
    expect(screen.queryByRole("group")).toBe(toast);
    wait(1);
    expect(screen.queryByRole("group")).toBeNull();
  });

  it("focus on its close button pauses it too, and moving inside it is not leaving", () => {
    const toast = showTimed();
    const close = within(toast).getByRole("button", { name: "Melding sluiten" });
    act(() => close.focus());
    expect(toast.dataset.paused).toBe("true");
    const resume = vi.spyOn(store, "resume");
    act(() => toast.focus());
    act(() => close.focus());
    expect(resume).not.toHaveBeenCalled();
    wait(10_000);
    expect(screen.queryByRole("group")).toBe(toast);
  });

  it("stays paused until both the pointer and focus have left", () => {
    const toast = showTimed();
    fireEvent.mouseEnter(toast);
    act(() => toast.focus());
    fireEvent.mouseLeave(toast);
    wait(10_000);
    expect(toast.dataset.paused).toBe("true");
    act(() => toast.blur());
    expect(toast.dataset.paused).toBeUndefined();
    wait(600);
    expect(screen.queryByRole("group")).toBeNull();
  });

  it("pauses only the toast under the pointer", () => {
    renderToaster();
    act(() => {
      api.toast.info("Eén", { duration: 1000 });
      api.toast.info("Twee", { duration: 1000 });
    });
    fireEvent.mouseEnter(screen.getByRole("group", { name: "Informatie: Eén" }));
    wait(1000);
    expect(screen.getAllByRole("group")).toEqual([
      screen.getByRole("group", { name: "Informatie: Eén" }),
    ]);
  });
});

describe("toaster position (spec §9)", () => {
  const expected: Record<ToastPosition, string[]> = {
    "top-left": ["top-0", "left-0"],
    "top-center": ["top-0", "left-1/2", "-translate-x-1/2"],
    "top-right": ["top-0", "right-0"],
    "bottom-left": ["bottom-0", "left-0"],
    "bottom-center": ["bottom-0", "left-1/2", "-translate-x-1/2"],
    "bottom-right": ["bottom-0", "right-0"],
  };
  const alignment: Record<ToastPosition, string> = {
    "top-left": "items-start",
    "top-center": "items-center",
    "top-right": "items-end",
    "bottom-left": "items-start",
    "bottom-center": "items-center",
    "bottom-right": "items-end",
  };

  it("is bottom-right by default", () => {
    renderToaster();
    expect(toaster().dataset.position).toBe("bottom-right");
    expect([...toaster().classList]).toEqual(expect.arrayContaining(["bottom-0", "right-0"]));
  });

  it.each(TOAST_POSITIONS)("anchors the stack %s", (position) => {
    renderToaster({ position });
    const classes = [...toaster().classList];
    expect(toaster().dataset.position).toBe(position);
    expect(classes).toEqual(expect.arrayContaining(["fixed", ...expected[position]]));
    const others = Object.values(expected)
      .flat()
      .filter((c) => !expected[position].includes(c));
    for (const other of others) expect(classes).not.toContain(other);
    expect(assertive().classList).toContain(alignment[position]);
    expect(polite().classList).toContain(alignment[position]);
  });

  it("moves when a component sets another position through the hook", () => {
    renderToaster();
    act(() => api.setPosition("top-center"));
    expect(api.position).toBe("top-center");
    expect(toaster().dataset.position).toBe("top-center");
    expect(toaster().classList).toContain("top-0");
  });

  it("keeps the stack within 36rem plus its padding and lets clicks through around it", () => {
    renderToaster();
    // jsdom folds the calc() it was given: calc(36rem + 2rem).
    expect(toaster().style.maxWidth).toMatch(/^calc\((36rem \+ 2rem|38rem)\)$/);
    expect(toaster().classList).toContain("pointer-events-none");
    act(() => {
      api.toast.info("Klikbaar");
    });
    expect(screen.getByRole("group").classList).toContain("pointer-events-auto");
  });
});

describe("useToast", () => {
  it("needs a ToastProvider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow("useToast needs a ToastProvider");
  });

  it("returns the same toast api on every render", () => {
    const { rerender } = renderToaster();
    const first = api.toast;
    rerender(
      <NextIntlClientProvider locale="nl" messages={messages.nl} timeZone={timeZone}>
        <ToastProvider store={store}>
          <Probe />
        </ToastProvider>
      </NextIntlClientProvider>,
    );
    expect(api.toast).toBe(first);
  });
});

describe("toast colours (WCAG 2.2 AA)", () => {
  // Tailwind's own values; the theme roles at their defaults (spec §1: green, slate; danger red).
  const themeCss = readFileSync(
    path.resolve(import.meta.dirname, "../../node_modules/tailwindcss/theme.css"),
    "utf8",
  );
  const roles: Record<string, string> = {
    primary: "green",
    neutral: "slate",
    danger: "red",
  };
  /** "bg-emerald-50" / "text-neutral-800" → its CSS colour. */
  function colorOf(className: string): string {
    if (/^(bg|text)-white$/.test(className)) return "#ffffff";
    const match = /^(?:bg|text)-([a-z]+)-(\d+)$/.exec(className);
    if (!match) throw new Error(`not a colour class: ${className}`);
    const palette = roles[match[1]] ?? match[1];
    const value = new RegExp(`--color-${palette}-${match[2]}:\\s*([^;]+);`).exec(themeCss)?.[1];
    if (!value) throw new Error(`no Tailwind colour for ${className}`);
    return value;
  }

  it.each(TOAST_COLORS)("%s: text and icon are at least 4.5:1 on the toast", (color) => {
    const tone = TOAST_TONES[color];
    const surface = colorOf(tone.surface);
    for (const text of Object.values(TOAST_TEXT)) {
      expect(contrastRatio(colorOf(text), surface)).toBeGreaterThanOrEqual(AA_TEXT);
    }
    expect(contrastRatio(colorOf(tone.icon), surface)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(colorOf(tone.stripe.replace("bg-", "text-")), surface)).toBeGreaterThan(3);
  });
});
