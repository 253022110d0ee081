/**
 * The Price of Anarchy of a replay's first scheduling iteration, as the thesis computes it on a
 * sample (Section 6.3.4; lib/sim/poa.ts): the replay's jobs in start order kept while they fit in W
 * nodes (lib/sim firstIteration), their Total Value TV = Σ nodes × planned minutes, against the
 * ideal knapsack auction's (greedy by b/w with inexperienced bids b = nodes × planned minutes, 1B) on
 * the jobs the scheduler could pick from in that iteration: those eligible by the last kept job's
 * start. PoA = TV_1B / TV. A replay starts on an empty machine, so its first iteration is the
 * machine filling up from the export's first jobs.
 */
import type { JobRecord } from "../io/job-record";
import { jobsInstance, ruleFromSpec } from "../mechanism/experiments";
import { allocationValue } from "../mechanism/instance";
import { firstIteration } from "../sim/first-iteration";
import { once } from "../util/once";
import type { SimResult } from "../sim/sim-result";

/** A first iteration's Total Values and PoA. */
export interface SitePoa {
  /** Jobs kept in the first iteration. */
  kept: number;
  /** Jobs the scheduler could pick from. */
  candidates: number;
  /** The replay's first-iteration Total Value, node·minutes. */
  TV: number;
  /** The greedy knapsack's on the candidates, node·minutes. */
  TV_1B: number;
  /** TV_1B / TV (NaN when nothing started). */
  PoA: number;
}

/** The greedy knapsack by b/w (lib/mechanism's 1B rule), built once. */
const GREEDY = once(() => ruleFromSpec({ kind: "greedy", key: "b/w" }));

/** The first iteration's PoA of a simulation on W nodes (see the module comment). */
export function sitePoa(result: SimResult): SitePoa {
  const W = result.nodes;
  const fi = firstIteration(result, { capacity: W }).byStartOrder;
  if (fi.ids.length === 0) return { kept: 0, candidates: 0, TV: 0, TV_1B: 0, PoA: NaN };
  const index = new Map(result.jobs.map((j, i) => [j.id, i]));
  let last = -Infinity;
  for (const id of fi.ids) last = Math.max(last, result.start[index.get(id)!]);
  const records: JobRecord[] = result.jobs
    .filter((j) => j.submit <= last)
    .map((j) => ({
      id: j.id,
      type: "",
      submit: j.submit,
      nprocs: j.procs,
      nnodes: j.nodes,
      minutes: j.limit / 60,
      qtime: 0,
      rtime: Math.min(j.runtime, j.limit) / 60,
      user: j.user,
      account: j.account,
      qos: j.qos,
      partition: j.partition,
    }));
  const inst = jobsInstance(records, "inexperienced", W);
  const TV_1B = allocationValue(inst, GREEDY().allocate(inst));
  return { kept: fi.ids.length, candidates: records.length, TV: fi.TV, TV_1B, PoA: TV_1B / fi.TV };
}
