import { describe, expect, it } from "vitest";
import { faultFindings, faultVerdicts, type TOutcome } from "../../bench/load-findings";

const ok = (due: number, kind: TOutcome["kind"] = "page"): TOutcome => ({
  kind,
  due,
  latency: 5,
  status: 200,
});
const bffError = (due: number, status: number, jsonApi = true): TOutcome => ({
  kind: "backoffice",
  due,
  latency: 5,
  status,
  jsonApi,
});

describe("faultFindings", () => {
  it("accepts orderly BFF errors during the outage and a clean run after it", () => {
    const outcomes = [ok(0), bffError(1000, 502), bffError(1200, 503), ok(2500), ok(3000)];
    const f = faultFindings(outcomes, 2000);
    expect(f).toMatchObject({ bffFailed: 2, badShape: 0, statuses: [502, 503], recoveryMs: 0 });
    expect(faultVerdicts(f, true, 5000)).toEqual({
      errorShape: true,
      noHangNoCrash: true,
      recovered: true,
    });
  });

  it("rejects a 500, a 504 and a 502 without a JSON:API body", () => {
    const f = faultFindings(
      [bffError(1000, 500), bffError(1050, 504), bffError(1100, 502, false), ok(3000)],
      2000,
    );
    expect(f.badShape).toBe(3);
    expect(faultVerdicts(f, true, 5000).errorShape).toBe(false);
  });

  it("does not count a page's 500 as a BFF error, but counts a hang and a refusal", () => {
    const page500: TOutcome = { kind: "page", due: 1000, latency: 3, status: 500 };
    const hang: TOutcome = {
      kind: "search",
      due: 1100,
      latency: 10_000,
      status: 0,
      failure: "timeout",
    };
    const refused: TOutcome = {
      kind: "write",
      due: 1200,
      latency: 1,
      status: 0,
      failure: "network",
    };
    const f = faultFindings([page500, hang, refused, ok(9000)], 2000);
    expect(f).toMatchObject({ bffFailed: 0, hangs: 1, refused: 1 });
    expect(faultVerdicts(f, true, 5000).noHangNoCrash).toBe(false);
    expect(faultVerdicts(faultFindings([page500, ok(9000)], 2000), false, 5000).noHangNoCrash).toBe(
      false,
    );
  });

  it("measures recovery from the last failure due after the answer", () => {
    const outcomes = [bffError(2500, 502), bffError(6500, 503), ok(7000), ok(8000)];
    const f = faultFindings(outcomes, 2000);
    expect(f).toMatchObject({
      recoveryMs: 4500,
      failuresAfterBack: 2,
      requestsAfterLastFailure: 2,
    });
    expect(faultVerdicts(f, true, 5000).recovered).toBe(true);
    const late = faultFindings([...outcomes, bffError(7500, 502), ok(9000)], 2000);
    expect(late.recoveryMs).toBe(5500);
    expect(faultVerdicts(late, true, 5000).recovered).toBe(false);
  });

  it("does not call a phase recovered when nothing ran after the last failure", () => {
    const f = faultFindings([bffError(2500, 502)], 2000);
    expect(f.requestsAfterLastFailure).toBe(0);
    expect(faultVerdicts(f, true, 5000).recovered).toBe(false);
  });
});
