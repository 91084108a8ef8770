import { describe, expect, it } from "vitest";
import { flightBytes } from "../../bench/page-weight";

describe("bench: the flight payload's size in a page", () => {
  it("adds up every pushed string, decoded, and ignores the bootstrap push and other scripts", () => {
    const html = [
      "<script>(self.__next_f=self.__next_f||[]).push([0])</script>",
      '<script>self.__next_f.push([1,"0:{\\"a\\":\\"é\\"}\\n"])</script>',
      '<script type="application/ld+json">{"x":1}</script>',
      '<script>self.__next_f.push([1,"1:[\\"$\\",\\"p\\",null,{}]\\n"])</script>',
    ].join("");
    // 0:{"a":"é"}\n is 12 bytes (é is two), 1:["$","p",null,{}]\n is 21.
    expect(flightBytes(html)).toBe(12 + 21);
    expect(flightBytes("<p>no payload</p>")).toBe(0);
  });
});
