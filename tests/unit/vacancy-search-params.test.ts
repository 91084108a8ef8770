import { describe, expect, it } from "vitest";
import { isClosedVacancy, siteToday } from "@/lib/vacancies/closed";
import { jobPosting } from "@/lib/vacancies/job-posting";
import { apiQuery, isFiltered, parseSearchState, searchHref } from "@/lib/vacancies/search-params";
import type { TVacancy } from "@/lib/vacancies/types";

// The vacancy search's URL (lib/vacancies/search-params.ts) and the JobPosting JSON-LD.

describe("parseSearchState", () => {
  it("reads every filter from the URL", () => {
    const state = parseSearchState({
      q: "voorlezen",
      near: "8096 BC",
      distance: "25",
      hours: ["0-4", "16+"],
      tags: ["sport", "onderwijs"],
      organization: "12",
      sort: "distance",
      page: "3",
    });
    expect(state).toEqual({
      q: "voorlezen",
      near: "8096 BC",
      distance: 25,
      hours: ["0-4", "16+"],
      tags: ["sport", "onderwijs"],
      organization: "12",
      sort: "distance",
      page: 3,
    });
  });

  it("drops what the api would refuse, so a tampered link still renders", () => {
    const state = parseSearchState({
      distance: "7",
      hours: "3-5",
      tags: "<script>",
      organization: "abc",
      sort: "distance",
      page: "-2",
    });
    expect(state).toMatchObject({
      distance: 10,
      hours: [],
      tags: [],
      organization: "",
      sort: "",
      page: 1,
    });
    expect(parseSearchState({ sort: "relevance" }).sort).toBe("");
    expect(isFiltered(parseSearchState({}))).toBe(false);
    expect(isFiltered(parseSearchState({ tags: "sport" }))).toBe(true);
  });
});

describe("apiQuery and searchHref", () => {
  const state = parseSearchState({
    q: "chauffeur",
    near: "Zwolle",
    hours: ["4-8"],
    tags: "vervoer",
    sort: "distance",
    page: "2",
  });

  it("asks the api with its filter names, 20 a page, organisations and tags included", () => {
    expect(apiQuery(state)).toEqual({
      "filter[q]": "chauffeur",
      "filter[near]": "Zwolle",
      "filter[distance]": "10",
      "filter[hours]": "4-8",
      "filter[tags]": "vervoer",
      sort: "distance",
      include: "organization,tags",
      "page[number]": "2",
      "page[size]": "20",
    });
  });

  it("without the place, also without the distance sort", () => {
    const query = apiQuery(state, { withNear: false });
    expect(query).not.toHaveProperty("filter[near]");
    expect(query).not.toHaveProperty("sort");
  });

  it("writes the page's URL back, defaults left out", () => {
    expect(searchHref(state, { page: 1 })).toBe(
      "/vacancies/search?q=chauffeur&near=Zwolle&hours=4-8&tags=vervoer&sort=distance",
    );
    expect(searchHref(parseSearchState({}))).toBe("/vacancies/search");
  });
});

describe("jobPosting", () => {
  const vacancy: TVacancy = {
    id: "7",
    title: "Chauffeur",
    status: "published",
    closedAt: null,
    summary: "Rijden",
    description: "<p>Rijden</p>",
    hoursPerWeek: 4,
    remote: false,
    street: "Markt 1",
    postalCode: "8096 BC",
    city: "Oldebroek",
    latitude: 52.4,
    longitude: 5.9,
    imageUrl: null,
    contactName: null,
    contactEmail: null,
    contactPhone: null,
    publishedAt: "2026-11-01T10:00:00.000Z",
    closesOn: "2026-12-31",
    distanceKm: null,
    organization: { id: "3", name: "Automaatje" },
    tags: [],
  };

  it("is a VOLUNTEER JobPosting with organisation, place and dates", () => {
    const data = jobPosting(vacancy, {
      origin: "https://oldebroek.example",
      description: "<p>Rijden</p>",
    });
    expect(data).toMatchObject({
      "@type": "JobPosting",
      employmentType: "VOLUNTEER",
      title: "Chauffeur",
      datePosted: "2026-11-01T10:00:00.000Z",
      url: "https://oldebroek.example/vacancies/7",
      hiringOrganization: {
        "@type": "Organization",
        name: "Automaatje",
        sameAs: "https://oldebroek.example/organizations/3",
      },
      jobLocation: {
        "@type": "Place",
        address: { addressLocality: "Oldebroek", postalCode: "8096 BC", addressCountry: "NL" },
      },
    });
    expect(String((data as { validThrough: string }).validThrough)).toMatch(/^2026-12-31T/);
  });

  it("a closed vacancy was valid until it closed, whatever its closing date said", () => {
    const data = jobPosting(
      { ...vacancy, status: "closed", closedAt: "2026-11-20T09:30:00.000Z" },
      { origin: "https://x", description: "" },
    );
    expect(data).toMatchObject({ validThrough: "2026-11-20T09:30:00.000Z" });
    const ongoing = jobPosting(
      { ...vacancy, closesOn: null },
      { origin: "https://x", description: "" },
    );
    expect(ongoing).not.toHaveProperty("validThrough");
  });

  it("is closed when closed, or from the day after its closing date, in the site's time zone", () => {
    const open = { status: "published" as const, closesOn: "2026-11-25" };
    expect(isClosedVacancy(open, "2026-11-25")).toBe(false);
    expect(isClosedVacancy(open, "2026-11-26")).toBe(true);
    expect(isClosedVacancy({ status: "closed", closesOn: null }, "2026-11-25")).toBe(true);
    expect(isClosedVacancy({ status: "published", closesOn: null }, "2030-01-01")).toBe(false);
    // 23:30 UTC on the 25th is already the 26th in Amsterdam.
    expect(siteToday(new Date("2026-11-25T23:30:00Z"))).toBe("2026-11-26");
  });

  it("marks a remote vacancy TELECOMMUTE", () => {
    const data = jobPosting(
      {
        ...vacancy,
        remote: true,
        city: null,
        latitude: null,
        longitude: null,
        street: null,
        postalCode: null,
      },
      { origin: "https://x", description: "" },
    );
    expect(data).toMatchObject({ jobLocationType: "TELECOMMUTE" });
    expect(data).not.toHaveProperty("jobLocation");
  });
});
