import { describe, expect, it } from "vitest";
import {
  bundledTranslator,
  localeLoadFailureText,
  unknownRouteMiddlewareText,
} from "@/lib/i18n/catalogue-texts";
import nl from "@/messages/nl.json";
import { flattenKeys, type Messages, messageAt } from "./support/translation-usage";

// Dutch UI text addresses the reader informally, "je"/"jouw" (STYLE.md, spec §1). A spec
// text quoted verbatim would be the only reason to allow "u"/"uw"; none does today, so the
// allow-list is empty. Listed as message keys, never as patterns.
const FORMAL_ALLOWED: readonly string[] = [];

// "u"/"uw" in any case as whole words: not inside "uur" or "duur", nor a hyphenated "u-bocht".
const FORMAL = /(?<![\p{L}\p{N}-])(?:u|uw)(?![\p{L}\p{N}-])/iu;

describe("Dutch messages", () => {
  it("address the reader with je/jouw, never u/uw", () => {
    const formal = flattenKeys(nl as Messages)
      .filter((key) => !FORMAL_ALLOWED.includes(key))
      .map((key) => [key, messageAt(nl as Messages, key) ?? ""] as const)
      // ICU placeholders ({count}) and markup tags (<link>) are not text.
      .filter(([, text]) => FORMAL.test(text.replace(/\{[^{}]*\}|<\/?\w+>/g, " ")));
    expect(formal).toEqual([]);
  });

  it("the check finds the formal forms it is meant to", () => {
    for (const text of ["Kunt u dat?", "Uw account", "U kunt", "voor u.", "(uw)"]) {
      expect(FORMAL.test(text), text).toBe(true);
    }
    for (const text of ["uur", "duur", "Je kunt", "jouw account", "u-bocht", "menu"]) {
      expect(FORMAL.test(text), text).toBe(false);
    }
  });
});

describe("spec §8 texts outside a render", () => {
  it("come from the messages in both languages, English verbatim", () => {
    const en = bundledTranslator("en");
    const dutch = bundledTranslator("nl");
    expect(unknownRouteMiddlewareText(en)).toBe("Unknown route middleware");
    expect(localeLoadFailureText(en)).toBe("Failed loading locale");
    expect(unknownRouteMiddlewareText(dutch)).toBe(nl.errors.unknownRouteMiddleware);
    expect(localeLoadFailureText(dutch)).toBe(nl.errors.localeLoadFailure);
    expect(unknownRouteMiddlewareText(dutch)).not.toBe(unknownRouteMiddlewareText(en));
  });
});
