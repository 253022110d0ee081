/**
 * Thesis Section 6.5's claim, tested: planned times closer to the real run times raise social
 * welfare, because backfill can then fill tight gaps. A family of workloads moves each job's planned
 * time from the user's request towards its real run time — every job by a fraction α
 * (`mode: "all"`), or a fraction α of the users made exact while the others keep their requests
 * (`mode: "users"`) — keeping everything else fixed, and simulates each with the Slurm scheduler.
 * A target below the run time (`target < 1`) makes under-estimates, which Slurm kills at the limit.
 */
import type { JobRecord } from "../io/job-record";
import type { Sample } from "../sample/draw";
import { invalidArgument } from "../util/errors";
import { finiteNumber, keyword } from "../util/options";
import { type Rng, shuffled } from "../util/rng";
import { firstIteration } from "../sim/first-iteration";
import { jobOutcomes, scheduleMetrics, summariseOutcomes } from "../sim/metrics";
import { poaRows, type PoaOptions } from "../sim/poa";
import { simulateSample } from "../sim/sample-sim";

/** Options of {@link plannedAccuracySweep}. */
export interface PlannedAccuracyOptions extends Omit<PoaOptions, "plannedFactor" | "firstIterationOnly"> {
  /** The fractions α. Defaults to [0, 0.25, 0.5, 0.75, 1]. */
  alphas?: readonly number[];
  /** "all": every job's planned time moves by α; "users": a fraction α of users plan exactly. Defaults to "all". */
  mode?: "all" | "users";
  /** The accurate planned time as a multiple of the run time (1 = exact, 1.1 = +10 %, 0.9 = under). Defaults to 1. */
  target?: number;
}

/** One workload of the family: a sample at one α, with the welfare and schedule metrics. */
export interface PlannedAccuracyRow {
  sample: string;
  alpha: number;
  mode: "all" | "users";
  /** Which jobs the row's schedule metrics cover: all jobs, or (mode "users") the accurate users' or the others'. */
  group: "all" | "accurate users" | "other users";
  jobs: number;
  /** Jobs whose planned time is below their run time (killed at the limit). */
  killed: number;
  /** First-iteration Total Value Σ w·min and its realised work Σ w·min(rtime, min), node·minutes. */
  TV: number;
  realisedTV: number;
  /** TV_1B1 / TV (the thesis's PoA) at this α. */
  PoA: number;
  /** Full-run schedule metrics (seconds; utilisation in [0, 1]). */
  utilisation: number;
  meanWait: number;
  p95Wait: number;
  meanBsld: number;
}

/**
 * The planned times of `jobs` at fraction α: planned = ceil(request + α·(target·rtime − request))
 * minutes (at least 1), for every job ("all") or for the jobs of the users in `accurate` ("users").
 */
export function plannedAtAlpha(
  jobs: readonly JobRecord[],
  alpha: number,
  target = 1,
  accurate?: ReadonlySet<string>,
): JobRecord[] {
  finiteNumber(alpha, "alpha", 0, 1);
  finiteNumber(target, "target", Number.MIN_VALUE);
  return jobs.map((j) => {
    if (accurate && !accurate.has(j.user)) return j;
    const a = accurate ? 1 : alpha;
    const goal = Math.max(1, Math.ceil(Math.max(j.rtime, 1) * target));
    return { ...j, minutes: Math.max(1, Math.ceil(j.minutes + a * (goal - j.minutes) - 1e-9)) };
  });
}

/** The users made accurate at fraction α: the first ⌈α·users⌉ of a seeded shuffle of the jobs' users (nested as α grows). */
export function accurateUsers(jobs: readonly { user: string }[], alpha: number, rng: Rng): Set<string> {
  const users = shuffled([...new Set(jobs.map((j) => j.user))].sort(), rng);
  return new Set(users.slice(0, Math.ceil(alpha * users.length - 1e-9)));
}

/** The fractions α of a sweep (defaults to 0, 0.25, 0.5, 0.75, 1), checked. */
export function accuracyAlphas(alphas: readonly number[] = [0, 0.25, 0.5, 0.75, 1]): readonly number[] {
  if (!Array.isArray(alphas) || alphas.length === 0)
    throw invalidArgument("alphas", alphas, "a non-empty list of fractions in [0, 1]");
  alphas.forEach((a) => finiteNumber(a, "alphas", 0, 1));
  return alphas;
}

/** The groups a row's metrics cover: all jobs, and with accurate users also theirs and the others'. */
export function accuracyGroups(
  accurate: ReadonlySet<string> | undefined,
): ["all" | "accurate users" | "other users", (user: string) => boolean][] {
  return accurate
    ? [
        ["all", () => true],
        ["accurate users", (u) => accurate.has(u)],
        ["other users", (u) => !accurate.has(u)],
      ]
    : [["all", () => true]];
}

/**
 * Simulates every sample at every α and returns one row per sample × α (× group in "users" mode).
 * @throws `invalid alphas: …` (values in [0, 1]), `invalid mode: …`, `invalid target: …`
 */
export function plannedAccuracySweep(
  samples: readonly Sample[],
  options: PlannedAccuracyOptions,
): PlannedAccuracyRow[] {
  const alphas = accuracyAlphas(options.alphas);
  const mode = keyword(options.mode ?? "all", "mode", ["all", "users"] as const);
  const target = finiteNumber(options.target ?? 1, "target", Number.MIN_VALUE);
  return samples.flatMap((sample) =>
    alphas.flatMap((alpha) => {
      const accurate =
        mode === "users"
          ? accurateUsers(sample.jobs, alpha, options.rng.fork(`${sample.name}/users`))
          : undefined;
      const jobs = plannedAtAlpha(sample.jobs, alpha, target, accurate);
      const poa = poaRows([{ ...sample, jobs }], { ...options, plannedFactor: undefined })[0];
      const full = simulateSample(jobs, { ...options, plannedFactor: undefined, firstIterationOnly: false });
      const fi = firstIteration(full, { capacity: options.capacity, overflow: options.overflow });
      const inFirst = new Set(fi.byStartOrder.ids);
      const realisedTV = full.jobs.reduce(
        (s, j) => s + (inFirst.has(j.id) ? j.nodes * (Math.min(j.runtime, j.limit) / 60) : 0),
        0,
      );
      const killed = jobs.filter((j) => j.rtime > j.minutes).length;
      const base = { sample: sample.name, alpha, mode, killed, TV: poa.TV, realisedTV, PoA: poa.PoA };
      const outcomes = jobOutcomes(full);
      return accuracyGroups(accurate).map(([group, keep]) => {
        const sel = outcomes.filter((o) => keep(o.user));
        const m = group === "all" ? scheduleMetrics(full) : summariseOutcomes(sel, full.nodes);
        return {
          ...base,
          group,
          jobs: sel.length,
          utilisation: m.utilisation,
          meanWait: m.meanWait,
          p95Wait: m.p95Wait,
          meanBsld: m.meanBsld,
        };
      });
    }),
  );
}
