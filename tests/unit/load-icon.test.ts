import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Icon } from "@/components/ui/icon";
import { RemoteIcon } from "@/components/ui/remote-icon";
import { clearIconCache, ICON_FETCH_TIMEOUT_MS, isIconName, loadIcon } from "@/lib/icons/load-icon";

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24"/></svg>';

const svgResponse = (body = SVG, init: ResponseInit = {}) =>
  new Response(body, { status: 200, headers: { "Content-Type": "image/svg+xml" }, ...init });

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];
let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

/** A fetch that answers only when told, and rejects as fetch does when its signal aborts. */
function hangingFetch() {
  return (_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      const signal = init?.signal;
      signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
    });
}

beforeEach(() => {
  clearIconCache();
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () => svgResponse());
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("loadIcon", () => {
  it("fetches /icons/<name>.svg from this site only and gives a data: URL of it", async () => {
    const url = await loadIcon("heart");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [input, init] = fetchMock.mock.calls[0];
    expect(input).toBe("/icons/heart.svg");
    expect(init?.mode).toBe("same-origin");
    expect(init?.credentials).toBe("same-origin");
    expect(url).toBe(`data:image/svg+xml,${encodeURIComponent(SVG)}`);
    // Quotes are escaped, so the URL cannot end a CSS url("…") early.
    expect(url).not.toContain('"');
  });

  it("loads each name once: later and simultaneous uses share the answer", async () => {
    const [a, b] = await Promise.all([loadIcon("heart"), loadIcon("heart")]);
    const c = await loadIcon("heart");
    expect(a).toBe(b);
    expect(c).toBe(a);
    await loadIcon("calendar");
    expect(fetchMock.mock.calls.map(([input]) => input)).toEqual([
      "/icons/heart.svg",
      "/icons/calendar.svg",
    ]);
  });

  it("refuses names that could leave /icons/ or the site, without fetching", async () => {
    for (const name of [
      "../secret",
      "a/b",
      "Heart",
      "heart.svg",
      "",
      "//evil.example/x",
      "https:",
      "a b",
      "heart%2F..",
    ]) {
      expect(isIconName(name)).toBe(false);
      expect(await loadIcon(name)).toBeNull();
    }
    expect(fetchMock).not.toHaveBeenCalled();
    expect(isIconName("map-pin-2")).toBe(true);
  });

  it("gives up after 1500 ms (spec §9) through AbortSignal.timeout, and tries again on a later use", async () => {
    vi.useFakeTimers();
    // AbortSignal.timeout runs on Node's own timer, which fake timers cannot move; this
    // stand-in aborts on setTimeout, so the test decides when 1500 ms have passed.
    const timeout = vi.spyOn(AbortSignal, "timeout").mockImplementation((ms: number) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new DOMException("timed out", "TimeoutError")), ms);
      return controller.signal;
    });
    fetchMock.mockImplementation(hangingFetch());

    let result: string | null | undefined;
    void loadIcon("heart").then((value) => {
      result = value;
    });
    expect(ICON_FETCH_TIMEOUT_MS).toBe(1500);
    expect(timeout).toHaveBeenCalledWith(1500);

    await vi.advanceTimersByTimeAsync(1499);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBeNull();

    // A time-out may pass: it is not remembered.
    fetchMock.mockImplementation(async () => svgResponse());
    expect(await loadIcon("heart")).toMatch(/^data:image\/svg\+xml,/);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("gives null for a network error, and fetches again next time", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    expect(await loadIcon("heart")).toBeNull();
    expect(await loadIcon("heart")).not.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("gives null for a missing file or something that is not an SVG, and remembers that", async () => {
    fetchMock.mockImplementation(async (input) => {
      if (String(input).includes("missing")) return new Response("Not found", { status: 404 });
      if (String(input).includes("html"))
        return new Response("<html>…</html>", { headers: { "Content-Type": "text/html" } });
      return svgResponse("<p>no svg here</p>");
    });
    expect(await loadIcon("missing")).toBeNull();
    expect(await loadIcon("html")).toBeNull();
    expect(await loadIcon("fake")).toBeNull();
    expect(await loadIcon("missing")).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

describe("the icon components' first render (server and hydration)", () => {
  it("draws a bundled icon at 1em, hidden from assistive technology unless labelled", () => {
    const plain = renderToString(createElement(Icon, { name: "bell" }));
    expect(plain).toMatch(/^<svg[^>]*width="1em"[^>]*height="1em"/);
    expect(plain).toContain('aria-hidden="true"');
    expect(plain).not.toContain("role=");
    const labelled = renderToString(createElement(Icon, { name: "warning", label: "Let op" }));
    expect(labelled).toContain('role="img"');
    expect(labelled).toContain('aria-label="Let op"');
    expect(labelled).not.toContain("aria-hidden");
  });

  it("reserves the 1em box of a remote icon before it has loaded, with no mask yet", () => {
    const html = renderToString(createElement(RemoteIcon, { name: "heart" }));
    expect(html).toContain("width:1em;height:1em");
    expect(html).toContain('aria-hidden="true"');
    expect(html).not.toContain("mask");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
