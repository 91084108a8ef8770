import { describe, expect, it } from "vitest";
import { resolveNavigationTarget, safeInternalPath } from "@/lib/navigation/safe-navigation";

describe("resolveNavigationTarget (spec §2: no external URL without permission, no dangerous protocol)", () => {
  it("accepts paths on this site", () => {
    expect(resolveNavigationTarget("/vacancies/search?q=tuin#top")).toEqual({
      kind: "internal",
      path: "/vacancies/search?q=tuin#top",
    });
    expect(resolveNavigationTarget("  /dashboard ")).toEqual({
      kind: "internal",
      path: "/dashboard",
    });
  });

  it("refuses external URLs unless they are explicitly allowed", () => {
    expect(resolveNavigationTarget("https://example.org/x")).toBeNull();
    expect(resolveNavigationTarget("https://example.org/x", { allowExternal: true })).toEqual({
      kind: "external",
      url: "https://example.org/x",
    });
  });

  it("counts an absolute URL on our own origin as internal", () => {
    expect(
      resolveNavigationTarget("https://demo.volunteerly.nl/partners?a=1", {
        origin: "https://demo.volunteerly.nl",
      }),
    ).toEqual({ kind: "internal", path: "/partners?a=1" });
  });

  it("refuses an address on our own origin whose path would leave the site as a target", () => {
    const origin = "https://demo.volunteerly.nl";
    expect(resolveNavigationTarget(`${origin}//evil.example/x`, { origin })).toBeNull();
    expect(resolveNavigationTarget(`${origin}/\\evil.example/x`, { origin })).toBeNull();
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "blob:https://example.org/uuid",
    "about:blank",
    "mailto:someone@example.org",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https://demo.volunteerly.nl@evil.example/",
    "https://user:pass@example.org/",
    "dashboard",
    "",
  ])("always refuses %j, even when external targets are allowed", (value) => {
    expect(resolveNavigationTarget(value, { allowExternal: true })).toBeNull();
  });

  it("refuses values that are not strings or absurdly long", () => {
    expect(resolveNavigationTarget(undefined)).toBeNull();
    expect(resolveNavigationTarget(null)).toBeNull();
    expect(resolveNavigationTarget(`/${"a".repeat(3000)}`)).toBeNull();
  });
});

describe("safeInternalPath", () => {
  it("gives the path, or the fallback for anything that would leave the site", () => {
    expect(safeInternalPath("/users/5", "/")).toBe("/users/5");
    expect(safeInternalPath("https://example.org", "/")).toBe("/");
    expect(safeInternalPath("javascript:alert(1)", "/dashboard")).toBe("/dashboard");
  });
});
