/**
 * Custom bids beside the thesis's (notebook 07's `INEXPERIENCED_BID` / `EXPERIENCED_BID`): the
 * same samples and experiments run with both bid models, each metric's mean per experiment, the
 * ratio and how many samples changed. Bids are mathjs expressions in w, min, rtime
 * (experiments.ts BID_SYMBOLS; lib/expr).
 */
import { invalidArgument } from "../util/errors";
import { keyword } from "../util/options";
import { METRIC_NAMES, type MetricName } from "./round-statistics";
import type { RoundRow } from "./rounds";

/** One row of {@link bidComparison}. */
export interface BidComparisonRow {
  /** Experiment label (1A, 1B, …). */
  experiment: string;
  /** The metric. */
  metric: MetricName;
  /** Samples. */
  samples: number;
  /** Mean over samples with the thesis's bids. */
  thesisBids: number;
  /** Mean over samples with the custom bids. */
  customBids: number;
  /** customBids / thesisBids (NaN when the thesis's mean is 0). */
  ratio: number;
  /** Samples whose value differs between the two. */
  changed: number;
}

/**
 * Per experiment and metric (Clarke payments): means with the thesis's bids and with custom bids.
 * @param thesis rows of a round with the thesis's bids
 * @param custom rows of the same round, same samples, with custom bids
 * @param metrics Defaults to ["TV", "TP"].
 * @throws `invalid custom: …` when the two rounds do not cover the same samples and experiments
 */
export function bidComparison(
  thesis: readonly RoundRow[],
  custom: readonly RoundRow[],
  metrics: readonly MetricName[] = ["TV", "TP"],
): BidComparisonRow[] {
  metrics.forEach((m, k) => keyword(m, `metrics[${k}]`, METRIC_NAMES));
  const key = (r: RoundRow) => `${r.experiment}\u0000${r.sample}`;
  const a = thesis.filter((r) => r.payment === "clarke");
  const b = new Map(custom.filter((r) => r.payment === "clarke").map((r) => [key(r), r]));
  if (b.size !== a.length || a.some((r) => !b.has(key(r))))
    throw invalidArgument(
      "custom",
      `${b.size} rows`,
      `the same ${a.length} sample × experiment rows as thesis (Clarke payments)`,
    );
  const out: BidComparisonRow[] = [];
  for (const metric of metrics) {
    for (const experiment of [...new Set(a.map((r) => r.experiment))]) {
      const rows = a.filter((r) => r.experiment === experiment);
      let sa = 0,
        sb = 0,
        changed = 0;
      for (const r of rows) {
        const o = b.get(key(r))!;
        sa += r[metric];
        sb += o[metric];
        if (o[metric] !== r[metric]) changed++;
      }
      const ma = sa / rows.length,
        mb = sb / rows.length;
      out.push({
        experiment,
        metric,
        samples: rows.length,
        thesisBids: ma,
        customBids: mb,
        ratio: ma === 0 ? NaN : mb / ma,
        changed,
      });
    }
  }
  return out;
}
