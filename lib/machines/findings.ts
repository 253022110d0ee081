/**
 * The thesis's findings checked machine by machine on a real-machines study (notebook 15): for each
 * source and finding, the estimate with its 95% CI over the ordinary samples and a verdict by a
 * stated rule (holds / fails). Also the features-vs-PoA figure (thesis Section 8, first item).
 */
import { meanInterval } from "../util/interval";
import { ciText, quantileSorted } from "../util/stats";
import { agreement } from "../scorecard/agreement";
import { thesisTotalValueRows } from "../sim/tables";
import type { PlotFigure } from "../display/plot";
import type { RealMachineRow } from "./real-machines";

/** The thesis's PoA estimate (Section 6.4). */
export const THESIS_POA = 1.85;

/** One machine × finding row. */
export interface FindingRow {
  source: string;
  finding: string;
  samples: number;
  estimate: string;
  verdict: string;
  rule: string;
}

/**
 * The findings per source. Rules:
 * - *1A ≈ 1B (greedy within 1 − β)*: holds when every ordinary sample has TV_1B ≥ g·TV_1A, g = 1 − β
 *   for β ≤ ½ and ½ otherwise (the greedy-with-fallback guarantee); estimate: mean TV_1B/TV_1A.
 * - *2B/3B break IR under Clarke payments*: holds when the share of samples with a winner paying more
 *   than its bid (2B or 3B) has a 95% CI above 0.
 * - *TP_1A = λ·W*: holds when TP_1A is a whole multiple of W (λ an integer number of minutes) in at
 *   least 95% of the samples; estimate: that share.
 * - *PoA against the thesis's Table 29*: the scorecard's rule (lib/scorecard/verdict.ts) on the
 *   machine's ordinary samples against the thesis's, so the PoA reads the same way everywhere.
 * - *The special sample differs* (the thesis: "very different results", its Tables 10–11: Total
 *   Value and payments): holds when the special samples' mean TV_1A and mean TP_1A both lie outside
 *   the central 95% (2.5–97.5th percentiles) of the ordinary samples' values.
 */
export function findingsTable(rows: readonly RealMachineRow[]): FindingRow[] {
  const sources = [...new Set(rows.map((r) => r.source))];
  // the thesis's ordinary samples, as the scorecard's Table 29 row (lib/scorecard/sim-rows.ts)
  const thesisPoa = thesisTotalValueRows()
    .filter((r) => r.sample !== "sample_20.txt")
    .map((r) => Math.round(r.PoA * 100) / 100);
  return sources.flatMap((source) => {
    const all = rows.filter((r) => r.source === source);
    const ord = all.filter((r) => !r.special);
    const sp = all.filter((r) => r.special);
    const n = ord.length;
    const ratio = ord.map((r) => r.TV_1B / r.TV_1A);
    const within = ord.filter(
      (r) => r.TV_1B >= (r.beta <= 0.5 ? 1 - r.beta : 0.5) * r.TV_1A * (1 - 1e-12),
    ).length;
    const ir = ord.map((r) => (r.PM_2B > 0 || r.PM_3B > 0 ? 1 : 0));
    const irCi = meanInterval(ir);
    const multiple = ord.filter((r) => Math.abs(r.lambda - Math.round(r.lambda)) < 1e-9).length;
    const poa = ord.map((r) => r.PoA);
    const poaCi = meanInterval(poa);
    const range = (xs: number[]) => {
      const v = xs.slice().sort((a, b) => a - b);
      return [quantileSorted(v, 0.025), quantileSorted(v, 0.975)];
    };
    const [tv025, tv975] = range(ord.map((r) => r.TV_1A));
    const [tp025, tp975] = range(ord.map((r) => r.TP_1A));
    const spTv = sp.length ? meanInterval(sp.map((r) => r.TV_1A)).mean : NaN;
    const spTp = sp.length ? meanInterval(sp.map((r) => r.TP_1A)).mean : NaN;
    const outside = (x: number, lo: number, hi: number) => x < lo || x > hi;
    return [
      {
        source,
        finding: "1A ≈ 1B (greedy within 1 − β)",
        samples: n,
        estimate: `TV_1B/TV_1A ${ciText(meanInterval(ratio), 4)}; ${within}/${n} within the bound`,
        verdict: within === n ? "holds" : "fails",
        rule: "every sample has TV_1B ≥ (1 − β)·TV_1A (½ when β > ½)",
      },
      {
        source,
        finding: "2B/3B break IR under Clarke payments",
        samples: n,
        estimate: `share of samples ${ciText(irCi, 3)}`,
        verdict: irCi.low > 0 ? "holds" : "fails",
        rule: "the 95% CI of the share of samples with a winner paying more than its bid lies above 0",
      },
      {
        source,
        finding: "TP_1A = λ·W",
        samples: n,
        estimate: `${multiple}/${n} samples (λ median ${quantileSorted(
          ord.map((r) => r.lambda).sort((a, b) => a - b),
          0.5,
        ).toFixed(2)} min)`,
        verdict: multiple >= 0.95 * n ? "holds" : "fails",
        rule: "TP_1A is a whole multiple of W in ≥ 95% of samples",
      },
      {
        source,
        finding: "PoA against the thesis's Table 29",
        samples: n,
        estimate: `PoA ${ciText(poaCi, 3)}, median ${quantileSorted(
          poa.slice().sort((a, b) => a - b),
          0.5,
        ).toFixed(3)}; thesis ${ciText(meanInterval(thesisPoa), 3)}`,
        verdict: agreement(thesisPoa, poa).outcome,
        rule: "the scorecard's rule (notebook 16): the 95% interval of ours / thesis inside ±5% agrees, wholly outside differs; no cause of a difference is tested here",
      },
      {
        source,
        finding: "the special sample differs (TV, payments)",
        samples: sp.length,
        estimate: `special TV_1A ${spTv.toFixed(0)} vs ordinary 95% range [${tv025.toFixed(0)}, ${tv975.toFixed(0)}]; TP_1A ${spTp.toFixed(0)} vs [${tp025.toFixed(0)}, ${tp975.toFixed(0)}]`,
        verdict: outside(spTv, tv025, tv975) && outside(spTp, tp025, tp975) ? "holds" : "fails",
        rule: "the special samples' mean TV_1A and mean TP_1A both lie outside the ordinary samples' 2.5–97.5th percentiles",
      },
    ] as FindingRow[];
  });
}

/** The findings as a machine × finding grid of verdicts. */
export function findingsGrid(findings: readonly FindingRow[]): Record<string, string>[] {
  const sources = [...new Set(findings.map((f) => f.source))];
  return sources.map((source) => ({
    source,
    ...Object.fromEntries(findings.filter((f) => f.source === source).map((f) => [f.finding, f.verdict])),
  }));
}

/**
 * Per source: the mean PoA against a job-distribution feature (one point per source, 95% CI bars,
 * labelled with the log's name without its year and version), on a log PoA axis.
 */
export function poaFeatureFigure(
  rows: readonly RealMachineRow[],
  feature: "plannedMedianNodeWeighted" | "meanWidth" | "plannedOverReal",
  label: string,
): PlotFigure {
  const sources = [...new Set(rows.map((r) => r.source))];
  const pts = sources.map((s) => {
    const ord = rows.filter((r) => r.source === s && !r.special);
    return { s, x: meanInterval(ord.map((r) => r[feature])).mean, y: meanInterval(ord.map((r) => r.PoA)) };
  });
  return {
    data: [
      {
        type: "scatter",
        mode: "markers+text",
        x: pts.map((p) => p.x),
        y: pts.map((p) => p.y.mean),
        text: pts.map((p) => p.s.replace(/-(19|20)\d\d(-.*)?$/, "")),
        hovertext: pts.map((p) => `${p.s}: PoA ${ciText(p.y, 2)}`),
        hoverinfo: "text",
        cliponaxis: false,
        textposition: "top center",
        error_y: {
          type: "data",
          symmetric: false,
          array: pts.map((p) => p.y.high - p.y.mean),
          arrayminus: pts.map((p) => p.y.mean - p.y.low),
          visible: true,
        },
        name: "machines",
      },
      {
        type: "scatter",
        mode: "lines",
        x: [Math.min(...pts.map((p) => p.x)), Math.max(...pts.map((p) => p.x))],
        y: [THESIS_POA, THESIS_POA],
        line: { dash: "dash", color: "#888" },
        name: "thesis 1.85",
      },
    ],
    layout: {
      title: { text: `Mean PoA (95% CI) against ${label}` },
      xaxis: { title: { text: label }, type: feature === "plannedMedianNodeWeighted" ? "log" : "linear" },
      // PoA is a ratio ≥ 1 whose machine means span an order of magnitude: a log axis keeps 1.5 and 13 readable
      yaxis: { title: { text: "PoA = TV_1B / TV_sim (ratio, log scale)" }, type: "log" },
      height: 460,
    },
  };
}

/** A scheduler's metrics on one trace, as compareSchedulersOnTraces gives them. */
export interface TraceSchedulerRow {
  trace: string;
  scheduler: string;
  jobs: number;
  meanBsld: number;
}

/**
 * Notebook 15's headline findings (markdown), counted from the findings and the rows: on how many
 * machines each of the thesis's findings holds, the range of the mean PoA against the thesis's, and,
 * beyond the thesis, which scheduler has the lowest mean bounded slowdown on each replayed trace
 * (against FCFS).
 */
export function realMachinesFindings(
  findings: readonly FindingRow[],
  rows: readonly RealMachineRow[],
  options: {
    /** The schedulers on real traces. Defaults to none (that line says no trace was found). */
    comparison?: readonly TraceSchedulerRow[];
    /** Where the rows come from, for the first line (markdown). Defaults to none. */
    origin?: string;
  } = {},
): string {
  const comparison = options.comparison ?? [];
  const sources = [...new Set(rows.map((r) => r.source))];
  const N = sources.length;
  if (N === 0) return "**No real-machines rows**: neither a results file nor a study run gave any sample.";
  const holds = (f: string, v = "holds") =>
    findings.filter((x) => x.finding === f && x.verdict === v).map((x) => x.source);
  const list = (xs: string[]) => (xs.length ? ` (${xs.join(", ")})` : "");
  const fmt = (x: number, d: number) =>
    x.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
  const perSource = sources.map((source) => {
    const ord = rows.filter((r) => r.source === source && !r.special);
    return {
      source,
      n: ord.length,
      ratio: meanInterval(ord.map((r) => r.TV_1B / r.TV_1A)).mean,
      poa: meanInterval(ord.map((r) => r.PoA)).mean,
    };
  });
  const byPoa = perSource.filter((p) => Number.isFinite(p.poa)).sort((a, b) => a.poa - b.poa);
  const ratios = perSource.map((p) => p.ratio).filter(Number.isFinite);
  const samples = perSource.reduce((s, p) => s + p.n, 0);
  const thesisPoa = meanInterval(
    thesisTotalValueRows()
      .filter((r) => r.sample !== "sample_20.txt")
      .map((r) => Math.round(r.PoA * 100) / 100),
  );
  const poa = "PoA against the thesis's Table 29";
  const within = [...holds(poa, "exact"), ...holds(poa, "within noise")];
  const lines = [
    `**Findings on ${N} machines** (${samples.toLocaleString("en-US")} ordinary samples` +
      `${options.origin ? ` from ${options.origin}` : ""}; \`twin\` is the synthetic twin of the thesis's ` +
      "private data, the others are Parallel Workloads Archive logs):",
    `- **1A ≈ 1B** (the greedy within its 1 − β bound) holds on ${holds("1A ≈ 1B (greedy within 1 − β)").length} ` +
      `of ${N} machines (mean TV_1B/TV_1A from ${fmt(Math.min(...ratios), 4)} to ${fmt(Math.max(...ratios), 4)}); ` +
      `**2B/3B make a winner pay more than its bid** on ${holds("2B/3B break IR under Clarke payments").length} of ${N}.`,
    `- **TP_1A = λ·W** (the thesis's constant total payment) holds on ${holds("TP_1A = λ·W").length} of ${N}` +
      `${list(holds("TP_1A = λ·W"))}; elsewhere λ = TP_1A / W is not a whole number of minutes.`,
    byPoa.length
      ? `- **The PoA depends on the machine**: mean PoA from ${fmt(byPoa[0].poa, 2)} (${byPoa[0].source}) to ` +
        `${fmt(byPoa[byPoa.length - 1].poa, 2)} (${byPoa[byPoa.length - 1].source}), against the thesis's ` +
        `${ciText(thesisPoa, 2)} (Table 29); within noise of the thesis on ${within.length} of ${N}${list(within)}.`
      : "- **The PoA**: no machine has ordinary samples.",
    `- **The special sample** (the machine's most common planned time left out, as the thesis's sample_20) ` +
      `differs in both TV_1A and TP_1A on ${holds("the special sample differs (TV, payments)").length} of ${N}` +
      `${list(holds("the special sample differs (TV, payments)"))}.`,
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
      `- **Schedulers on ${trace}** (first ${mine[0].jobs.toLocaleString("en-US")} jobs, beyond the thesis): ` +
        `${best.scheduler} has the lowest mean bounded slowdown, ${fmt(best.meanBsld, 1)}` +
        (fcfs
          ? ` against FCFS's ${fmt(fcfs.meanBsld, 1)} (${fmt(fcfs.meanBsld / best.meanBsld, 1)}× lower).`
          : "."),
    );
  }
  return lines.join("\n");
}
