/**
 * How closely two schedules of the same jobs agree (a real Slurm's and our simulator's): the set of
 * jobs started before any job ended (the t = 0 fill), start-order concordance over job pairs
 * (Kendall's tau-b and the share of untied pairs in the same order), per-job start differences,
 * and node-list equality when both sides report node lists. Times are seconds from the first
 * submission; start times are compared exactly (both sides are whole seconds).
 */
import { invalidArgument } from "../lib/util/errors";

/** One job's outcome on one side. */
export interface ScheduledJob {
  /** Start, seconds from the first submission. */
  start: number;
  /** End, seconds from the first submission. */
  end: number;
  /** Node names, when known. */
  nodes?: string[];
}

/** The agreement figures. */
export interface ScheduleAgreement {
  jobs: number;
  /** Jobs started before the first job end, on each side, and whether the sets are equal. */
  initialReal: string[];
  initialSim: string[];
  initialEqual: boolean;
  /** Kendall's tau-b of start times (1 = same order, ties handled by tau-b). */
  kendallTauB: number;
  /** Pairs ordered the same way / pairs ordered (untied) on both sides. */
  concordantShare: number;
  concordant: number;
  discordant: number;
  /** |start_real − start_sim|, seconds. */
  startDiffMean: number;
  startDiffMedian: number;
  startDiffMax: number;
  /** Mean of start_real − start_sim, seconds (> 0: the real Slurm starts later, e.g. its job-end → next-start latency). */
  startLagMean: number;
  /** Jobs whose starts are equal, and within `tolerance` seconds. */
  sameStart: number;
  withinTolerance: number;
  tolerance: number;
  /** Jobs with equal node sets (null when a side reports none). */
  sameNodes: number | null;
}

/**
 * Compare two schedules keyed by job name (the same names on both sides).
 * @param tolerance seconds for `withinTolerance`. Defaults to 2.
 */
export function scheduleAgreement(
  real: ReadonlyMap<string, ScheduledJob>,
  sim: ReadonlyMap<string, ScheduledJob>,
  tolerance = 2,
): ScheduleAgreement {
  const names = [...real.keys()];
  if (names.length === 0) throw invalidArgument("real", "0 jobs", "at least one job");
  for (const n of names)
    if (!sim.has(n))
      throw invalidArgument("sim", n, `a schedule with every job of the real one (missing ${n})`);
  if (sim.size !== real.size)
    throw invalidArgument("sim", `${sim.size} jobs`, `${real.size} jobs, the real schedule's`);
  for (const [side, m] of [
    ["real", real],
    ["sim", sim],
  ] as const) {
    for (const [n, j] of m)
      if (!Number.isFinite(j.start) || !Number.isFinite(j.end))
        throw invalidArgument(`${side}.${n}`, j, "finite start and end seconds");
  }
  if (!(tolerance >= 0)) throw invalidArgument("tolerance", tolerance, "seconds >= 0");
  const initial = (m: ReadonlyMap<string, ScheduledJob>) => {
    const firstEnd = Math.min(...[...m.values()].map((j) => j.end));
    return names.filter((n) => m.get(n)!.start < firstEnd).sort();
  };
  const initialReal = initial(real),
    initialSim = initial(sim);
  let C = 0,
    D = 0,
    tiesReal = 0,
    tiesSim = 0,
    pairs = 0;
  for (let a = 0; a < names.length; a++) {
    for (let b = a + 1; b < names.length; b++) {
      pairs++;
      const r = Math.sign(real.get(names[a])!.start - real.get(names[b])!.start);
      const s = Math.sign(sim.get(names[a])!.start - sim.get(names[b])!.start);
      if (r === 0) tiesReal++;
      if (s === 0) tiesSim++;
      if (r === 0 || s === 0) continue;
      if (r === s) C++;
      else D++;
    }
  }
  const denom = Math.sqrt((pairs - tiesReal) * (pairs - tiesSim));
  const diffs = names.map((n) => Math.abs(real.get(n)!.start - sim.get(n)!.start)).sort((x, y) => x - y);
  const mid = diffs.length >> 1;
  const median = diffs.length % 2 ? diffs[mid] : (diffs[mid - 1] + diffs[mid]) / 2;
  const withNodes = names.every((n) => real.get(n)!.nodes && sim.get(n)!.nodes);
  const sameSet = (x: string[], y: string[]) =>
    x.length === y.length && [...x].sort().join(",") === [...y].sort().join(",");
  return {
    jobs: names.length,
    initialReal,
    initialSim,
    initialEqual: sameSet(initialReal, initialSim),
    kendallTauB: denom > 0 ? (C - D) / denom : NaN,
    concordantShare: C + D > 0 ? C / (C + D) : NaN,
    concordant: C,
    discordant: D,
    startDiffMean: diffs.reduce((s, x) => s + x, 0) / diffs.length,
    startDiffMedian: median,
    startDiffMax: diffs[diffs.length - 1],
    startLagMean: names.reduce((acc, n) => acc + real.get(n)!.start - sim.get(n)!.start, 0) / names.length,
    sameStart: diffs.filter((d) => d === 0).length,
    withinTolerance: diffs.filter((d) => d <= tolerance).length,
    tolerance,
    sameNodes: withNodes
      ? names.filter((n) => sameSet(real.get(n)!.nodes!, sim.get(n)!.nodes!)).length
      : null,
  };
}
