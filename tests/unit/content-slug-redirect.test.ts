import { beforeEach, describe, expect, it, vi } from "vitest";

// An old slug of a renamed article or page (docs/content-writes.md "Old slugs"): the api
// answers the item with meta.redirect_to, and the site's page redirects permanently to the
// item's address now, before it renders anything.

vi.mock("server-only", () => ({}));
vi.mock("next-intl/server", () => ({
  getLocale: async () => "nl",
  getTranslations: async () => (key: string) => key,
  getFormatter: async () => ({ dateTime: () => "" }),
}));

const answers = new Map<string, { data: unknown; meta?: Record<string, unknown> }>();
const asked: { path: string; query: unknown }[] = [];
vi.mock("@/lib/public/public-api", () => ({
  publicGet: async (path: string, query: { filter?: { slug?: string } }) => {
    asked.push({ path, query });
    const key = query?.filter?.slug ? `${path}?${query.filter.slug}` : path;
    const found = answers.get(key);
    if (!found) throw Object.assign(new Error("404"), { name: "ApiError", statusCode: 404 });
    return found;
  },
}));

class Redirect extends Error {
  constructor(readonly location: string) {
    super(`redirect ${location}`);
  }
}
vi.mock("next/navigation", () => ({
  notFound: () => {
    throw new Error("not found");
  },
  permanentRedirect: (location: string) => {
    throw new Redirect(location);
  },
}));

const article = (slug: string) => ({
  id: "7",
  slug,
  locale: "nl",
  title: "Zomerfeest",
  summary: null,
  body: null,
  imageUrl: null,
  publishedAt: "2026-06-01T10:00:00Z",
  updatedAt: "2026-06-01T10:00:00Z",
});

beforeEach(() => {
  answers.clear();
  asked.length = 0;
});

describe("the site's pages by an old slug", () => {
  it("/nieuws/:old redirects permanently to /nieuws/:new", async () => {
    answers.set("/api/v1/news_articles/zomerfeest", {
      data: article("zomerfeest-in-het-park"),
      meta: { redirectTo: "zomerfeest-in-het-park" },
    });
    const page = await import("@/app/(public)/nieuws/[slug]/page");
    await expect(
      page.generateMetadata({ params: Promise.resolve({ slug: "zomerfeest" }) }),
    ).rejects.toMatchObject({ location: "/nieuws/zomerfeest-in-het-park" });
  });

  it("/:old redirects permanently to /:new", async () => {
    answers.set("/api/v1/content_pages?over-ons", {
      data: [{ ...article("wie-we-zijn"), id: "3" }],
      meta: { records: 1, redirect_to: "wie-we-zijn" },
    });
    const page = await import("@/app/(public)/[slug]/page");
    await expect(
      page.generateMetadata({ params: Promise.resolve({ slug: "over-ons" }) }),
    ).rejects.toMatchObject({ location: "/wie-we-zijn" });
  });

  it("the live slug does not redirect", async () => {
    answers.set("/api/v1/content_pages?wie-we-zijn", {
      data: [{ ...article("wie-we-zijn"), id: "3" }],
      meta: { records: 1 },
    });
    const { loadContentPage } = await import("@/lib/content/content-api");
    const page = await loadContentPage("wie-we-zijn");
    expect(page?.slug).toBe("wie-we-zijn");
    expect(page?.redirectTo).toBeUndefined();
  });
});
