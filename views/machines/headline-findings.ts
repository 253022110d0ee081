/**
 * Notebook 15's headline findings (markdown), counted from the machine × finding rows of
 * lib/machines/findings.ts and the study's rows, with the scheduler comparison on replayed traces.
 */
import { ciText, group, localeNumber } from "../display/format";
import { meanInterval } from "../../lib/util/interval";
import { thesisOrdinaryPoa } from "../../lib/sim/thesis-poa";
import { FINDINGS, type FindingRow } from "../../lib/machines/findings";
import type { FindingReading } from "../../lib/agreement/verdicts";
import { findingOutcome } from "./findings";
import type { RealMachineRow } from "../../lib/machines/real-machines";
import { twinVersionOf } from "../../lib/scorecard/dependencies";

/** A scheduler's metrics on one trace, as compareSchedulersOnTraces gives them. */
export interface TraceSchedulerRow {
  trace: string;
  scheduler: string;
  jobs: number;
  meanBsld: number;
}

/**
 * TP_1A = λ·W across machines: on a twin it holds by construction (the twin is calibrated to the
 * thesis's λ, input fact F4), so only the real machines are counted as evidence.
 */
function tpLine(
  sources: readonly string[],
  byOutcome: (o: string) => string[],
  list: (xs: string[]) => string,
): string {
  const twins = sources.filter((s) => twinVersionOf(s) !== undefined);
  const real = (o: string) => byOutcome(o).filter((s) => !twins.includes(s));
  const n = sources.length - twins.length;
  return (
    `- **TP_1A = λ·W** (the thesis's constant total payment, λ the clearing planned time), its share of samples ` +
    `against the thesis's: ` +
    (twins.length
      ? `on ${twins.join(", ")} by construction (calibrated to the thesis's λ, input fact F4: not evidence); on the ${n} real machine${n === 1 ? "" : "s"} `
      : "") +
    `agrees on ${real("agrees").length} of ${n}${list(real("agrees"))}, differs on ${real("differs").length}, ` +
    `inconclusive on ${real("inconclusive").length}.`
  );
}

/**
 * Notebook 15's headline findings (markdown), counted from the findings and the rows: on how many
 * machines each of the thesis's findings reads as in the thesis, each machine's PoA against the
 * thesis's (MareNostrum4's) with the agreement outcomes, and, beyond the thesis, which scheduler has
 * the lowest mean bounded slowdown on each replayed trace (against FCFS).
 */
export function realMachinesFindings(
  findings: readonly FindingRow[],
  rows: readonly RealMachineRow[],
  options: {
    /** The schedulers on real traces. Defaults to none (that line says no trace was found). */
    comparison?: readonly TraceSchedulerRow[];
    /** Where the rows come from, for the first line (markdown). Defaults to none. */
    origin?: string;
    /** Project root (the thesis's tables). Defaults to the working directory. */
    root?: string;
  } = {},
): string {
  const comparison = options.comparison ?? [];
  const sources = [...new Set(rows.map((r) => r.source))];
  const N = sources.length;
  if (N === 0) return "**No real-machines rows**: neither a results file nor a study run gave any sample.";
  const where = (f: string, reading: FindingReading) =>
    findings.filter((x) => x.finding === f && x.reading === reading).map((x) => x.source);
  const byOutcome = (f: string, outcome: string) =>
    findings.filter((x) => x.finding === f && findingOutcome(x) === outcome).map((x) => x.source);
  const list = (xs: string[]) => (xs.length ? ` (${xs.join(", ")})` : "");
  const perSource = sources.map((source) => {
    const ord = rows.filter((r) => r.source === source && !r.special);
    return {
      source,
      n: ord.length,
      ratio: ord.length ? meanInterval(ord.map((r) => r.TV_1B / r.TV_1A)).mean : NaN,
      poa: ord.length ? meanInterval(ord.map((r) => r.PoA)) : undefined,
    };
  });
  const byPoa = perSource
    .flatMap((p) => (p.poa ? [{ ...p, poa: p.poa }] : []))
    .sort((a, b) => a.poa.mean - b.poa.mean);
  const ratios = perSource.map((p) => p.ratio).filter(Number.isFinite);
  const samples = perSource.reduce((s, p) => s + p.n, 0);
  const thesisPoa = meanInterval(thesisOrdinaryPoa(options.root));
  const twin = byPoa.find((p) => p.source === "twin");
  const counts = (f: string) =>
    `${where(f, "as in the thesis").length} of ${N} as in the thesis${list(where(f, "as in the thesis"))}, ` +
    `${where(f, "unlike the thesis").length} unlike it, ${where(f, "undecided").length} undecided`;
  const lines = [
    `**Findings on ${N} machines** (${group(samples)} ordinary samples` +
      `${options.origin ? ` from ${options.origin}` : ""}; \`twin\` is the synthetic twin of the thesis's ` +
      "private data, the others are Parallel Workloads Archive logs; the thesis's values are MareNostrum4's):",
    `- **1A ≈ 1B** (the greedy's 1 − β guarantee on every sample) holds on ${byOutcome(FINDINGS.greedy, "holds").length} ` +
      `of ${N} machines (mean TV_1B/TV_1A from ${localeNumber(Math.min(...ratios), { min: 4, max: 4 })} to ${localeNumber(Math.max(...ratios), { min: 4, max: 4 })}); ` +
      `**2B/3B make a winner pay more than its bid** (IR broken in at least one sample) on ` +
      `${where(FINDINGS.ir, "as in the thesis").length} of ${N}.`,
    tpLine(sources, (o) => byOutcome(FINDINGS.tp, o), list),
    byPoa.length
      ? `- **The PoA depends on the machine** (a ratio, so comparable with MareNostrum4's): mean PoA from ` +
        `${localeNumber(byPoa[0].poa.mean, { min: 2, max: 2 })} (${byPoa[0].source}) to ${localeNumber(byPoa[byPoa.length - 1].poa.mean, { min: 2, max: 2 })} ` +
        `(${byPoa[byPoa.length - 1].source}), against the thesis's ${ciText(thesisPoa, 2)} (Table 29, ${thesisPoa.n} ordinary samples): ` +
        `agrees on ${byOutcome(FINDINGS.poa, "agrees").length} of ${N}${list(byOutcome(FINDINGS.poa, "agrees"))}, ` +
        `differs on ${byOutcome(FINDINGS.poa, "differs").length}, inconclusive on ` +
        `${byOutcome(FINDINGS.poa, "inconclusive").length}${list(byOutcome(FINDINGS.poa, "inconclusive"))}.` +
        (twin
          ? ` The twin's ${ciText(twin.poa, 2)} here is this study's PoA (its ${group(twin.n)} samples, Table 5's knobs and ` +
            "Table 2's weights), not notebook 10's Table 29 estimate (the BSC template's setting)."
          : "")
      : "- **The PoA**: no machine has ordinary samples.",
    `- **The special sample** (the machine's most common planned time left out, as the thesis's sample_20), ` +
      `its TV_1A and TP_1A against the same seeds' ordinary samples (its own machine's totals only): ` +
      `${counts(FINDINGS.special)}.`,
  ];
  const traces = [...new Set(comparison.map((c) => c.trace))];
  if (!traces.length)
    lines.push(
      "- **Schedulers on real traces** (beyond the thesis): skipped: no trace found (the notice above says which and how to get them).",
    );
  for (const trace of traces) {
    const mine = comparison.filter((c) => c.trace === trace);
    const best = mine.reduce((a, c) => (c.meanBsld < a.meanBsld ? c : a));
    const fcfs = mine.find((c) => c.scheduler === "FCFS");
    lines.push(
      `- **Schedulers on ${trace}** (first ${group(mine[0].jobs)} jobs, one run each, beyond the thesis): ` +
        `${best.scheduler} has the lowest mean bounded slowdown, ${localeNumber(best.meanBsld, { min: 1, max: 1 })}` +
        (fcfs
          ? ` against FCFS's ${localeNumber(fcfs.meanBsld, { min: 1, max: 1 })} (${localeNumber(fcfs.meanBsld / best.meanBsld, { min: 1, max: 1 })}× lower).`
          : "."),
    );
  }
  return lines.join("\n");
}
