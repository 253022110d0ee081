/**
 * Benchmark harness. Each `bench/<area>.bench.ts` exports `run(): Promise<BenchRow[]>`; every
 * goal is printed as a ratio against a baseline measured in the same run (never as a timed test).
 */
import { performance } from "node:perf_hooks";

/** One printed benchmark line. */
export interface BenchRow {
  /** What was measured. */
  name: string;
  /** The measured value. */
  value: number;
  /** Its unit ("ms", "s", "jobs/s", "MB", …). */
  unit: string;
  /** The baseline measured in the same run, in the same unit, and what it is. */
  baseline?: { name: string; value: number };
  /** The goal, in the same unit, and whether lower is better. */
  goal?: { value: number; lowerIsBetter: boolean };
  /** Free-text note. */
  note?: string;
}

/** Milliseconds taken by `fn` (best of `repeats` runs after one warm-up). */
export async function timeMs(fn: () => unknown | Promise<unknown>, repeats = 3): Promise<number> {
  await fn();
  let best = Infinity;
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    await fn();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/** Formats a row as one line: value, baseline, ratio, goal met or not. */
export function formatRow(r: BenchRow): string {
  const fmt = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toPrecision(3));
  let line = `${r.name}: ${fmt(r.value)} ${r.unit}`;
  if (r.baseline)
    line += ` | baseline ${r.baseline.name}: ${fmt(r.baseline.value)} ${r.unit} | ratio ${(r.value / r.baseline.value).toPrecision(3)}x`;
  if (r.goal) {
    const ok = r.goal.lowerIsBetter ? r.value <= r.goal.value : r.value >= r.goal.value;
    line += ` | goal ${r.goal.lowerIsBetter ? "<=" : ">="} ${r.goal.value} ${r.unit}: ${ok ? "met" : "NOT met"}`;
  }
  if (r.note) line += ` | ${r.note}`;
  return line;
}
