/**
 * The thesis's pipeline on a real machine, as a study kind (notebook 15): clean a source's jobs,
 * draw samples at 2×W, run the knapsack mechanisms 1A…4B (Clarke payments, exact VCG for 1A,
 * critical payments for the monotone rules), the Slurm simulator's first iteration and its PoA.
 * One task = one (source, sample seed): it draws `samples` ordinary samples and one special sample
 * (the thesis's sample_20 leaves out its 40-minute jobs; here: the source's most common planned
 * time) and returns one tidy row per sample with every parameter, the findings' quantities and the
 * job-distribution features that may move the PoA.
 */
import { loadCleanJobs } from "../clean/clean-source";
import type { JobRecord } from "../io/job-record";
import { runRound } from "../mechanism/rounds";
import { MAIN_EXPERIMENTS } from "../mechanism/experiments";
import { drawSample, type Sample } from "../sample/draw";
import { poaRows } from "../sim/poa";
import { invalidArgument } from "../util/errors";
import { median } from "../util/stats";
import { integer } from "../util/options";
import { createRng } from "../util/rng";

/** One sample's row. */
export interface RealMachineRow {
  source: string;
  seed: number;
  sample: number;
  special: boolean;
  /** Machine nodes W and the sample's jobs n. */
  W: number;
  n: number;
  /** β = max w_i / W. */
  beta: number;
  /** Total values of 1A (exact) and 1B (greedy b/w), inexperienced bids, node·minutes. */
  TV_1A: number;
  TV_1B: number;
  /** TP of 1A under exact VCG, and λ = TP_1A / W (the per-node clearing planned time when an integer). */
  TP_1A: number;
  lambda: number;
  /** Winners paying more than their bid (IR broken) under Clarke payments, 2B and 3B. */
  PM_2B: number;
  PM_3B: number;
  /** The simulator's first-iteration TV and the PoA TV_1B / TV_sim. */
  TV_sim: number;
  PoA: number;
  /** Features: node-weighted median planned minutes, mean width w/W, median planned/real time ratio. */
  plannedMedianNodeWeighted: number;
  meanWidth: number;
  plannedOverReal: number;
}

/** The most common planned time (minutes) of a job list; ties → the smaller. */
export function modalMinutes(jobs: readonly JobRecord[]): number {
  const c = new Map<number, number>();
  for (const j of jobs) c.set(j.minutes, (c.get(j.minutes) ?? 0) + 1);
  return [...c.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
}

/** The features of a sample. */
export function sampleFeatures(
  jobs: readonly JobRecord[],
  W: number,
): Pick<RealMachineRow, "plannedMedianNodeWeighted" | "meanWidth" | "plannedOverReal" | "beta"> {
  const byMin = jobs.slice().sort((a, b) => a.minutes - b.minutes);
  const half = jobs.reduce((s, j) => s + j.nnodes, 0) / 2;
  let acc = 0,
    wmed = NaN;
  for (const j of byMin) {
    acc += j.nnodes;
    if (acc >= half) {
      wmed = j.minutes;
      break;
    }
  }
  return {
    plannedMedianNodeWeighted: wmed,
    meanWidth: jobs.reduce((s, j) => s + j.nnodes, 0) / (jobs.length * W),
    plannedOverReal: median(jobs.map((j) => j.minutes / Math.max(j.rtime, 1))),
    beta: Math.max(...jobs.map((j) => j.nnodes)) / W,
  };
}

/** One sample's row (see {@link RealMachineRow}). */
export function realMachineSampleRow(
  sample: Sample,
  meta: { source: string; seed: number; index: number; special: boolean; W: number; coresPerNode: number },
): RealMachineRow {
  const W = meta.W;
  const rows = runRound([sample], MAIN_EXPERIMENTS, {
    capacity: W,
    payments: ["clarke", "vcg"],
    measureTime: false,
  });
  const get = (e: string, p: string) => rows.find((r) => r.experiment === e && r.payment === p);
  const vcg1A = get("1A", "vcg")!;
  const poa = poaRows([sample], {
    nodes: W,
    coresPerNode: meta.coresPerNode,
    rng: createRng(`${meta.seed}/poa`),
  })[0];
  return {
    source: meta.source,
    seed: meta.seed,
    sample: meta.index,
    special: meta.special,
    W,
    n: sample.jobs.length,
    TV_1A: vcg1A.TV,
    TV_1B: get("1B", "clarke")!.TV,
    TP_1A: vcg1A.TP,
    lambda: vcg1A.TP / W,
    PM_2B: get("2B", "clarke")!.PM,
    PM_3B: get("3B", "clarke")!.PM,
    TV_sim: poa.TV,
    PoA: poa.PoA,
    ...sampleFeatures(sample.jobs, W),
  };
}

/**
 * The study kind: parameters `source` (a source name as in notebooks 03–04), `seed` (integer),
 * `samples` (ordinary samples per task, default 50), `special` (also draw the special sample,
 * default true), `machine` (`{ nodes, coresPerNode }` overriding an SWF log's header; default none).
 * @throws `invalid source: …` when the source cannot give a 2×W sample
 */
export function realMachineTask(params: Record<string, unknown>): RealMachineRow[] {
  const source = params.source;
  if (typeof source !== "string") throw invalidArgument("source", source, "a source name");
  const seed = integer(params.seed as number, "seed", 0);
  const n = integer((params.samples as number | undefined) ?? 50, "samples", 0);
  const clean = loadCleanJobs(source, { machine: studyMachine(params.machine) });
  const W = clean.machine.nodes;
  const cpn = clean.machine.coresPerNode;
  const rng = createRng(`${source}/${seed}`);
  const out: RealMachineRow[] = [];
  for (let k = 0; k < n; k++) {
    const s = drawSample(clean.records, rng.fork(`sample-${k}`), { capacity: W, factor: 2, name: `s${k}` });
    out.push(realMachineSampleRow(s, { source, seed, index: k, special: false, W, coresPerNode: cpn }));
  }
  if (params.special !== false) {
    const mode = modalMinutes(clean.records);
    const s = drawSample(clean.records, rng.fork("special"), {
      capacity: W,
      factor: 2,
      name: "special",
      filter: (j) => j.minutes !== mode,
    });
    out.push(realMachineSampleRow(s, { source, seed, index: n, special: true, W, coresPerNode: cpn }));
  }
  return out;
}

/** Whether a source can feed the pipeline: its cleaned jobs must hold at least 2×W nodes to draw a sample. */
export interface SourceEligibility {
  source: string;
  /** Machine nodes W (NaN when the source could not be loaded). */
  W: number;
  /** Cleaned jobs and their total nodes. */
  jobs: number;
  nodes: number;
  eligible: boolean;
  /** Why not, when not. */
  reason: string;
}

/** A study's `machine` parameter: undefined, or `{ nodes?, coresPerNode? }` of whole numbers. */
export function studyMachine(m: unknown): { nodes?: number; coresPerNode?: number } | undefined {
  if (m === undefined || m === null) return undefined;
  if (typeof m !== "object" || Array.isArray(m))
    throw invalidArgument("machine", m, "{ nodes?, coresPerNode? }");
  const o = m as Record<string, unknown>;
  const out: { nodes?: number; coresPerNode?: number } = {};
  if (o.nodes !== undefined) out.nodes = integer(o.nodes as number, "machine.nodes", 1);
  if (o.coresPerNode !== undefined)
    out.coresPerNode = integer(o.coresPerNode as number, "machine.coresPerNode", 1);
  return Object.keys(out).length ? out : undefined;
}

/** The study kind `source-eligibility`: parameters `source` and optional `machine`; one row. */
export function sourceEligibilityTask(params: Record<string, unknown>): SourceEligibility[] {
  const source = String(params.source);
  try {
    const clean = loadCleanJobs(source, { machine: studyMachine(params.machine) });
    const W = clean.machine.nodes;
    const nodes = clean.records.reduce((s, j) => s + j.nnodes, 0);
    const eligible = nodes >= 2 * W && clean.records.length >= 2;
    const worst = clean.log
      .filter((l) => l.stage === "jobs")
      .reduce((a, l) => (l.removed > a.removed ? l : a), { step: "", rule: "", removed: 0 } as {
        step: string;
        rule: string;
        removed: number;
      });
    const why = worst.removed > 0 ? ` (step ${worst.step}: "${worst.rule}" removed ${worst.removed})` : "";
    const reason = eligible
      ? ""
      : clean.records.length === 0
        ? `cleaning keeps no job${why}`
        : `cleaned jobs hold ${nodes} nodes, fewer than 2×W = ${2 * W}${why}`;
    return [{ source, W, jobs: clean.records.length, nodes, eligible, reason }];
  } catch (e) {
    return [
      {
        source,
        W: -1,
        jobs: 0,
        nodes: 0,
        eligible: false,
        reason: (e as Error).message.split("\n")[0].slice(0, 600),
      },
    ];
  }
}
