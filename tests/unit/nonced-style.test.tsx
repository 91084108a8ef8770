import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { NoncedStyle } from "@/components/security/nonced-style";

afterEach(cleanup);

describe("NoncedStyle", () => {
  it("keeps the nonce of the first render while its rules follow later renders", () => {
    const { container, rerender } = render(<NoncedStyle nonce="first" css=":root{--a:1}" />);
    const style = container.querySelector("style");
    expect(style?.getAttribute("nonce")).toBe("first");
    expect(style?.textContent).toBe(":root{--a:1}");
    // A client navigation or refresh: the server's render brings a new nonce and new rules.
    rerender(<NoncedStyle nonce="second" css=":root{--a:2}" />);
    const after = container.querySelector("style");
    expect(after).toBe(style);
    expect(after?.getAttribute("nonce")).toBe("first");
    expect(after?.textContent).toBe(":root{--a:2}");
  });
});
