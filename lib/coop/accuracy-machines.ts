/**
 * Section 6.5's claim across machines: the planned-accuracy study (`studies/planned-accuracy.json`,
 * rows of {@link plannedAccuracyStudyTask}) read per machine — does planning closer to the real run
 * time (α from 0 to 1, every job) lower the mean wait and the mean bounded slowdown? — with a verdict
 * by a stated rule, the count over machines, and a figure.
 */
import type { PlotFigure } from "../display/plot";
import { invalidArgument } from "../util/errors";
import { median } from "../util/stats";
import type { TraceAccuracyRow } from "./planned-accuracy-trace";

/** A study row: a trace's accuracy row with its source and target. */
export type AccuracyStudyRow = TraceAccuracyRow & { source: string; target: number };

/** One machine's change from α = 0 to α = 1. */
export interface AccuracyMachineRow {
  source: string;
  target: number;
  /** Relative change of the mean wait, α 0 → 1 (−0.1 = 10% shorter). */
  waitChange: number;
  /** Relative change of the mean bounded slowdown, α 0 → 1. */
  bsldChange: number;
  /** Jobs killed at their limit at α = 1 (under-estimates). */
  killedAtOne: number;
  verdict: "helps" | "hurts" | "mixed";
}

/** The tolerance of the rule: changes within ±1% count as no change. */
export const ACCURACY_TOLERANCE = 0.01;

/**
 * Per machine (mode "all", the given target): *helps* when both the mean wait and the mean bounded
 * slowdown fall by more than 1% from α = 0 to α = 1; *hurts* when either rises by more than 1%;
 * *mixed* otherwise.
 * @throws `invalid rows: …` when no row has mode "all" with this target at both α = 0 and α = 1
 */
export function accuracyAcrossMachines(rows: readonly AccuracyStudyRow[], target = 1): AccuracyMachineRow[] {
  const all = rows.filter((r) => r.mode === "all" && r.group === "all" && r.target === target);
  const sources = [...new Set(all.map((r) => r.source))];
  const out = sources.flatMap((source) => {
    const at = (a: number) => all.find((r) => r.source === source && r.alpha === a);
    const a0 = at(0),
      a1 = at(1);
    if (!a0 || !a1) return [];
    const waitChange = a1.meanWait / a0.meanWait - 1,
      bsldChange = a1.meanBsld / a0.meanBsld - 1;
    const verdict: AccuracyMachineRow["verdict"] =
      waitChange < -ACCURACY_TOLERANCE && bsldChange < -ACCURACY_TOLERANCE
        ? "helps"
        : waitChange > ACCURACY_TOLERANCE || bsldChange > ACCURACY_TOLERANCE
          ? "hurts"
          : "mixed";
    return [{ source, target, waitChange, bsldChange, killedAtOne: a1.killed, verdict }];
  });
  if (out.length === 0)
    throw invalidArgument(
      "rows",
      `${rows.length} rows`,
      `rows with mode "all", target ${target} and α = 0 and 1 (run studies/planned-accuracy.json)`,
    );
  return out;
}

/** A one-line answer: on how many machines accuracy helps / hurts / is mixed. */
export function accuracyMachinesSummary(machines: readonly AccuracyMachineRow[]): string {
  const n = (v: AccuracyMachineRow["verdict"]) => machines.filter((m) => m.verdict === v);
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  return (
    `**Across ${machines.length} machines** (planned times moved to ${machines[0].target}× the run time): accuracy *helps* on ${n("helps").length} ` +
    `(${
      n("helps")
        .map((m) => m.source)
        .join(", ") || "none"
    }), *hurts* on ${n("hurts").length} (${
      n("hurts")
        .map((m) => m.source)
        .join(", ") || "none"
    }) and is *mixed* on ${n("mixed").length}. ` +
    `Median change α 0 → 1: wait ${pct(median(machines.map((m) => m.waitChange)))}, bounded slowdown ${pct(median(machines.map((m) => m.bsldChange)))}.`
  );
}

/** Mean bounded slowdown relative to α = 0, one line per machine (mode "all", the target). */
export function accuracyMachinesFigure(rows: readonly AccuracyStudyRow[], target = 1): PlotFigure {
  const all = rows.filter((r) => r.mode === "all" && r.group === "all" && r.target === target);
  const sources = [...new Set(all.map((r) => r.source))];
  return {
    data: sources.map((source) => {
      const rs = all.filter((r) => r.source === source).sort((a, b) => a.alpha - b.alpha);
      return {
        type: "scatter",
        mode: "lines+markers",
        name: source,
        x: rs.map((r) => r.alpha),
        y: rs.map((r) => r.meanBsld / rs[0].meanBsld),
      };
    }),
    layout: {
      title: {
        text: `Bounded slowdown relative to α = 0 (planned times towards ${target}× the run time, EASY, first 5,000 jobs)`,
      },
      xaxis: { title: { text: "α (share of the way to the real run time)" } },
      yaxis: { title: { text: "mean bsld / mean bsld at α = 0" } },
    },
  };
}
