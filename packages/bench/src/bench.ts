import os from "node:os";
/**
 * The contract every benchmark follows. A benchmark is a module under `packages/bench/src/` (one
 * folder per package it measures: `core/`, `connectors/`, `functions/`, `web/`) whose default export runs the measurement and returns a section of
 * BENCHMARKS.md. Speed is measured here, never asserted as wall-clock in tests.
 */
export interface BenchResult {
  /** Section title, e.g. "Tracker data for 10,000 trackers". */
  title: string;
  /** What was measured, in one or two sentences (inputs, sizes, environment). */
  setup: string;
  /** Rows of the results table: metric name, value with unit, target (or "-"), met? */
  rows: Array<{ metric: string; value: string; target?: string; met?: boolean }>;
  /** Optional notes (ratios, caveats). */
  notes?: string[];
}

export type Bench = () => Promise<BenchResult>;

/** Milliseconds since an origin from `performance.now()`, rounded to 0.1 ms. */
export function msSince(start: number): number {
  return Math.round((performance.now() - start) * 10) / 10;
}

/** The p-th percentile (0..100) of a list of numbers, nearest-rank method. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

/**
 * A note on the machine's load when a figure was taken (`when`: "at the end", "during the run"):
 * the load averages and cores, since wall times on a shared machine include waiting for a core.
 */
export function loadNote(when: string): string {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ");
  return `Load average ${when}: ${load} on ${os.cpus().length} cores (shared machine: wall times include waiting for a core).`;
}
