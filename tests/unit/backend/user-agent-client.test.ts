import { describe, expect, it } from "vitest";
import {
  browserOf,
  clientFromUserAgent,
  describeClient,
  operatingSystemOf,
} from "../../../backend/auth/user-agent-client";

// Real User-Agents of current browsers (2024), each borrowing other browsers' names.
const UA = {
  chromeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  chromeMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  chromeAndroid:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
  chromeIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51",
  edgeAndroid:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 EdgA/124.0.2478.64",
  edgeIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/124.2478.50 Mobile/15E148 Safari/605.1.15",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
  firefoxUbuntu: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
  firefoxWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0",
  firefoxAndroid: "Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0",
  firefoxIpad:
    "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1",
  operaWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/109.0.0.0",
  operaAndroid:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 OPR/82.0.4227.80",
  operaPresto: "Opera/9.80 (Windows NT 6.1) Presto/2.12.388 Version/12.18",
  samsungAndroid:
    "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
  chromebook:
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  instagramIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 327.0.2.29.97",
};

describe("clientFromUserAgent", () => {
  it.each([
    [UA.chromeWindows, "Chrome op Windows"],
    [UA.chromeMac, "Chrome op macOS"],
    [UA.chromeAndroid, "Chrome op Android"],
    [UA.chromeIphone, "Chrome op iOS"],
    [UA.edgeWindows, "Edge op Windows"],
    [UA.edgeAndroid, "Edge op Android"],
    [UA.edgeIphone, "Edge op iOS"],
    [UA.firefoxLinux, "Firefox op Linux"],
    [UA.firefoxUbuntu, "Firefox op Linux"],
    [UA.firefoxWindows, "Firefox op Windows"],
    [UA.firefoxAndroid, "Firefox op Android"],
    [UA.firefoxIpad, "Firefox op iOS"],
    [UA.safariMac, "Safari op macOS"],
    [UA.safariIphone, "Safari op iOS"],
    [UA.operaWindows, "Opera op Windows"],
    [UA.operaAndroid, "Opera op Android"],
    [UA.operaPresto, "Opera op Windows"],
  ])("names the browser and system of %s", (userAgent, expected) => {
    expect(clientFromUserAgent(userAgent)).toBe(expected);
  });

  it("says 'on' for an English account and 'op' for a Dutch one or an unknown locale", () => {
    expect(clientFromUserAgent(UA.firefoxLinux, "en")).toBe("Firefox on Linux");
    expect(clientFromUserAgent(UA.safariIphone, "nl")).toBe("Safari op iOS");
    expect(clientFromUserAgent(UA.safariIphone, "de")).toBe("Safari op iOS");
  });

  it("keeps the part it knows when the other is not in the mapping", () => {
    // Samsung Internet says Chrome but is not; a Chromebook says Linux but is ChromeOS.
    expect(clientFromUserAgent(UA.samsungAndroid)).toBe("Android");
    expect(clientFromUserAgent(UA.chromebook)).toBe("Chrome");
    // An in-app web view names no browser of its own.
    expect(clientFromUserAgent(UA.instagramIphone)).toBe("iOS");
  });

  it("is null for no User-Agent, a program's and a made-up one", () => {
    for (const userAgent of [undefined, null, "", "curl/8.5.0", "lightMyRequest", "undici", "x"]) {
      expect(clientFromUserAgent(userAgent)).toBeNull();
    }
  });

  it("keeps no version, build or device detail, and stays short whatever it is sent", () => {
    for (const userAgent of Object.values(UA)) {
      const client = clientFromUserAgent(userAgent, "en");
      expect(client).toMatch(
        /^(Chrome|Edge|Firefox|Safari|Opera|Windows|macOS|Linux|Android|iOS)( on (Windows|macOS|Linux|Android|iOS))?$/,
      );
    }
    const huge = `${UA.firefoxLinux} ${"A".repeat(100_000)} Chrome/1 Windows`;
    expect(clientFromUserAgent(huge)).toBe("Firefox op Linux");
  });

  it("reads only the head of the header: names past 512 characters do not count", () => {
    expect(clientFromUserAgent(`${"x".repeat(600)} Firefox/125.0 (X11; Linux x86_64)`)).toBeNull();
  });
});

describe("the parts", () => {
  it("prefers the browser that borrows the others' names", () => {
    expect(browserOf(UA.edgeWindows)).toBe("Edge");
    expect(browserOf(UA.operaWindows)).toBe("Opera");
    expect(browserOf(UA.chromeWindows)).toBe("Chrome");
    expect(browserOf(UA.safariIphone)).toBe("Safari");
  });

  it("takes an iPhone for iOS (not macOS) and Android for Android (not Linux)", () => {
    expect(operatingSystemOf(UA.safariIphone)).toBe("iOS");
    expect(operatingSystemOf(UA.chromeAndroid)).toBe("Android");
    expect(operatingSystemOf(UA.firefoxLinux)).toBe("Linux");
  });

  it("describeClient joins the two, or gives the one it has, or null", () => {
    expect(describeClient("Firefox", "Linux")).toBe("Firefox op Linux");
    expect(describeClient("Firefox", "Linux", "en")).toBe("Firefox on Linux");
    expect(describeClient(null, "Android")).toBe("Android");
    expect(describeClient("Safari", null)).toBe("Safari");
    expect(describeClient(null, null)).toBeNull();
  });
});
