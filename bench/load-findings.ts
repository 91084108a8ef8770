// What bench/load.ts concludes from the answers of a phase with a fault: kept apart from the
// load generator so the rules are tested (tests/unit/bench-load-findings.test.ts).

export type TKind = "page" | "search" | "backoffice" | "write";

/** One answer (or none) to one request of the mix. */
export type TOutcome = {
  kind: TKind;
  /** When the request was due, ms from the phase's start. */
  due: number;
  /** ms from due to the whole body read, or to the failure. */
  latency: number;
  status: number;
  /** "timeout" when nothing came within the limit, "network" when the web refused or reset. */
  failure?: "timeout" | "network";
  /** For a BFF answer that is not a success: a JSON:API error document. */
  jsonApi?: boolean;
};

export const isSuccess = (o: TOutcome) => !o.failure && o.status >= 200 && o.status < 300;
const viaBff = (o: TOutcome) => o.kind === "backoffice" || o.kind === "write";

export type TFaultFindings = {
  /** BFF answers that came but were no success. */
  bffFailed: number;
  /** Of those, the ones that were not a 502 or 503 with a JSON:API error body. */
  badShape: number;
  statuses: number[];
  /** Requests without an answer in time, and connections the web refused or reset. */
  hangs: number;
  refused: number;
  /** From the failed part answering again to the last failed request's due time (0: none). */
  recoveryMs: number;
  failuresAfterBack: number;
  /** Requests due after the last failure: recovery is only shown when there are some. */
  requestsAfterLastFailure: number;
};

/**
 * `back`: when the failed part (the api, PostgreSQL) answered again, ms of the phase. A
 * request due before it may fail in any orderly way; one due after it is the web's own
 * recovery, so the last of those failures is how long the web took.
 */
export function faultFindings(outcomes: TOutcome[], back: number): TFaultFindings {
  const failed = outcomes.filter((o) => !isSuccess(o));
  const bffFailed = failed.filter((o) => viaBff(o) && !o.failure);
  const badShape = bffFailed.filter((o) => ![502, 503].includes(o.status) || !o.jsonApi);
  const afterBack = failed.filter((o) => o.due >= back);
  const lastFailure = Math.max(back, ...afterBack.map((o) => o.due));
  return {
    bffFailed: bffFailed.length,
    badShape: badShape.length,
    statuses: [...new Set(bffFailed.map((o) => o.status))].sort((a, b) => a - b),
    hangs: failed.filter((o) => o.failure === "timeout").length,
    refused: failed.filter((o) => o.failure === "network").length,
    recoveryMs: afterBack.length === 0 ? 0 : lastFailure - back,
    failuresAfterBack: afterBack.length,
    requestsAfterLastFailure: outcomes.filter((o) =>
      afterBack.length === 0 ? o.due >= back : o.due > lastFailure,
    ).length,
  };
}

/** The three targets of a fault phase, from its findings. */
export function faultVerdicts(f: TFaultFindings, webRunning: boolean, recoveryTargetMs: number) {
  return {
    errorShape: f.badShape === 0,
    noHangNoCrash: f.hangs === 0 && f.refused === 0 && webRunning,
    recovered: f.recoveryMs <= recoveryTargetMs && f.requestsAfterLastFailure > 0,
  };
}
