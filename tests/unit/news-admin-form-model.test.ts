import { describe, expect, it } from "vitest";
import { parseListState } from "@/lib/lists/list-state";
import {
  NEWS_LIST,
  newsListQuery,
  newsState,
  type TManagedNewsArticle,
} from "@/lib/news-admin/news-admin";
import {
  fromLocalInput,
  newsCentreChoices,
  newsFormDefaults,
  type TNewsFormValues,
  toLocalInput,
  toNewsAttributes,
} from "@/lib/news-admin/news-form";

// The news form's model (docs/news-admin.md): an article's values in the form and back,
// what a new and an edited article send, and the list's states and query.

const ARTICLE: TManagedNewsArticle = {
  id: "7",
  slug: "open-dag",
  locale: "en",
  title: "Open dag",
  summary: "Kom langs",
  body: "<p>Welkom</p>",
  imageUrl: "/api/v1/images/12",
  status: "published",
  publishedAt: "2027-03-01T09:30:00.000Z",
  createdAt: "2027-02-01T09:30:00.000Z",
  updatedAt: "2027-02-02T09:30:00.000Z",
  volunteerCenterId: 1,
};

const EMPTY: TNewsFormValues = newsFormDefaults(null, "nl");

describe("the news form's values", () => {
  it("starts empty in the page's language for a new article", () => {
    expect(newsFormDefaults(null, "en")).toEqual({
      title: "",
      summary: "",
      body: "",
      locale: "en",
      slug: "",
      publishedAt: "",
      imageId: "",
      imageUrl: "",
      centreId: "",
    });
  });

  it("reads an article into the form, its date in local time to the minute", () => {
    const values = newsFormDefaults(ARTICLE, "nl");
    expect(values).toMatchObject({
      title: "Open dag",
      summary: "Kom langs",
      body: "<p>Welkom</p>",
      locale: "en",
      slug: "open-dag",
      imageId: "",
      imageUrl: "/api/v1/images/12",
    });
    expect(values.publishedAt).toBe(toLocalInput(ARTICLE.publishedAt));
    expect(fromLocalInput(values.publishedAt)).toBe(ARTICLE.publishedAt);
  });

  it("converts between the date input and the api's instant both ways", () => {
    expect(toLocalInput(null)).toBe("");
    expect(fromLocalInput("")).toBeNull();
    const local = "2027-05-04T10:15";
    expect(toLocalInput(fromLocalInput(local))).toBe(local);
  });
});

describe("what a new article sends", () => {
  it("leaves blank fields out, so the api makes the slug and dates a publication now", () => {
    expect(toNewsAttributes({ ...EMPTY, title: "  Open dag " }, "save", null)).toEqual({
      title: "Open dag",
      locale: "nl",
    });
  });

  it("sends everything typed, the uploaded image by its id and the status it was sent with", () => {
    const attributes = toNewsAttributes(
      {
        title: "Open dag",
        summary: "Kom langs",
        body: "<p><strong>Welkom</strong></p>",
        locale: "en",
        slug: "open-dag-2027",
        publishedAt: "2027-05-04T10:15",
        imageId: "12",
        imageUrl: "/api/v1/images/12",
        centreId: "3",
      },
      "publish",
      null,
    );
    expect(attributes).toEqual({
      title: "Open dag",
      summary: "Kom langs",
      body: "<p><strong>Welkom</strong></p>",
      locale: "en",
      slug: "open-dag-2027",
      status: "published",
      published_at: fromLocalInput("2027-05-04T10:15"),
      image_id: 12,
      volunteer_center_id: 3,
    });
  });

  it("belongs to a centre the writer runs: the site's when it is one of theirs, else their first", () => {
    const names = new Map([
      ["2", "Vrijwilligerscentrale Cranendonck"],
      ["5", "Vrijwilligerswerk Demo"],
    ]);
    expect(newsCentreChoices(["2", "5"], names, "5")).toEqual({
      choices: [
        { value: "2", label: "Vrijwilligerscentrale Cranendonck" },
        { value: "5", label: "Vrijwilligerswerk Demo" },
      ],
      initial: "5",
    });
    expect(newsCentreChoices(["2"], names, "5").initial).toBe("2");
    // A superadmin who runs no centre chooses none: the api takes the site's.
    expect(newsCentreChoices([], names, "5")).toEqual({ choices: [], initial: "" });
    expect(newsFormDefaults(null, "nl", "2").centreId).toBe("2");
    expect(newsFormDefaults(ARTICLE, "nl", "2").centreId).toBe("");
  });
});

describe("what an edit sends", () => {
  const unchanged = newsFormDefaults(ARTICLE, "nl");

  it("leaves the untouched body, date and image alone, and keeps the status on a plain save", () => {
    expect(toNewsAttributes(unchanged, "save", ARTICLE)).toEqual({
      title: "Open dag",
      summary: "Kom langs",
      locale: "en",
      slug: "open-dag",
    });
  });

  it("clears an emptied summary, date and image, and sends an edited body", () => {
    expect(
      toNewsAttributes(
        { ...unchanged, summary: " ", publishedAt: "", imageUrl: "", body: "<p>Nieuw</p>" },
        "draft",
        ARTICLE,
      ),
    ).toEqual({
      title: "Open dag",
      summary: null,
      body: "<p>Nieuw</p>",
      locale: "en",
      slug: "open-dag",
      status: "draft",
      published_at: null,
      image_url: null,
    });
  });

  it("sends a new image and a new date, and keeps the slug when it is emptied", () => {
    expect(
      toNewsAttributes(
        { ...unchanged, slug: "", imageId: "13", publishedAt: "2027-06-01T08:00" },
        "save",
        ARTICLE,
      ),
    ).toEqual({
      title: "Open dag",
      summary: "Kom langs",
      locale: "en",
      published_at: fromLocalInput("2027-06-01T08:00"),
      image_id: 13,
    });
  });
});

describe("the list", () => {
  const now = new Date("2027-03-01T12:00:00Z");

  it("calls a published article dated after now scheduled", () => {
    expect(newsState({ status: "draft", publishedAt: null }, now)).toBe("draft");
    expect(newsState({ status: "published", publishedAt: "2027-03-01T11:00:00Z" }, now)).toBe(
      "published",
    );
    expect(newsState({ status: "published", publishedAt: "2027-03-02T11:00:00Z" }, now)).toBe(
      "scheduled",
    );
  });

  it("asks the api for the URL's status and title search, sort and page", () => {
    const state = (search: string) => parseListState(new URLSearchParams(search), NEWS_LIST);
    expect(newsListQuery(state(""), now)).toEqual({
      filter: {},
      sort: "-updated_at",
      page: { number: 1, size: state("").size },
    });
    expect(newsListQuery(state("status=scheduled&q=open&sort=title"), now)).toMatchObject({
      filter: {
        status_eq: "published",
        published_at_gt: now.toISOString(),
        title_i_cont: "open",
      },
      sort: "title",
    });
    expect(newsListQuery(state("status=published"), now).filter).toEqual({
      status_eq: "published",
      published_at_lteq: now.toISOString(),
    });
    expect(newsListQuery(state("status=draft"), now).filter).toEqual({ status_eq: "draft" });
    // A status the list does not know reads as none.
    expect(newsListQuery(state("status=archived"), now).filter).toEqual({});
    expect(newsListQuery(state("language=en&status=draft"), now).filter).toEqual({
      status_eq: "draft",
      locale_eq: "en",
    });
    expect(newsListQuery(state("language=de"), now).filter).toEqual({});
  });
});
