/**
 * The printed report of the real-Slurm check: one block of agreement figures per simulator mode,
 * the sprio pending-set comparison, and the Fair Tree comparison, each with the rule it is judged by.
 */
import type { FairShareComparisonRow } from "../lib/slurm/sshare-check";
import type { CheckComparison, RecordedCheck } from "./slurm-check";

const f = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : String(x));

/** Plain-text report lines. `labels` name each comparison (e.g. "count mode"). */
export function checkReport(
  rec: RecordedCheck,
  comparisons: readonly CheckComparison[],
  labels: readonly string[],
  fair: readonly FairShareComparisonRow[],
): string {
  const out: string[] = [];
  const k = rec.knobs;
  out.push(
    `real Slurm: ${rec.slurmVersion}, ${rec.nodes} nodes, select/linear, sched/backfill; ${rec.workload.length} jobs in ${new Set(rec.workload.map((j) => j.offset)).size} waves; real run ${f(rec.wallSeconds, 0)} s wall`,
  );
  out.push(
    `knobs (both sides): bf_interval=${k.bfInterval}s bf_resolution=${k.bfResolution}s bf_window=${k.bfWindow}min bf_max_job_test=${k.bfMaxJobTest} default_queue_depth=${k.defaultQueueDepth} sched_interval=${k.schedInterval}s`,
  );
  const states = new Map<string, number>();
  for (const j of rec.real.jobs) states.set(j.state, (states.get(j.state) ?? 0) + 1);
  const cyc = rec.real.bfCycles ?? [];
  const gaps = cyc
    .slice(1)
    .map((x, i) => x - cyc[i])
    .filter((g) => g < 2 * k.bfInterval)
    .sort((a, b) => a - b);
  if (cyc.length > 0)
    out.push(
      `real backfill cycles: ${cyc.length}; spacing between consecutive cycles (s): min ${f(gaps[0] ?? NaN, 3)}, median ${f(gaps[gaps.length >> 1] ?? NaN, 3)}, max ${f(gaps[gaps.length - 1] ?? NaN, 3)} (gaps over 2·bf_interval, when nothing changed, left out)`,
    );
  out.push(`real job states: ${[...states].map(([s, n]) => `${s} ${n}`).join(", ")}`);
  comparisons.forEach((c, i) => {
    const a = c.agreement;
    out.push("");
    out.push(
      `== our Slurm scheduler, ${labels[i]}${c.gridShift === 0 ? "" : `; our time 0 put ${c.gridShift} s before the first submission, on Slurm's bf_resolution grid`} (backfill cycles at ${f(c.bfPhase, 3)} s + k·${k.bfInterval} s after the first submit, ${c.bfPhaseLogged ? "from slurmctld's log" : "estimated from slurmctld's start"})`,
    );
    const lg = c.lagged;
    const lagged = lg
      ? `; with our jobs ${lg.lag} s later on the grid (Slurm's start latency, not modelled): ${lg.initialEqual ? "EQUAL" : `DIFFERENT (ours ${lg.initialSim.join(" ")})`}`
      : "";
    out.push(
      `t=0 set (started before the first job end): ${a.initialEqual ? "EQUAL" : "DIFFERENT"} (real ${a.initialReal.length} jobs, ours ${a.initialSim.length}${a.initialEqual ? "" : `; real ${a.initialReal.join(" ")} | ours ${a.initialSim.join(" ")}`})${lagged}`,
    );
    out.push(
      `start order: Kendall tau-b ${f(a.kendallTauB, 3)}; pairs in the same order ${a.concordant}/${a.concordant + a.discordant} = ${f(100 * a.concordantShare, 1)}%`,
    );
    out.push(
      `start difference |real - ours| (s): mean ${f(a.startDiffMean)}, median ${f(a.startDiffMedian)}, max ${f(a.startDiffMax)}; equal ${a.sameStart}/${a.jobs}, within ${a.tolerance} s ${a.withinTolerance}/${a.jobs}; mean real - ours ${f(a.startLagMean)} s`,
    );
    out.push(
      `node lists: ${a.sameNodes === null ? "n/a (this mode reports no node lists)" : `equal for ${a.sameNodes}/${a.jobs} jobs`}`,
    );
    const verdict = c.pendingEqual
      ? "EQUAL"
      : c.pendingOther.length === 0
        ? `EQUAL except jobs starting within 1 s of the snapshot (${c.pendingBoundary.join(" ")})`
        : `DIFFERENT (${c.pendingOther.join(" ")}${c.pendingBoundary.length ? `; within 1 s: ${c.pendingBoundary.join(" ")}` : ""})`;
    out.push(
      `pending at the sprio snapshot (${f(c.snapshotAt, 0)} s): ${verdict} (real ${c.pendingReal.length}, ours ${c.pendingSim.length})`,
    );
  });
  out.push("");
  const bad = fair.filter((r) => !r.agrees);
  const maxRel = Math.max(
    ...fair.filter((r) => Number.isFinite(r.levelFsRelDiff)).map((r) => r.levelFsRelDiff),
  );
  out.push(
    `== sshare vs our Fair Tree (variant "slurm") on sshare's tree, RawShares and NormUsage: ${fair.length - bad.length}/${fair.length} associations agree (rule: LevelFS relative difference <= 1e-4 or both inf; FairShare within 5e-7); max LevelFS relative difference ${maxRel.toExponential(2)}`,
  );
  for (const r of fair) {
    out.push(
      `  ${r.entity.padEnd(14)} ${r.kind.padEnd(7)} LevelFS slurm ${String(r.slurmLevelFs).padEnd(10)} ours ${f(r.oursLevelFs, 6).padEnd(10)}${r.kind === "user" ? ` FairShare slurm ${r.slurmFairShare} ours ${f(r.oursFairShare ?? NaN, 6)}` : ""}${r.agrees ? "" : "  <- differs"}`,
    );
  }
  return out.join("\n");
}
