import { describe, expect, it } from "vitest";
import { parseRetryAfter, retryAfterOf } from "@/lib/errors/retry-after";

describe("parseRetryAfter", () => {
  it("reads delta-seconds", () => {
    expect(parseRetryAfter("120")).toBe(120);
    expect(parseRetryAfter(" 5 ")).toBe(5);
  });

  it("reads an HTTP date relative to now, never below zero", () => {
    const now = Date.parse("2026-11-21T12:00:00Z");
    expect(parseRetryAfter("Sat, 21 Nov 2026 12:01:30 GMT", now)).toBe(90);
    expect(parseRetryAfter("Sat, 21 Nov 2026 11:00:00 GMT", now)).toBe(0);
  });

  it("gives undefined for a missing or unreadable value", () => {
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter("")).toBeUndefined();
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter("-3")).toBeUndefined();
  });
});

describe("retryAfterOf", () => {
  it("reads the Retry-After header an error carries", () => {
    expect(retryAfterOf({ headers: new Headers({ "Retry-After": "30" }) })).toBe(30);
  });

  it("reads a parsed retryAfter value", () => {
    expect(retryAfterOf({ retryAfter: 42 })).toBe(42);
  });

  it("gives undefined for errors without either", () => {
    expect(retryAfterOf(new Error("x"))).toBeUndefined();
    expect(retryAfterOf({ headers: { "retry-after": "30" } })).toBeUndefined();
    expect(retryAfterOf(null)).toBeUndefined();
  });
});
