/**
 * Priority operators (seed 001): the full job-size analysis — 7 operators × 18 resolutions
 * (3–20 bits) × 10 targets × 3 contexts — must run in ≤ 10 s. Our inverses (closed forms, and
 * warm-started safeguarded Newton for Combined below balance) are compared with plain bisection
 * for every inverse (the oracle test/operators/oracles/bisection-inverse.ts), measured in the same
 * run, on 3–14 bits and on the full 3–20-bit sweep.
 */
import { performance } from "node:perf_hooks";
import { _jobSizeReadings, jobSizeAnalysis, jobSizeReadings } from "../lib/operators/job-size-analysis";
import { bisectionInverter } from "../test/operators/oracles/bisection-inverse";
import { allReadings } from "../lib/operators/job-size-readings";
import { paperOperators } from "../lib/operators/operator";
import { type BenchRow, timeMs } from "./harness";

function once(fn: () => unknown): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

export async function run(): Promise<BenchRow[]> {
  const ops = paperOperators();
  const small = { bits: Array.from({ length: 12 }, (_, i) => i + 3) };
  const oursSmall = await timeMs(() => jobSizeAnalysis(ops, {}, small), 5);
  const bisectSmall = once(() => _jobSizeReadings(ops, [{}], small, bisectionInverter));
  const full = await timeMs(() => jobSizeAnalysis(ops, {}), 1);
  const bisectFull = once(() => _jobSizeReadings(ops, [{}], {}, bisectionInverter));
  // CPU time of one full run too: the machine is shared, and wall time includes waiting for a core.
  const cpu0 = process.cpuUsage();
  jobSizeAnalysis(ops, {});
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const readings = once(() => jobSizeReadings(ops, allReadings()));
  return [
    {
      name: "job-size analysis, 7 ops × 12 resolutions (3–14 bits) × 10 targets × 3 contexts",
      value: oursSmall,
      unit: "ms",
      baseline: { name: "plain bisection for every inverse", value: bisectSmall },
    },
    {
      name: "full job-size analysis, 7 ops × 18 resolutions (3–20 bits) × 10 targets × 3 contexts",
      value: full,
      unit: "ms",
      baseline: { name: "plain bisection for every inverse", value: bisectFull },
      goal: { value: 10000, lowerIsBetter: true },
      note: `CPU time of one run ${cpuMs.toFixed(0)} ms`,
    },
    {
      name: "full analysis for all 18 readings in one sweep (notebook 12)",
      value: readings,
      unit: "ms",
      baseline: { name: "one reading", value: full },
    },
  ];
}
