import { describe, expect, it } from "vitest";
import { isSafeLinkHref, safeLinkHref } from "@/lib/rich-text/safe-link";

describe("safeLinkHref: the editor's link rule", () => {
  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "  javascript:alert(document.cookie)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u0000javascript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "ftp://example.nl/",
    "//evil.example/",
    "/relative/path",
    "https://",
    "mailto:",
    "",
    "gewoon wat tekst",
  ])("refuses %j", (input) => {
    expect(safeLinkHref(input)).toBeNull();
  });

  it.each([
    ["https://www.voorbeeld.nl/vacatures?x=1#y", "https://www.voorbeeld.nl/vacatures?x=1#y"],
    ["http://voorbeeld.nl", "http://voorbeeld.nl"],
    ["  https://voorbeeld.nl  ", "https://voorbeeld.nl"],
    ["www.voorbeeld.nl", "https://www.voorbeeld.nl"],
    ["voorbeeld.nl/pad", "https://voorbeeld.nl/pad"],
    ["mailto:info@voorbeeld.nl", "mailto:info@voorbeeld.nl"],
    ["tel:+31612345678", "tel:+31612345678"],
  ])("takes %j as %j", (input, expected) => {
    expect(safeLinkHref(input)).toBe(expected);
  });

  it("lets Tiptap's link take only what it would store itself", () => {
    expect(isSafeLinkHref("https://voorbeeld.nl")).toBe(true);
    expect(isSafeLinkHref("javascript:alert(1)")).toBe(false);
    // A bare host is stored with its scheme, so the bare form is not a stored href.
    expect(isSafeLinkHref("www.voorbeeld.nl")).toBe(false);
    expect(isSafeLinkHref(null)).toBe(false);
  });
});
