/**
 * Slurm fair share and priority at simulator scale. The simulator recomputes fair share every
 * PriorityCalcPeriod, so one Fair Tree pass over a few thousand users must stay cheap. Baseline: the
 * usage roll-up + normalisation every algorithm needs anyway (same tree, same run).
 */
import { timeMs, type BenchRow } from "./harness";
import { buildAssociationTree } from "../lib/slurm/associations";
import { normaliseAssociations } from "../lib/slurm/normalisation";
import { fairTree } from "../lib/slurm/fair-tree";
import { classicFairShare } from "../lib/slurm/classic";
import { levelBased } from "../lib/slurm/level-based";
import { jobPriorities, type PriorityJob } from "../lib/slurm/multifactor";
import { randomAssociationRows } from "../lib/slurm/random-tree";
import { createRng } from "../lib/util/rng";

/** Runs the benchmarks. */
export async function run(): Promise<BenchRow[]> {
  const tree = buildAssociationTree(
    randomAssociationRows(createRng(42), { depth: 3, maxChildren: 16, userProbability: 0.1 }),
  );
  const users = tree.users.length;
  const base = await timeMs(() => normaliseAssociations(tree));
  const note = `${users} users, ${tree.order.length - users - 1} accounts`;
  const rows: BenchRow[] = [];
  for (const [name, fn] of [
    ["fairTree (thesis)", () => fairTree(tree)],
    ["fairTree (slurm)", () => fairTree(tree, { variant: "slurm" })],
    ["classicFairShare", () => classicFairShare(tree)],
    ["levelBased (L=4)", () => levelBased(tree)],
  ] as const) {
    rows.push({
      name,
      value: await timeMs(fn),
      unit: "ms",
      baseline: { name: "normaliseAssociations", value: base },
      goal: { value: 100, lowerIsBetter: true },
      note,
    });
  }
  const rng = createRng(7);
  const jobs: PriorityJob[] = Array.from({ length: 100000 }, (_, i) => ({
    id: String(i),
    user: tree.users[rng.int(0, users - 1)],
    qos: "normal",
    ageSeconds: rng.uniform(0, 864000),
    cpus: rng.int(1, 4800),
    nodes: rng.int(1, 100),
    timeLimitMinutes: rng.int(1, 2880),
  }));
  const fs = fairTree(tree).factors;
  const ctx = { fairShare: fs, qos: new Map([["normal", 0.5]]), clusterNodes: 3456, clusterCpus: 3456 * 48 };
  const loop = await timeMs(() => {
    let s = 0;
    for (const j of jobs) s += j.ageSeconds / 864000 + (fs.get(j.user) ?? 0) + j.cpus / 165888;
    return s;
  });
  rows.push({
    name: "jobPriorities (100k jobs)",
    value: await timeMs(() => jobPriorities(jobs, ctx)),
    unit: "ms",
    baseline: { name: "bare weighted-sum loop", value: loop },
    goal: { value: 500, lowerIsBetter: true },
  });
  return rows;
}
