/**
 * The summary of recorded real-Slurm checks that docs/slurm.md shows (and test/cluster checks it
 * still shows): per run and timing model the agreement figures and the first difference, then the
 * clocks measured over the runs: the background loop's period, the backfill cycle-cost fit, how
 * long after its script ended a job's last node came back, how many ends ran a pass at once, and
 * time(NULL)'s lag.
 */
import { clockLagOf } from "./clock-lag";
import { fitCycleCost } from "./ctld-clock";
import { compareCheck, recordedEvents, type CheckModel, type RecordedCheck } from "./slurm-check";

const MODELS: CheckModel[] = ["events", "slurmctld", "replay"];
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;

/** Markdown: the agreement table and the measured clocks of the recorded runs `recs`. */
export function checkSummary(recs: readonly RecordedCheck[]): string {
  const rows = [
    "| seed | jobs | timing | exact starts | within 1 s | Kendall tau-b | node lists equal | first difference (Slurm / ours) |",
    "|---|---|---|---|---|---|---|---|",
  ];
  const periods: number[] = [];
  const gaps: number[] = [];
  let immediate = 0,
    jobs = 0;
  for (const rec of recs) {
    for (const m of MODELS) {
      const c = compareCheck(rec, m);
      const a = c.agreement;
      const d = c.firstDifference;
      const first = d
        ? `after ${d.before} starts: ${d.job.name} ${d.job.realStart} s ${d.job.realNodes} / ${d.job.simStart} s ${d.job.simNodes}`
        : "none";
      rows.push(
        `| ${rec.seed} | ${a.jobs} | ${m} | ${pct(a.sameStart, a.jobs)} | ${pct(a.withinTolerance, a.jobs)} | ${a.kendallTauB.toFixed(3)} | ${a.sameNodes === null ? "n/a" : pct(a.sameNodes, a.jobs)} | ${first} |`,
      );
      if (m === "replay") {
        periods.push(c.loopPeriod);
        immediate += c.immediateEnds;
        jobs += a.jobs;
      }
    }
    const ev = recordedEvents(rec);
    for (const j of rec.real.jobs) gaps.push(ev.release.get(j.jobId)!.at - ev.complete.get(j.jobId)!);
  }
  gaps.sort((x, y) => x - y);
  const q = (p: number) => (1000 * gaps[Math.min(gaps.length - 1, Math.floor(p * gaps.length))]).toFixed(0);
  const fit = fitCycleCost(recs.flatMap((r) => recordedEvents(r).cycles));
  const us = (x: number) => (x * 1e6).toFixed(0);
  const lines = [
    rows.join("\n"),
    "",
    `Measured over the ${recs.length} runs: the background loop iterates every ${periods.map((p) => p.toFixed(4)).join(" / ")} s; a backfill cycle's work fits ${us(fit.base)} µs + ${us(fit.perJob)} µs per job tested + ${us(fit.perStart)} µs per job started (${fit.cycles} cycles, rms residual ${us(fit.rms)} µs); a job's last node came back ${q(0.5)} ms (median), ${q(0.95)} ms (95th percentile), ${q(1)} ms (most) after its script ended; ${immediate} of ${jobs} ends came back by an EPILOG_COMPLETE and ran a pass at once; time(NULL) lagged the exact clock at whole seconds by ${recs.map((r) => (r.real.clockLag?.length ? `${(1000 * clockLagOf(r.real.clockLag)).toFixed(2)} ms` : "(not measured)")).join(" / ")}.`,
  ];
  return lines.join("\n");
}
