/**
 * Statistics of round rows over many samples: each metric's mean, sd and 95% confidence interval
 * per experiment and payment rule, how often the payment rules fail IR and no-positive-transfer
 * (with the priority list's skip and halt variants), and greedy's approximation of the optimum
 * per sample against the 1 − β guarantee.
 */
import { priorityRound, type RoundOptions, type RoundRow } from "./rounds";
import { meanInterval } from "../util/interval";
import type { Sample } from "../sample/draw";
import { mean, sampleSd } from "../util/stats";
import { keyword } from "../util/options";
import type { Rng } from "../util/rng";

/** The metrics a round row carries. */
export type MetricName = "TV" | "TP" | "TW" | "TTS" | "AD" | "PM" | "SP" | "JP" | "NC";

/** The metric names. */
export const METRIC_NAMES: readonly MetricName[] = ["TV", "TP", "TW", "TTS", "AD", "PM", "SP", "JP", "NC"];

/** A metric's distribution over samples for one experiment and payment rule. */
export interface MetricStatistics {
  experiment: string;
  /** The payment rule's name. */
  payment: string;
  metric: MetricName;
  samples: number;
  mean: number;
  sd: number;
  /** 95% interval of the mean (lib/util/interval.ts). */
  ci95Low: number;
  ci95High: number;
  min: number;
  max: number;
}

/** Mean, sd and 95% CI of each metric per experiment and payment rule. */
export function roundStatistics(
  rows: readonly RoundRow[],
  metrics: readonly MetricName[],
): MetricStatistics[] {
  metrics.forEach((m, k) => keyword(m, `metrics[${k}]`, METRIC_NAMES));
  const groups = new Map<string, RoundRow[]>();
  for (const r of rows) {
    const key = `${r.experiment}\u0000${r.payment}`;
    const g = groups.get(key);
    if (g) g.push(r);
    else groups.set(key, [r]);
  }
  const out: MetricStatistics[] = [];
  for (const metric of metrics) {
    for (const g of groups.values()) {
      const v = g.map((r) => r[metric]);
      const m = mean(v);
      const sd = v.length > 1 ? sampleSd(v) : 0;
      const ci = meanInterval(v);
      out.push({
        experiment: g[0].experiment,
        payment: g[0].payment,
        metric,
        samples: v.length,
        mean: m,
        sd,
        ci95Low: ci.low,
        ci95High: ci.high,
        min: Math.min(...v),
        max: Math.max(...v),
      });
    }
  }
  return out;
}

/** Per experiment and payment rule: how often the DSIC-relevant properties fail over the samples. */
export interface PaymentRuleSummary {
  experiment: string;
  /** The payment rule's name. */
  payment: string;
  samples: number;
  /** Mean total payment. */
  meanTP: number;
  /** Samples with some winner paying more than her bid (IR fails). */
  samplesWithPM: number;
  /** Winners paying more than their bid, summed over samples. */
  totalPM: number;
  /** Samples with some winner paid by the mechanism. */
  samplesWithNC: number;
  /** Winners paid, summed over samples. */
  totalNC: number;
}

/** Summarises IR (PM) and no-positive-transfer (NC) failures per experiment and payment rule. */
export function paymentRuleSummary(rows: readonly RoundRow[]): PaymentRuleSummary[] {
  const groups = new Map<string, RoundRow[]>();
  for (const r of rows) {
    const key = `${r.experiment}\u0000${r.payment}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].map((g) => ({
    experiment: g[0].experiment,
    payment: g[0].payment,
    samples: g.length,
    meanTP: mean(g.map((r) => r.TP)),
    samplesWithPM: g.filter((r) => r.PM > 0).length,
    totalPM: g.reduce((s, r) => s + r.PM, 0),
    samplesWithNC: g.filter((r) => r.NC > 0).length,
    totalNC: g.reduce((s, r) => s + r.NC, 0),
  }));
}

/** One row of {@link priorityVariants}: a payment summary tagged with the list discipline. */
export type PriorityVariantRow = PaymentRuleSummary & { list: "skip" | "halt" };

/**
 * The priority experiments (1B, 4B) with the list skipping and halting, under Clarke and critical
 * payments, summarised per variant (same samples, same priorities).
 */
export function priorityVariants(
  samples: readonly Sample[],
  options: RoundOptions & { rng: Rng },
): PriorityVariantRow[] {
  return [true, false].flatMap((skip) =>
    paymentRuleSummary(
      priorityRound(samples, {
        ...options,
        prioritySkip: skip,
        payments: ["clarke", "critical"],
        measureTime: false,
      }),
    )
      .filter((r) => r.experiment === "1B" || r.experiment === "4B")
      .map((r) => ({ list: skip ? ("skip" as const) : ("halt" as const), ...r })),
  );
}

/** One sample's greedy against its optimum: Total Values, their ratio, β = max w_i / W and whether ratio ≥ 1 − β. */
export interface GuaranteeRow {
  sample: string;
  /** Total Value of the optimum (1A) and of the greedy (1B); NaN when the sample has no such row. */
  optimum: number;
  greedy: number;
  ratio: number;
  beta: number;
  holds: boolean;
}

/**
 * Per sample: greedy 1B against the optimum 1A, with β = max w_i / W and the 1 − β guarantee (to
 * 1e-12 below it, for the division's rounding).
 * @param labels the optimum's and the greedy's experiments. Defaults to ["1A", "1B"].
 */
export function greedyGuarantee(
  rows: readonly RoundRow[],
  samples: readonly Sample[],
  capacity = 3456,
  labels: [string, string] = ["1A", "1B"],
): GuaranteeRow[] {
  return samples.map((s) => {
    const opt = rows.find((r) => r.sample === s.name && r.experiment === labels[0] && r.payment === "clarke");
    const gr = rows.find((r) => r.sample === s.name && r.experiment === labels[1] && r.payment === "clarke");
    const beta = Math.max(...s.jobs.map((j) => j.nnodes)) / capacity;
    const ratio = opt && gr ? gr.TV / opt.TV : NaN;
    return {
      sample: s.name,
      optimum: opt?.TV ?? NaN,
      greedy: gr?.TV ?? NaN,
      ratio,
      beta,
      holds: ratio >= 1 - beta - 1e-12,
    };
  });
}
