import { describe, expect, it } from "vitest";
import { vacancyTransition } from "@/backend/domain/vacancy-status";
import { VACANCY_STATUSES } from "@/lib/contract/vacancies";
import { offeredSteps } from "@/lib/vacancies/vacancy-steps";

// The status menu's copy of the machine (lib/vacancies/vacancy-steps.ts) offers exactly the
// steps the api's machine (backend/domain/vacancy-status.ts) allows, for every status,
// review setting and role.

describe("offeredSteps: the web's copy of the vacancy status machine", () => {
  for (const from of VACANCY_STATUSES) {
    for (const reviews of [true, false]) {
      for (const approver of [true, false]) {
        it(`from ${from}, ${reviews ? "reviewing" : "not reviewing"}, ${approver ? "approver" : "staff"}`, () => {
          const allowed = VACANCY_STATUSES.filter(
            (to) =>
              to !== from &&
              vacancyTransition(from, to, { reviews, role: approver ? "approver" : "staff" }).ok,
          );
          expect([...offeredSteps(from, { reviews, approver })].sort()).toEqual(
            [...allowed].sort(),
          );
        });
      }
    }
  }

  it("offers what docs/status-machines.md names", () => {
    expect(offeredSteps("draft", { reviews: true, approver: false })).toEqual(["pending"]);
    expect(offeredSteps("draft", { reviews: true, approver: true })).toEqual([
      "pending",
      "published",
    ]);
    expect(offeredSteps("pending", { reviews: true, approver: false })).toEqual(["draft"]);
    expect(offeredSteps("published", { reviews: false, approver: false })).toEqual([
      "closed",
      "archived",
    ]);
    expect(offeredSteps("closed", { reviews: false, approver: false })).toEqual([
      "published",
      "archived",
    ]);
    expect(offeredSteps("archived", { reviews: true, approver: true })).toEqual([]);
  });
});
