import { describe, expect, it } from "vitest";
import { mergeOverrides } from "@/lib/i18n/merge-overrides";

const bundled = {
  auth: { signIn: { title: "Inloggen", greeting: "Welkom, {name}" } },
  layout: { footer: "© {year} {siteName}" },
};

describe("mergeOverrides (per-tenant message overrides)", () => {
  it("replaces existing texts and leaves the rest and the bundle untouched", () => {
    const { messages, rejected } = mergeOverrides(bundled, [
      { key: "auth.signIn.title", value: "Inloggen bij Oldebroek" },
      { key: "auth.signIn.greeting", value: "Hallo {name}!" },
    ]);
    expect(messages).toEqual({
      auth: { signIn: { title: "Inloggen bij Oldebroek", greeting: "Hallo {name}!" } },
      layout: { footer: "© {year} {siteName}" },
    });
    expect(rejected).toEqual([]);
    expect(bundled.auth.signIn.title).toBe("Inloggen");
  });

  it("rejects keys the bundle does not have, groups, and prototype tricks", () => {
    const { messages, rejected } = mergeOverrides(bundled, [
      { key: "auth.signIn.unknown", value: "x" },
      { key: "auth.signIn", value: "replaces a group" },
      { key: "__proto__.polluted", value: "x" },
      { key: "constructor.prototype.x", value: "x" },
      { key: "", value: "x" },
    ]);
    expect(messages).toEqual(bundled);
    expect(rejected).toHaveLength(5);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("rejects an override whose ICU arguments differ from the bundled text", () => {
    const { messages, rejected } = mergeOverrides(bundled, [
      { key: "layout.footer", value: "© {year}" },
      { key: "auth.signIn.greeting", value: "Welkom, {naam}" },
    ]);
    expect(messages).toEqual(bundled);
    expect(rejected).toEqual(["layout.footer", "auth.signIn.greeting"]);
  });
});
