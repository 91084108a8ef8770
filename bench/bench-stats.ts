export type TRunResult = { name: string; latencies: number[]; seconds: number };

export type TSummary = {
  name: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  /** Requests per second over the whole run. */
  throughput: number;
};

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(run: TRunResult): TSummary {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  return {
    name: run.name,
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    throughput: sorted.length / run.seconds,
  };
}
