/**
 * A fragmented gap on 4 nodes, with bf_resolution and bf_interval 1 s. n2 is idle at 10 and B's
 * reservation [50, 150) is pinned to n[1-2] (the tightest run free over its window); n4 frees at
 * 50. Counts see one free node all along, so C (1 node, 200 s) backfills at 10; no single node is
 * free over [10, 210), so with nodes C waits for n4 at 50. Every other job starts at the same second
 * under both placements.
 */
import type { SimJobInput } from "../../lib/sim/job";
import type { SlurmOptions } from "../../lib/sim/slurm-scheduler";

export const FRAGMENTED_GAP_JOBS: SimJobInput[] = [
  { id: "J1", submit: 0, nodes: 1, limit: 50, runtime: 50 },
  { id: "Jp", submit: 0, nodes: 1, limit: 10, runtime: 10 },
  { id: "J2", submit: 0, nodes: 1, limit: 300, runtime: 300 },
  { id: "J3", submit: 0, nodes: 1, limit: 50, runtime: 50 },
  { id: "B", submit: 10, nodes: 2, limit: 100, runtime: 100 },
  { id: "C", submit: 10, nodes: 1, limit: 200, runtime: 200 },
];

export const FRAGMENTED_GAP_KNOBS: SlurmOptions = { bfResolution: 1, bfInterval: 1 };
