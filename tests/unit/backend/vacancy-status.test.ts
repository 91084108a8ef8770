import { describe, expect, it } from "vitest";
import {
  closesApplications,
  isDeletable,
  vacancyTransition,
} from "../../../backend/domain/vacancy-status";
import { type TVacancyStatusName, VACANCY_STATUSES } from "../../../lib/contract/vacancies";

// docs/status-machines.md, "Vacancies": every status × status × setting × role against the
// table there, written out again here by hand.

type TCell = "ok" | "role" | "status";
const ALLOWED: Record<string, (reviews: boolean, approver: boolean) => TCell> = {
  "draft>pending": (reviews) => (reviews ? "ok" : "status"),
  "draft>published": (reviews, approver) => (!reviews || approver ? "ok" : "role"),
  "pending>published": (_reviews, approver) => (approver ? "ok" : "role"),
  "pending>draft": () => "ok",
  "published>closed": () => "ok",
  "published>archived": () => "ok",
  "closed>published": () => "ok",
  "closed>archived": () => "ok",
};

describe("the vacancy status machine", () => {
  const cases: [TVacancyStatusName, TVacancyStatusName, boolean, boolean][] = [];
  for (const from of VACANCY_STATUSES) {
    for (const to of VACANCY_STATUSES) {
      if (from === to) continue;
      for (const reviews of [false, true]) {
        for (const approver of [false, true]) cases.push([from, to, reviews, approver]);
      }
    }
  }

  it.each(cases)("%s → %s (centre reviews: %s, approver: %s)", (from, to, reviews, approver) => {
    const want = ALLOWED[`${from}>${to}`]?.(reviews, approver) ?? "status";
    const got = vacancyTransition(from, to, { reviews, role: approver ? "approver" : "staff" });
    expect(got.ok ? "ok" : got.reason).toBe(want);
  });

  it("closes applications only when an open vacancy stops taking them", () => {
    const closing = cases
      .filter(([from, to]) => closesApplications(from, to))
      .map(([from, to]) => `${from}>${to}`);
    expect([...new Set(closing)]).toEqual(["published>closed", "published>archived"]);
  });

  it("deletes only what was never public", () => {
    expect(VACANCY_STATUSES.filter(isDeletable)).toEqual(["draft", "pending"]);
  });
});
