/**
 * Auction benchmarks (seed 004): simulated runs per second of the standard environment under each
 * mechanism (baseline: fair share, which needs no bids, in the same run), and the genetic algorithm's
 * time per generation on 2 worker threads against 1 worker thread (and this thread) in the same run.
 */
import { performance } from "node:perf_hooks";
import { STANDARD_ENVIRONMENT } from "../lib/auction/environment";
import { runAuctionExperiment } from "../lib/auction/experiment";
import { type GeneticProgress, evolveStrategy } from "../lib/auction/genetic";
import type { AuctionMechanism } from "../lib/auction/simulator";
import { type BenchRow, timeMs } from "./harness";

const RUNS = 60;

/** Mean ms per generation, leaving out the first (it includes the workers' start-up). */
async function generationMs(workers: number): Promise<number> {
  const seen: GeneticProgress[] = [];
  await evolveStrategy({
    mechanism: "gv",
    populationSize: 16,
    scenarios: 16,
    generations: 5,
    seed: 3,
    workers,
    onProgress: (p) => seen.push(p),
  });
  const later = seen.slice(1);
  return later.reduce((s, p) => s + p.ms, 0) / later.length;
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const rate: Partial<Record<AuctionMechanism, number>> = {};
  // Warm the shared code (render model, job drawing) up on every mechanism before timing any.
  for (const mechanism of ["fs", "ps", "gv"] as const)
    runAuctionExperiment(STANDARD_ENVIRONMENT, { mechanism, runs: RUNS, seed: 2 });
  for (const mechanism of ["fs", "ps", "gv"] as const) {
    const ms = await timeMs(
      () => runAuctionExperiment(STANDARD_ENVIRONMENT, { mechanism, runs: RUNS, seed: 1 }),
      2,
    );
    rate[mechanism] = (1000 * RUNS) / ms;
  }
  for (const mechanism of ["fs", "ps", "gv"] as const) {
    rows.push({
      name: `${mechanism.toUpperCase()} simulated runs (6 agents, 15 servers)`,
      value: rate[mechanism] as number,
      unit: "runs/s",
      baseline: mechanism === "fs" ? undefined : { name: "FS runs", value: rate.fs as number },
    });
  }
  const t0 = performance.now();
  const inline = await generationMs(0);
  const one = await generationMs(1);
  const two = await generationMs(2);
  rows.push({ name: "GA generation (GV, 16 × 16 runs), this thread", value: inline, unit: "ms" });
  rows.push({
    name: "GA generation (GV, 16 × 16 runs), 1 worker thread",
    value: one,
    unit: "ms",
    baseline: { name: "this thread", value: inline },
  });
  rows.push({
    name: "GA generation (GV, 16 × 16 runs), 2 worker threads",
    value: two,
    unit: "ms",
    baseline: { name: "1 worker thread", value: one },
    goal: { value: one * 0.75, lowerIsBetter: true },
    note: `goal: ≥ 1.33× faster than 1 thread (needs 2 idle cores); GA benches took ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  });
  return rows;
}
