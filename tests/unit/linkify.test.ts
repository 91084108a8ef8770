import { describe, expect, it } from "vitest";
import { linkify } from "@/lib/dev-mail/linkify";

describe("linkify", () => {
  it("turns http and https URLs into link parts between text parts", () => {
    expect(linkify("Reset: https://demo.localhost:3000/a?b=1&c=2 or http://x.test/y now")).toEqual([
      { kind: "text", text: "Reset: " },
      {
        kind: "link",
        text: "https://demo.localhost:3000/a?b=1&c=2",
        href: "https://demo.localhost:3000/a?b=1&c=2",
      },
      { kind: "text", text: " or " },
      { kind: "link", text: "http://x.test/y", href: "http://x.test/y" },
      { kind: "text", text: " now" },
    ]);
  });

  it("leaves sentence punctuation after a URL in the text", () => {
    expect(linkify("Go to http://x.test/reset.\n(see https://y.test)")).toEqual([
      { kind: "text", text: "Go to " },
      { kind: "link", text: "http://x.test/reset", href: "http://x.test/reset" },
      { kind: "text", text: ".\n(see " },
      { kind: "link", text: "https://y.test", href: "https://y.test" },
      { kind: "text", text: ")" },
    ]);
  });

  it("makes no link of other schemes or of text without a URL", () => {
    expect(linkify("javascript:alert(1) mailto:a@b.test ftp://x.test")).toEqual([
      { kind: "text", text: "javascript:alert(1) mailto:a@b.test ftp://x.test" },
    ]);
    expect(linkify("")).toEqual([]);
  });

  it("keeps a URL that does not parse as text", () => {
    expect(linkify("bad http://[::1 end")).toEqual([{ kind: "text", text: "bad http://[::1 end" }]);
  });

  it("starts and ends with a link when the text does", () => {
    expect(linkify("https://a.test")).toEqual([
      { kind: "link", text: "https://a.test", href: "https://a.test" },
    ]);
  });
});
