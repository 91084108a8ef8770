import { describe, expect, it } from "vitest";
import { paginate, paginationMeta } from "../../../backend/jsonapi/pagination";

const page = (number: number, size: number) => ({ number, size, offset: (number - 1) * size });

describe("paginationMeta", () => {
  it("on the only page has current and records only", () => {
    expect(paginationMeta(page(1, 30), 3)).toEqual({ current: 1, records: 3 });
    expect(paginationMeta(page(1, 30), 0)).toEqual({ current: 1, records: 0 });
  });

  it("on a middle page has first, prev, next and last", () => {
    expect(paginationMeta(page(2, 1), 3)).toEqual({
      current: 2,
      first: 1,
      prev: 1,
      next: 3,
      last: 3,
      records: 3,
    });
  });

  it("on the first of several pages has next and last but no first or prev", () => {
    expect(paginationMeta(page(1, 2), 3)).toEqual({ current: 1, next: 2, last: 2, records: 3 });
  });

  it("past the last page keeps first and prev only", () => {
    expect(paginationMeta(page(5, 1), 3)).toEqual({ current: 5, first: 1, prev: 4, records: 3 });
  });
});

describe("paginate links", () => {
  const request = (url: string) => ({ protocol: "https", host: "api.test", url });

  it("replace page[number] in the request URL, keys sorted and the query unescaped", () => {
    const { links } = paginate(
      request(
        "/api/v1/users?sort=-created_at&filter%5Bname_cont%5D=a%20b&page%5Bsize%5D=1&page%5Bnumber%5D=2",
      ),
      page(2, 1),
      3,
    );
    const at = (n: number) =>
      `https://api.test/api/v1/users?filter[name_cont]=a b&page[number]=${n}&page[size]=1&sort=-created_at`;
    expect(links).toEqual({
      self: "https://api.test/api/v1/users?sort=-created_at&filter%5Bname_cont%5D=a%20b&page%5Bsize%5D=1&page%5Bnumber%5D=2",
      first: at(1),
      prev: at(1),
      next: at(3),
      last: at(3),
    });
  });

  it("has only self on a single page", () => {
    expect(paginate(request("/x"), page(1, 30), 2)).toEqual({
      meta: { pagination: { current: 1, records: 2 } },
      links: { self: "https://api.test/x" },
    });
  });

  it("adds page[number] when the request had none", () => {
    const { links } = paginate(request("/x?page[size]=2"), page(1, 2), 5);
    expect(links.next).toBe("https://api.test/x?page[number]=2&page[size]=2");
  });
});
