import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { fillText, formatPlural, pluralText } from "@/lib/i18n/island-texts";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

// The browser's formatting of a count message must equal next-intl's on the server for every
// count: the island ships without next-intl.
describe("texts for a client island", () => {
  for (const [locale, messages] of [
    ["nl", nl],
    ["en", en],
  ] as const) {
    it(`a count message formats as next-intl does, for every count (${locale})`, () => {
      const t = createTranslator({ locale, messages, namespace: "socialMap" });
      const text = pluralText(locale, (count) => t("inView", { count }));
      for (const count of [0, 1, 2, 3, 11, 21, 100, 1000, 12345]) {
        expect(formatPlural(text, count), String(count)).toBe(t("inView", { count }));
      }
      // The message's own "=0" form is kept apart.
      expect(Object.keys(text.exact)).toEqual(["0"]);
    });
  }

  it("refuses a message whose number cannot be told apart", () => {
    expect(() => pluralText("en", (count) => `${count} of ${count}`)).toThrow(/exactly once/);
  });

  it("fills named placeholders and leaves unknown ones", () => {
    expect(fillText("Toon {name} op de kaart", { name: "Buurthuis" })).toBe(
      "Toon Buurthuis op de kaart",
    );
    expect(fillText("{count} organisaties, {rest}", { count: 4 })).toBe("4 organisaties, {rest}");
  });
});
