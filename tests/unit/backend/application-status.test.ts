import { describe, expect, it } from "vitest";
import {
  APPLICATION_RULES,
  applicationTransition,
  isOpenApplication,
  statusAfterOrganizationReply,
  type TApplicationMachineEvent,
  type TApplicationSide,
} from "@/backend/domain/application-status";
import { APPLICATION_EVENTS, APPLICATION_STATUSES } from "@/lib/contract/applications";

// docs/status-machines.md, "Applications", written out once more by hand: every legal move
// as "from event side → to". Everything not listed must be refused.
const LEGAL = new Map<string, string>([
  ["new reply organization", "in_conversation"],
  ["new accept organization", "accepted"],
  ["in_conversation accept organization", "accepted"],
  ["new decline organization", "declined"],
  ["in_conversation decline organization", "declined"],
  ["new withdraw volunteer", "withdrawn"],
  ["in_conversation withdraw volunteer", "withdrawn"],
  ["new close system", "closed"],
  ["in_conversation close system", "closed"],
]);

const EVENTS = Object.keys(APPLICATION_RULES) as TApplicationMachineEvent[];
const SIDES: TApplicationSide[] = ["organization", "volunteer", "system"];

describe("the application status machine", () => {
  it("has the transition endpoint's events and two that happen by themselves", () => {
    expect([...EVENTS].sort()).toEqual([...APPLICATION_EVENTS, "close", "reply"].sort());
  });

  it("allows exactly the documented moves, for every status, event and side", () => {
    let checked = 0;
    for (const from of APPLICATION_STATUSES) {
      for (const event of EVENTS) {
        for (const side of SIDES) {
          const expected = LEGAL.get(`${from} ${event} ${side}`);
          const result = applicationTransition(from, event, side);
          expect(result, `${from} ${event} by ${side}`).toEqual(
            expected ? { ok: true, to: expected } : { ok: false, reason: expect.any(String) },
          );
          checked++;
        }
      }
    }
    expect(checked).toBe(APPLICATION_STATUSES.length * EVENTS.length * SIDES.length);
  });

  it("says whether the side or the status refused", () => {
    expect(applicationTransition("new", "accept", "volunteer")).toEqual({
      ok: false,
      reason: "side",
    });
    expect(applicationTransition("accepted", "withdraw", "volunteer")).toEqual({
      ok: false,
      reason: "status",
    });
  });

  it("never moves a settled application, whoever asks", () => {
    for (const from of ["accepted", "declined", "withdrawn", "closed"] as const) {
      for (const event of EVENTS) {
        for (const side of SIDES) expect(applicationTransition(from, event, side).ok).toBe(false);
      }
    }
  });

  it("opens the conversation on the organisation's first reply only", () => {
    expect(statusAfterOrganizationReply("new")).toBe("in_conversation");
    for (const from of APPLICATION_STATUSES.filter((s) => s !== "new")) {
      expect(statusAfterOrganizationReply(from)).toBe(from);
    }
  });

  it("counts new and in_conversation as open", () => {
    expect(APPLICATION_STATUSES.filter(isOpenApplication)).toEqual(["new", "in_conversation"]);
  });
});
