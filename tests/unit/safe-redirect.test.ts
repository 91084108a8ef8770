import { describe, expect, it } from "vitest";
import { safeReturnPath } from "@/lib/navigation/safe-return-path";
import { signInPath } from "@/lib/navigation/sign-in-path";

describe("safeReturnPath", () => {
  it.each(["/dashboard", "/users/12/edit", "/vacancies/search?q=tuin&page=2", "/a#section", "/"])(
    "keeps the relative path %s",
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    ["an absolute URL", "https://evil.example/steal"],
    ["a protocol-relative URL", "//evil.example"],
    ["a backslash that browsers read as a slash", "/\\evil.example"],
    ["a leading backslash", "\\\\evil.example"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a path without leading slash", "dashboard"],
    ["a tab that URL parsers strip", "/\t/evil.example"],
    ["a newline", "/\n/evil.example"],
    ["an empty string", ""],
  ])("falls back to /dashboard for %s", (_, value) => {
    expect(safeReturnPath(value)).toBe("/dashboard");
  });

  it("falls back when there is no value", () => {
    expect(safeReturnPath(undefined)).toBe("/dashboard");
    expect(safeReturnPath(null)).toBe("/dashboard");
  });

  it("uses a given fallback", () => {
    expect(safeReturnPath("//x", "/")).toBe("/");
  });
});

describe("signInPath", () => {
  it("carries the return path as an encoded redirect parameter", () => {
    expect(signInPath("/dashboard?tab=roles&x=1")).toBe(
      "/auth/login-1?redirect=%2Fdashboard%3Ftab%3Droles%26x%3D1",
    );
  });

  it("has no parameter without a return path", () => {
    expect(signInPath()).toBe("/auth/login-1");
    expect(signInPath("/")).toBe("/auth/login-1");
  });
});
