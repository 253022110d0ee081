/**
 * The sentences and display rows of notebook 02 (thesis Section 3), each stated from the runs of
 * lib/sim/scheduling-analysis.ts: the blocking large job, the hole backfill fills, BF_MOD against
 * BF_UNMOD, the padding sweeps and the DAG submission. Numbers of one seeded run each; where a
 * sentence says a value is higher, the decision is lib/agreement's.
 */
import { group } from "../display/format";
import { RELATIVE_EFFECT_BAND } from "../../lib/agreement/rule";
import type { PaddingFinding } from "../../lib/sim/padding-finding";
import { invalidArgument } from "../../lib/util/errors";
import type { SimResult } from "../../lib/sim/engine";
import { scheduleMetrics } from "../../lib/sim/metrics";
import type { LabelledRuns, SchedulingAnalysis } from "../../lib/sim/scheduling-analysis";

const minutes = (s: number) => `${group(s / 60, 1)} min`;

function at(r: SimResult, id: string): number {
  const i = r.jobs.findIndex((j) => j.id === id);
  if (i < 0) throw invalidArgument("job id", id, "a job of the run");
  return i;
}

// mean wait (seconds) of the jobs of one account
function meanWaitOf(r: SimResult, account: string): number {
  let sum = 0,
    n = 0;
  r.jobs.forEach((j, i) => {
    if (j.account !== account || Number.isNaN(r.start[i])) return;
    sum += r.start[i] - j.submit;
    n++;
  });
  return n ? sum / n : NaN;
}

/** Without backfill the large job blocks the small ones; how many start before it, and the mean waits. */
export function blockingText(b: LabelledRuns): string {
  const [fcfs, ...backfill] = b.runs;
  const big = at(fcfs, "BIG");
  const before = (r: SimResult) =>
    r.jobs.filter((j, i) => j.account === "small" && r.start[i] < r.start[big]).length;
  const small = b.jobs.filter((j) => j.account === "small").length;
  const waits = b.runs.map((r, k) => `${b.labels[k]} ${minutes(scheduleMetrics(r).meanWait)}`).join(", ");
  const per = backfill
    .map(
      (r, k) =>
        `${b.labels[k + 1]}: ${before(r)} start before it, mean wait ${minutes(meanWaitOf(r, "small"))}`,
    )
    .join("; ");
  return (
    `Without backfill, ${before(fcfs)} of the ${small} small jobs start before BIG ` +
    `(${b.jobs[big].nodes} nodes, starts at ${minutes(fcfs.start[big])}); the small jobs wait ` +
    `${minutes(meanWaitOf(fcfs, "small"))} on average. With backfill (${per}). ` +
    `Mean wait of all jobs: ${waits}.`
  );
}

// idle node·seconds in [0, t) of a run
function idleBefore(r: SimResult, t: number): number {
  let busy = 0;
  r.jobs.forEach((j, i) => {
    if (Number.isNaN(r.start[i])) return;
    busy += Math.max(0, Math.min(r.end[i], t) - r.start[i]) * j.nodes;
  });
  return r.nodes * t - busy;
}

/** The idle node·hours before the large job's start without backfill, and what EASY changes. */
export function holeText(b: LabelledRuns): string {
  const [fcfs, easy] = b.runs;
  const big = at(fcfs, "BIG");
  const t = fcfs.start[big];
  const [mf, me] = [scheduleMetrics(fcfs), scheduleMetrics(easy)];
  const shift = easy.start[big] - t;
  const bigClause =
    shift > 0
      ? `BIG itself starts ${minutes(shift)} later under EASY (its reservation is planned from the running ` +
        `jobs' limits; the nodes they free early may already hold backfilled jobs)`
      : `BIG starts ${shift < 0 ? `${minutes(-shift)} earlier` : "at the same time"} under EASY`;
  return (
    `Before ${minutes(t)} (BIG's start without backfill) the machine leaves ` +
    `${group(idleBefore(fcfs, t) / 3600, 1)} node·hours idle without backfill and ` +
    `${group(idleBefore(easy, t) / 3600, 1)} with EASY. ${bigClause}; the makespan goes from ` +
    `${group(mf.makespan / 3600, 2)} h to ${group(me.makespan / 3600, 2)} h, so utilisation over the makespan ` +
    `goes from ${group(mf.utilisation, 2)} to ${group(me.utilisation, 2)}.`
  );
}

/** BF_MOD against BF_UNMOD: who starts when once the urgent job arrives (`after`, hours). */
export function modesText(u: LabelledRuns, after: number): string {
  const pairs = [0, 2].map((k) => {
    const [mod, unmod] = [u.runs[k], u.runs[k + 1]];
    const [b, g] = [at(mod, "BIG"), at(mod, "URGENT")];
    const name = u.labels[k].split(",")[0];
    return (
      `${name}: BF_MOD starts URGENT at ${minutes(mod.start[g])} and BIG at ${minutes(mod.start[b])}, ` +
      `BF_UNMOD starts BIG at ${minutes(unmod.start[b])} and URGENT at ${minutes(unmod.start[g])} ` +
      `(mean wait ${minutes(scheduleMetrics(mod).meanWait)} vs ${minutes(scheduleMetrics(unmod).meanWait)})`
    );
  });
  return `URGENT arrives at ${minutes(after * 3600)}. ${pairs.join("; ")}.`;
}

/**
 * The padding sweeps (one run each, judged by lib/sim/padding-finding.ts): first whether accurate
 * limits give the longest mean wait when every job's limit is padded, with each scheduler's longest
 * and shortest; then the small jobs' sweep.
 */
export function paddingText(p: PaddingFinding): string {
  const band = `${100 * RELATIVE_EFFECT_BAND}%`;
  const lead = p.accurateLongestEverywhere
    ? `**With every job's limit padded, accurate limits (${p.firstFactor}×) give the longest mean wait** of the sweep under every backfill scheduler`
    : `**With every job's limit padded**, the longest and shortest mean waits per scheduler`;
  const allText = p.all
    .map((x) =>
      x.longest.meanWait_min === x.shortest.meanWait_min
        ? `${x.scheduler} ${group(x.longest.meanWait_min, 1)} min at every factor`
        : `${x.scheduler} ${group(x.longest.meanWait_min, 1)} min at ${x.longest.factor}× (the longest) against ` +
          `${group(x.shortest.meanWait_min, 1)} min at ${x.shortest.factor}× (the shortest)`,
    )
    .join("; ");
  const smallText = p.small.map(({ scheduler, first, last, firstHigher }) => {
    const closed = (last.meanWait_min - first.meanWait_min) / (p.fcfsWait - first.meanWait_min);
    return (
      `${scheduler} ${group(first.meanWait_min, 1)} min at ${first.factor}×, ${group(last.meanWait_min, 1)} min at ${last.factor}× ` +
      `(${group(100 * closed, 0)}% of the way to no backfill), first higher than at ${first.factor}× at ` +
      `${firstHigher ? `${firstHigher.factor}×` : "no factor"}`
    );
  });
  const why = p.accurateLongestEverywhere
    ? " — consistent with the running jobs' padded limits pushing BIG's reservation later, which opens a larger window for backfill"
    : "";
  return (
    `${lead} (one run; it says so only when every other factor's mean wait is lower by more than ` +
    `${band}, and "higher" below means higher by more than ${band}, lib/agreement): ${allText}${why}. With only the small jobs' limits padded (no backfill: ` +
    `${group(p.fcfsWait, 1)} min at every factor): ${smallText.join("; ")}.`
  );
}

/** The DAG submission: jobs held for their predecessors, how many are pending at once, the last end. */
export function workflowText(w: LabelledRuns): string {
  const r = w.runs[0];
  const eligible = r.eligible;
  const exp = r.jobs.map((_, i) => i).filter((i) => r.jobs[i].user !== "bg");
  if (!eligible) return `The experiments' ${exp.length} jobs have no dependencies.`;
  const held = exp.filter((i) => eligible[i] > r.jobs[i].submit);
  const events: [number, number][] = [];
  for (const i of exp) if (!Number.isNaN(r.start[i])) events.push([eligible[i], 1], [r.start[i], -1]);
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0,
    most = 0;
  for (const [, d] of events) most = Math.max(most, (now += d));
  const lost = r.rejected.length;
  return (
    `Under afterok dependencies ${held.length} of the experiments' ${exp.length} jobs (all submitted with ` +
    `their experiment) wait for predecessors before the scheduler sees them, at most ${most} of them ` +
    `are pending at once${lost ? `, and ${lost} never become eligible` : ""}: the scheduler, and the ` +
    `thesis's model of one scheduling attempt, order only the eligible jobs, so the model's N holds at ` +
    `most ${most} of the experiments' jobs at any instant. The last experiment job ends at ${minutes(lastEnd(r, exp))}, against ` +
    `${minutes(lastEnd(w.runs[1], exp))} if every job were eligible at submit.`
  );
}

function lastEnd(r: SimResult, jobs: readonly number[]): number {
  return Math.max(...jobs.map((i) => r.end[i]).filter((t) => !Number.isNaN(t)));
}

/**
 * The findings in short: one line per experiment with its headline numbers (the full sentences,
 * with every scheduler's numbers, are the notebook's sections: {@link schedulingText}).
 */
function shortFindings(a: SchedulingAnalysis): string[] {
  const b = a.blocking;
  const [fcfs, ...backfill] = b.runs;
  const big = at(fcfs, "BIG");
  const before = (r: SimResult) =>
    r.jobs.filter((j, i) => j.account === "small" && r.start[i] < r.start[big]).length;
  const small = b.jobs.filter((j) => j.account === "small").length;
  const waits = backfill.map((r) => meanWaitOf(r, "small"));
  const counts = backfill.map((r) => before(r));
  const span = (xs: number[], f: (x: number) => string) =>
    Math.min(...xs) === Math.max(...xs) ? f(xs[0]) : `${f(Math.min(...xs))}–${f(Math.max(...xs))}`;
  const easy = b.runs[1];
  const t = fcfs.start[big];
  const shift = easy.start[big] - t;
  const u = a.urgent;
  const [mod, unmod] = [u.runs[0], u.runs[1]];
  const first = (r: SimResult) => (r.start[at(r, "URGENT")] <= r.start[at(r, "BIG")] ? "URGENT" : "BIG");
  const w = a.workflow.runs[0];
  const exp = w.jobs.map((_, i) => i).filter((i) => w.jobs[i].user !== "bg");
  const held = w.eligible ? exp.filter((i) => w.eligible![i] > w.jobs[i].submit).length : 0;
  return [
    `- Without backfill BIG blocks the queue: ${before(fcfs)} of the ${small} small jobs start before it; with ` +
      `backfill ${span(counts, String)} do (${b.labels
        .slice(1)
        .map((l, k) => `${l.split(" (")[0]} ${counts[k]}`)
        .join(", ")}) ` +
      `and their mean wait falls from ${minutes(meanWaitOf(fcfs, "small"))} to ${span(waits, minutes)}.`,
    `- Before BIG's start (${minutes(t)}) the machine leaves ${group(idleBefore(fcfs, t) / 3600, 1)} node·hours ` +
      `idle without backfill and ${group(idleBefore(easy, t) / 3600, 1)} with EASY` +
      (shift > 0 ? `; BIG itself starts ${minutes(shift)} later under EASY.` : "."),
    `- When an urgent job arrives, BF_MOD starts ${first(mod)} first and BF_UNMOD ${first(unmod)} (EASY).`,
    `- ${
      a.padding.accurateLongestEverywhere
        ? "With every job's limit padded, accurate limits give the longest mean wait under every backfill scheduler"
        : "Padding every job's limit does not shorten the mean wait the same way under every backfill scheduler"
    } (one run each; §4 gives each factor).`,
    `- Under afterok dependencies ${held} of the experiments' ${exp.length} jobs wait for predecessors before the ` +
      `scheduler sees them (§5).`,
  ];
}

/** The analysis's sentences (markdown): the findings list (short), then one per experiment. */
export function schedulingText(a: SchedulingAnalysis): {
  findings: string;
  blocking: string;
  workload: string;
  hole: string;
  modes: string;
  padding: string;
  workflow: string;
} {
  const scenario = a.blocking;
  const bg = scenario.jobs.filter((j) => j.user === "bg");
  const workload =
    `Seed ${String(a.seed)}: ${scenario.jobs.length} jobs on ${group(scenario.nodes)} nodes; ${bg.length} ` +
    `background jobs hold ${group(
      bg.reduce((s, j) => s + j.nodes, 0),
      0,
    )} nodes at t = 0.`;
  const blocking = blockingText(a.blocking),
    hole = holeText(a.blocking),
    modes = modesText(a.urgent, a.urgentAfterHours),
    padding = paddingText(a.padding),
    workflow = workflowText(a.workflow);
  const findings = ["**Findings** (seed " + String(a.seed) + "):", ...shortFindings(a)].join("\n");
  return { findings, blocking, workload, hole, modes, padding, workflow };
}

/** Both padding sweeps side by side: mean wait (minutes) and bounded slowdown per factor and scheduler. */
export function paddingRows(a: SchedulingAnalysis): Record<string, string | number>[] {
  return a.sweepSmall.map((r, k) => ({
    factor: r.factor,
    scheduler: r.scheduler,
    "mean wait, small padded (min)": r.meanWait_min,
    "mean wait, all padded (min)": a.sweepAll[k].meanWait_min,
    "bsld, small padded": r.meanBsld,
    "bsld, all padded": a.sweepAll[k].meanBsld,
  }));
}

/** The small-jobs sweep as points for sweepFigure (x = factor, y = mean wait in minutes). */
export function paddingPoints(a: SchedulingAnalysis): { x: number; y: number; series: string }[] {
  return a.sweepSmall.map((r) => ({ x: r.factor, y: r.meanWait_min, series: r.scheduler }));
}
