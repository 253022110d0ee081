/**
 * The printed report of the real-Slurm check: per recorded run, the agreement of each timing model
 * with Slurm (exact starts, starts within 1 s, Kendall's tau-b of the start order, equal node
 * lists), the clocks measured on the run (with time(NULL)'s lag), and the Fair Tree comparison, each with its rule.
 */
import type { FairShareComparisonRow } from "../lib/slurm/sshare-check";
import { clockLagOf } from "./clock-lag";
import type { CheckComparison, RecordedCheck } from "./slurm-check";

const f = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : String(x));
const pct = (a: number, b: number) => `${a}/${b} = ${f((100 * a) / b, 1)}%`;

/** The share of exact starts the "replay" model aims at on every run (the goal printed as met or not). */
export const EXACT_GOAL = 0.99;

/**
 * The share of exact starts a run must reach under the "replay" model for check:slurm to pass: below
 * the lowest share a live run has reached since reservations take nodes as select/linear's will-run
 * test does (72.5%, a run where a multi-node job's node came back before its batch host and a pass
 * used it; our engine frees a job's nodes together — docs/slurm.md lists what is not modelled). A
 * difference carries on to later starts, so one such event costs many starts.
 */
export const EXACT_PASS = 0.7;

/** Standard deviations of the cycle-cost fit's residual either side of a second boundary that make our clock's second uncertain. */
export const AMBIGUOUS_SIGMAS = 3;

/** How a run's replay is judged (see {@link replayVerdict}). */
export interface ReplayVerdict {
  verdict: "exact" | "ambiguous" | "differs";
  /** Half-width of the band around a second boundary where our clock's second is uncertain (s). */
  band: number;
  /** One sentence: what decided the verdict. */
  reason: string;
}

/**
 * A run's replay judged on its first difference: "exact" when there is none; "ambiguous" when Slurm
 * started that job one second from ours and slurmctld logged its allocation within `band`
 * (AMBIGUOUS_SIGMAS times the cycle-cost fit's rms residual: the work before an allocation that our
 * model does not place to the millisecond) of the second boundary between the two — one time(NULL)
 * read decides it, and every later start follows from it, so the run says nothing either way;
 * "differs" otherwise (the exact share is then judged against EXACT_PASS).
 */
export function replayVerdict(c: CheckComparison): ReplayVerdict {
  const band = Number.isFinite(c.cycleCost.rms) ? AMBIGUOUS_SIGMAS * c.cycleCost.rms : 0;
  const d = c.firstDifference;
  if (!d) return { verdict: "exact", band, reason: "every start and node list agrees" };
  const { realStart, simStart, realClock } = d.job;
  const ms = (x: number) => `${(x * 1e3).toFixed(1)} ms`;
  if (Math.abs(realStart - simStart) === 1) {
    const boundary = Math.max(realStart, simStart);
    const off = Math.abs(realClock - boundary);
    if (off <= band)
      return {
        verdict: "ambiguous",
        band,
        reason: `the first difference (${d.job.name}: Slurm ${realStart} s, ours ${simStart} s) is an allocation slurmctld logged ${ms(off)} from the second boundary, inside the band of ±${ms(band)}`,
      };
  }
  return {
    verdict: "differs",
    band,
    reason: `the first difference (${d.job.name}: Slurm ${realStart} s, ours ${simStart} s, logged at ${realClock.toFixed(3)} s) lies outside the band of ±${ms(band)} around a second boundary`,
  };
}

/** One line of agreement figures for a model (the line check:slurm and its tests read). */
export function agreementLine(c: CheckComparison): string {
  const a = c.agreement;
  const d = c.firstDifference;
  const first = d
    ? `first difference after ${d.before} starts: ${d.job.name} at ${d.job.realStart} s on ${d.job.realNodes} (ours ${d.job.simStart} s on ${d.job.simNodes})`
    : "no difference";
  return `${c.model.padEnd(9)} exact starts ${pct(a.sameStart, a.jobs)}; within 1 s ${pct(a.withinTolerance, a.jobs)}; Kendall tau-b ${f(a.kendallTauB, 3)}; node lists equal ${a.sameNodes === null ? "n/a" : pct(a.sameNodes, a.jobs)}; t=0 set ${a.initialEqual ? "EQUAL" : "DIFFERENT"}; ${first}`;
}

// the measured lag of time(NULL) (cluster/clock-lag.ts): the median the models use, and the range
function lagText(samples: readonly number[] | undefined): string {
  if (!samples?.length) return "not measured (0 assumed)";
  const ms = (x: number) => f(x * 1e3, 2);
  return `${ms(clockLagOf(samples))} ms (median of ${samples.length}, ${ms(Math.min(...samples))}–${ms(Math.max(...samples))} ms)`;
}

/** Plain-text report lines for one recorded run. */
export function checkReport(
  rec: RecordedCheck,
  comparisons: readonly CheckComparison[],
  fair: readonly FairShareComparisonRow[],
): string {
  const out: string[] = [];
  const k = rec.knobs;
  const states = new Map<string, number>();
  for (const j of rec.real.jobs) states.set(j.state, (states.get(j.state) ?? 0) + 1);
  out.push(
    `== seed ${rec.seed}: ${rec.slurmVersion}, ${rec.nodes} nodes, select/linear, sched/backfill, ${rec.workload.length} jobs; real run ${f(rec.wallSeconds, 0)} s wall; job states: ${[...states].map(([s, n]) => `${s} ${n}`).join(", ")}`,
  );
  out.push(
    `knobs (both sides): bf_interval=${k.bfInterval}s bf_resolution=${k.bfResolution}s bf_max_job_test=${k.bfMaxJobTest} default_queue_depth=${k.defaultQueueDepth} sched_interval=${k.schedInterval}s batch_sched_delay=${k.batchSchedDelay}s sched_min_interval=${k.schedMinInterval}us bf_yield_interval=${k.bfYieldInterval}us bf_max_time=${k.bfMaxTime}s`,
  );
  const c0 = comparisons[0];
  if (c0) {
    const cc = c0.cycleCost;
    out.push(
      `measured: background loop period ${f(c0.loopPeriod, 4)} s; backfill cycle work ${f(cc.base * 1e6, 0)} us + ${f(cc.perJob * 1e6, 1)} us/job tested + ${f(cc.perStart * 1e6, 0)} us/job started (${cc.cycles} cycles, rms residual ${f(cc.rms * 1e6, 0)} us); ends that ran a pass at once (EPILOG_COMPLETE): ${c0.immediateEnds}/${rec.real.jobs.length}; time(NULL) lag at a whole second ${lagText(rec.real.clockLag)}`,
    );
  }
  for (const c of comparisons) out.push(agreementLine(c));
  const bad = fair.filter((r) => !r.agrees);
  out.push(
    `sshare vs our Fair Tree on sshare's tree, RawShares and NormUsage: ${fair.length - bad.length}/${fair.length} associations agree (rule: LevelFS relative difference <= 1e-4 or both inf; FairShare within 5e-7)${bad.length ? `; differ: ${bad.map((r) => r.entity).join(" ")}` : ""}`,
  );
  return out.join("\n");
}
