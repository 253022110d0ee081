/**
 * Experiment rounds as tidy tables: one row per (sample, experiment, payment rule) with the
 * Section 6.2 metrics and the time taken (TTS, seconds). `mainRound` is 6.3.1 (1A 1B 3B 2B 4B),
 * `greedyModifiedRound` 6.3.2, `priorityRound` 6.3.3 (priorities drawn per sample from the given
 * seeded stream, forked by sample name, so each sample's priorities are reproducible alone).
 */
import { performance } from "node:perf_hooks";
import type { Sample } from "../sample/draw";
import {
  jobsInstance,
  MAIN_EXPERIMENTS,
  MODIFIED_EXPERIMENTS,
  PRIORITY_EXPERIMENTS,
  ruleFromSpec,
  type ExperimentSpec,
  type ExperiencedRounding,
} from "./experiments";
import { mechanismMetrics, type MechanismMetrics } from "./metrics";
import {
  type PaymentFunction,
  type PaymentRule,
  paymentApplies,
  paymentName,
  paymentOf,
  runMechanism,
} from "./mechanism";
import { thesisPriorities } from "./priority";
import { invalidArgument } from "../util/errors";
import { integer, keyword } from "../util/options";
import type { Rng } from "../util/rng";

/** One row of a round. */
export interface RoundRow extends MechanismMetrics {
  /** Sample name (e.g. sample_3.txt). */
  sample: string;
  /** Experiment label (1A, 1B, …). */
  experiment: string;
  /** Payment rule's name (a built-in {@link PaymentRule}, or one's own rule's name). */
  payment: string;
  /** Time spent on allocation + payments, seconds (NaN when `measureTime` is false). */
  TTS: number;
}

/** Options of the rounds. */
export interface RoundOptions {
  /** Machine nodes W. Defaults to 3456. */
  capacity?: number;
  /** Payment rules to compute, built-in or one's own (rows only where the rule applies). Defaults to ["clarke"] (the thesis's). */
  payments?: (PaymentRule | PaymentFunction)[];
  /** Capacity of the Clarke re-run: "covered" (thesis) or "W". Defaults to "covered". */
  rerunCapacity?: "covered" | "W";
  /** AD normaliser ("n" as in Table 14, or "winners"). Defaults to "n". */
  adNormaliser?: "n" | "winners";
  /** Experienced margin. Defaults to 0.1. */
  margin?: number;
  /** Rounding of the experienced bid ({@link ExperiencedRounding}). Defaults to "per-node". */
  experiencedRounding?: ExperiencedRounding;
  /** Lower bound on rtime in b/(w·rtime), minutes. Defaults to 1. */
  minRtime?: number;
  /** Custom inexperienced bid, an expression in w, min, rtime (see BidOptions). Defaults to "" (w·min). */
  inexperiencedBid?: string;
  /** Custom experienced bid, an expression in w, min, rtime, floored per `experiencedRounding` (see BidOptions). Defaults to "" ((1 + margin)·w·rtime). */
  experiencedBid?: string;
  /** Measure TTS (wall clock, so not reproducible). Defaults to true. */
  measureTime?: boolean;
  /** Override the priority rule's skip/halt setting (see PriorityRuleOptions). Defaults to each spec's. */
  prioritySkip?: boolean;
  /** Seeded stream for the priority rule's priorities; required when a spec uses it. */
  rng?: Rng;
}

/** Runs any experiment list over any samples. */
export function runRound(
  samples: readonly Sample[],
  specs: readonly ExperimentSpec[],
  options: RoundOptions = {},
): RoundRow[] {
  const capacity = integer(options.capacity ?? 3456, "capacity", 1);
  const payments = (options.payments ?? ["clarke"]).map((p, k) => paymentOf(p, `payments[${k}]`));
  const names = payments.map(paymentName);
  names.forEach((n, k) => {
    if (names.indexOf(n) !== k) throw invalidArgument(`payments[${k}]`, n, "a payment rule named once");
  });
  const needsPriority = specs.some((s) => s.rule.kind === "priority");
  if (needsPriority && !options.rng)
    throw invalidArgument("rng", options.rng, "a seeded Rng (the priority rule draws priorities)");
  // One rule per experiment (a rule holds no state between instances; a key formula compiles once).
  const rules = specs.map(({ rule }) =>
    "allocate" in rule || rule.kind !== "priority" || options.prioritySkip === undefined
      ? ruleFromSpec(rule)
      : ruleFromSpec({ ...rule, skip: options.prioritySkip }),
  );
  const rows: RoundRow[] = [];
  for (const sample of samples) {
    const priorities =
      needsPriority && options.rng
        ? thesisPriorities(
            sample.jobs.map((j) => j.nnodes),
            capacity,
            options.rng.fork(sample.name),
          )
        : undefined;
    for (const [k, spec] of specs.entries()) {
      const inst = jobsInstance(sample.jobs, spec.bid, capacity, {
        margin: options.margin,
        experiencedRounding: options.experiencedRounding,
        minRtime: options.minRtime,
        inexperiencedBid: options.inexperiencedBid,
        experiencedBid: options.experiencedBid,
        priorities,
      });
      const rule = rules[k];
      for (const payment of payments) {
        if (!paymentApplies(rule, payment)) continue;
        const t0 = performance.now();
        const o = runMechanism({ rule, payment, clarke: { rerunCapacity: options.rerunCapacity } }, inst);
        const TTS = options.measureTime === false ? NaN : (performance.now() - t0) / 1000;
        rows.push({
          sample: sample.name,
          experiment: spec.label,
          payment: paymentName(payment),
          ...mechanismMetrics(inst, o.x, o.p, { adNormaliser: options.adNormaliser }),
          TTS,
        });
      }
    }
  }
  return rows;
}

/** Round 1 (6.3.1): 1A, 1B, 3B, 2B, 4B. */
export function mainRound(samples: readonly Sample[], options: RoundOptions = {}): RoundRow[] {
  return runRound(samples, MAIN_EXPERIMENTS, options);
}

/** Round 2 (6.3.2): modified greedy 1B, 4B vs original 1B1, 4B1. */
export function greedyModifiedRound(samples: readonly Sample[], options: RoundOptions = {}): RoundRow[] {
  return runRound(samples, MODIFIED_EXPERIMENTS, options);
}

/** Round 3 (6.3.3): priority 1B, 4B vs greedy 1B1, 4B1; `options.rng` seeds the priorities. */
export function priorityRound(samples: readonly Sample[], options: RoundOptions & { rng: Rng }): RoundRow[] {
  return runRound(samples, PRIORITY_EXPERIMENTS, options);
}
