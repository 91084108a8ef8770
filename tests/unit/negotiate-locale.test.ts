import { describe, expect, it } from "vitest";
import { matchAcceptLanguage, negotiateLocale } from "@/lib/i18n/negotiate";

describe("negotiateLocale (spec §1: cookie, then browser language, then fallback nl)", () => {
  it("uses the i18n_redirected cookie when it names a supported locale", () => {
    expect(negotiateLocale({ cookie: "en", acceptLanguage: "nl-NL,nl;q=0.9" })).toBe("en");
    // A language the URL asks for (?lang=, handed on by proxy.ts) comes before the cookie.
    expect(negotiateLocale({ fromUrl: "nl", cookie: "en", acceptLanguage: "en" })).toBe("nl");
    expect(negotiateLocale({ fromUrl: "de", cookie: "en" })).toBe("en");
    expect(negotiateLocale({ cookie: "nl", acceptLanguage: "en-US,en;q=0.9" })).toBe("nl");
  });

  it("ignores a cookie with an unsupported value and falls back to the browser language", () => {
    expect(negotiateLocale({ cookie: "de", acceptLanguage: "en-GB" })).toBe("en");
    expect(negotiateLocale({ cookie: "EN", acceptLanguage: "en-GB" })).toBe("en");
    expect(negotiateLocale({ cookie: "", acceptLanguage: "nl" })).toBe("nl");
  });

  it("falls back to nl without cookie and without a matching browser language", () => {
    expect(negotiateLocale({})).toBe("nl");
    expect(negotiateLocale({ cookie: null, acceptLanguage: null })).toBe("nl");
    expect(negotiateLocale({ acceptLanguage: "de-DE,fr;q=0.8" })).toBe("nl");
  });
});

describe("matchAcceptLanguage", () => {
  it("matches a regional tag on its primary language", () => {
    expect(matchAcceptLanguage("en-US")).toBe("en");
    expect(matchAcceptLanguage("nl-BE")).toBe("nl");
  });

  it("takes the highest quality value, not the first listed", () => {
    expect(matchAcceptLanguage("nl;q=0.5,en;q=0.9")).toBe("en");
    expect(matchAcceptLanguage("de,nl;q=0.4,en;q=0.7")).toBe("en");
  });

  it("keeps the browser's order between equal quality values", () => {
    expect(matchAcceptLanguage("en,nl")).toBe("en");
    expect(matchAcceptLanguage("nl,en")).toBe("nl");
  });

  it("skips unsupported languages and languages refused with q=0", () => {
    expect(matchAcceptLanguage("fr-FR,fr;q=0.9,nl;q=0.8")).toBe("nl");
    expect(matchAcceptLanguage("en;q=0,nl;q=0.1")).toBe("nl");
    expect(matchAcceptLanguage("en;q=0")).toBeUndefined();
  });

  it("leaves a wildcard to the fallback", () => {
    expect(matchAcceptLanguage("*")).toBeUndefined();
    expect(matchAcceptLanguage("*,en;q=0.5")).toBe("en");
  });

  it("reads case and spacing loosely", () => {
    expect(matchAcceptLanguage(" EN-us ; q=0.8 , de ")).toBe("en");
  });

  it("returns undefined for an empty or missing header", () => {
    expect(matchAcceptLanguage("")).toBeUndefined();
    expect(matchAcceptLanguage(undefined)).toBeUndefined();
  });
});
