import { describe, expect, it } from "vitest";
import { clientIp } from "@/lib/bff/request-info";
import { normalizeForwardedFor } from "@/lib/security/forwarded-for";

const TRUSTED = ["127.0.0.1", "::1"];

function seen(headers: Record<string, string>, peer: string | undefined) {
  const copy: Record<string, string | string[] | undefined> = { ...headers };
  normalizeForwardedFor(copy, peer, TRUSTED);
  return copy;
}

describe("the client's address as the BFF passes it on", () => {
  it("a client that connects directly cannot choose it: its header is replaced by the peer", () => {
    const headers = seen(
      { "x-forwarded-for": "1.2.3.4", "x-real-ip": "5.6.7.8", forwarded: "for=9.9.9.9" },
      "203.0.113.7",
    );
    expect(headers).toEqual({ "x-forwarded-for": "203.0.113.7" });
    expect(clientIp(new Headers(headers as Record<string, string>))).toBe("203.0.113.7");
  });

  it("a trusted proxy's header stands; its last entry is the client", () => {
    const headers = seen({ "x-forwarded-for": "1.2.3.4, 198.51.100.2" }, "::ffff:127.0.0.1");
    expect(headers["x-forwarded-for"]).toBe("1.2.3.4, 198.51.100.2");
    expect(clientIp(new Headers(headers as Record<string, string>))).toBe("198.51.100.2");
  });

  it("a trusted proxy that sends none, or no peer at all, leaves only what is known", () => {
    expect(seen({}, "127.0.0.1")).toEqual({ "x-forwarded-for": "127.0.0.1" });
    expect(seen({ "x-forwarded-for": "1.2.3.4" }, undefined)).toEqual({});
    // An IPv4 peer on a dual-stack socket is written plainly.
    expect(seen({}, "::ffff:203.0.113.9")).toEqual({ "x-forwarded-for": "203.0.113.9" });
  });
});
