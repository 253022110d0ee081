/**
 * The thesis's experiments (Section 6.2): bid models, allocation rules and the experiment sets of
 * the three rounds. Inexperienced bid b_i = w_i·min_i (1A, 1B, 3B); experienced bid
 * b_i = ⌊1.1·w_i·rtime_i⌋ (2B, 4B; integer, as the thesis's tables show). 1A: exact optimum; 1B,
 * 4B: greedy by the key b/w; 2B, 3B: greedy by the key b/(w·rtime) (two key formulas of one greedy
 * rule, greedy-key.ts: keys compared exactly, ties by job order). Round 2 (6.3.2) compares the
 * modified (skipping) greedy "1B", "4B" with the original "1B1", "4B1"; round 3 (6.3.3) the priority
 * rule "1B", "4B" with the greedy "1B1", "4B1".
 */
import type { JobRecord } from "../io/job-record";
import { type Instance, makeInstance } from "./instance";
import type { AllocationRule } from "./rule";
import { exactRule } from "./exact";
import { greedyRule } from "./greedy";
import { priorityRule } from "./priority";
import { finiteNumber, integer, keyword } from "../util/options";
import { exactFraction } from "./exact-key";
import { optionalExpression } from "../expr/expression";

/** How players bid. */
export type BidModel = "inexperienced" | "experienced";

/** Which rule an experiment uses (`key`: a greedy key formula in b, w, min, rtime, greedy-key.ts). */
export type RuleSpec =
  | { kind: "exact" }
  | { kind: "greedy"; key: string; skip?: boolean; fallback?: boolean }
  | { kind: "priority"; skip?: boolean };

/** One experiment: a label, a bid model and a rule. */
export interface ExperimentSpec {
  /** Column label as in the thesis's tables (1A, 1B, …, 1B1, 4B1). */
  label: string;
  /** Bid model. */
  bid: BidModel;
  /** Allocation rule: a spec, or a rule object of your own (rule.ts). */
  rule: RuleSpec | AllocationRule;
}

/** Round 1 (6.3.1), in the thesis's column order: 1A, 1B, 3B, 2B, 4B. */
export const MAIN_EXPERIMENTS: readonly ExperimentSpec[] = [
  { label: "1A", bid: "inexperienced", rule: { kind: "exact" } },
  { label: "1B", bid: "inexperienced", rule: { kind: "greedy", key: "b/w" } },
  { label: "3B", bid: "inexperienced", rule: { kind: "greedy", key: "b/(w*rtime)" } },
  { label: "2B", bid: "experienced", rule: { kind: "greedy", key: "b/(w*rtime)" } },
  { label: "4B", bid: "experienced", rule: { kind: "greedy", key: "b/w" } },
];

/** Round 2 (6.3.2): modified greedy 1B, 4B beside the original 1B1, 4B1 (Tables 19–23). */
export const MODIFIED_EXPERIMENTS: readonly ExperimentSpec[] = [
  { label: "1B", bid: "inexperienced", rule: { kind: "greedy", key: "b/w", skip: true } },
  { label: "1B1", bid: "inexperienced", rule: { kind: "greedy", key: "b/w" } },
  { label: "4B", bid: "experienced", rule: { kind: "greedy", key: "b/w", skip: true } },
  { label: "4B1", bid: "experienced", rule: { kind: "greedy", key: "b/w" } },
];

/** Round 3 (6.3.3): priority rule 1B, 4B beside the greedy 1B1, 4B1 (Tables 24–27). */
export const PRIORITY_EXPERIMENTS: readonly ExperimentSpec[] = [
  { label: "1B", bid: "inexperienced", rule: { kind: "priority" } },
  { label: "1B1", bid: "inexperienced", rule: { kind: "greedy", key: "b/w" } },
  { label: "4B", bid: "experienced", rule: { kind: "priority" } },
  { label: "4B1", bid: "experienced", rule: { kind: "greedy", key: "b/w" } },
];

/**
 * How the experienced bid (1 + margin)·w·rtime becomes the number the mechanisms see. Every TV and
 * TP of 2B and 4B in the thesis's Tables 10 and 11 is an integer, and the knapsack solver it used,
 * OR-Tools, takes integer values, so some rounding happened; the thesis does not say which:
 * - "floor": ⌊(1 + margin)·w·rtime⌋, the whole bid floored (computed exactly);
 * - "per-node": w·⌊(1 + margin)·rtime⌋, the player's run-time estimate floored to whole minutes and
 *   bid for each node (with a custom bid b: w·⌊b/w⌋). Every job with the same run time then has
 *   the same 2B and 4B key, so ties at the margin are large, as the thesis's SP_2B and SP_4B
 *   (Table 13: 58 and 75 players paying exactly their bid) need;
 * - "none": the real (1 + margin)·w·rtime, whose 2B key b/(w·rtime) is the same for every job, so
 *   the tie rule alone orders 2B.
 */
export type ExperiencedRounding = "floor" | "per-node" | "none";

/** The experienced roundings, in the order of {@link ExperiencedRounding}'s list. */
export const EXPERIENCED_ROUNDINGS: readonly ExperiencedRounding[] = ["floor", "per-node", "none"];

/** The default rounding of experienced bids: "per-node" ({@link ExperiencedRounding} says why). */
export const DEFAULT_EXPERIENCED_ROUNDING: ExperiencedRounding = "per-node";

/** Options shared by bids and instances. */
export interface BidOptions {
  /** Experienced players' margin: b = (1 + margin)·w·rtime. Defaults to 0.1. */
  margin?: number;
  /** Rounding of the experienced bid (see {@link ExperiencedRounding}). Defaults to "per-node". */
  experiencedRounding?: ExperiencedRounding;
  /** Lower bound on rtime in the b/(w·rtime) key, minutes (avoids dividing by 0). Defaults to 1. */
  minRtime?: number;
  /**
   * A custom inexperienced bid, a mathjs expression in `w` (nodes), `min` (planned minutes) and
   * `rtime` (run minutes), node·minutes, e.g. `"w*min"` or `"w*(min + rtime)/2"`. Defaults to "" (the
   * thesis's w·min).
   */
  inexperiencedBid?: string;
  /**
   * A custom experienced bid in `w`, `min`, `rtime`, e.g. `"1.2*w*rtime"`; with `experiencedRounding`
   * "floor" it is floored like the thesis's, after reading the value to 15 significant digits (so
   * 1.1·50 = 55.00000000000001 floors to 55). Defaults to "" (the thesis's (1 + margin)·w·rtime).
   */
  experiencedBid?: string;
}

/**
 * The symbols of a custom bid, in the order its `evaluate` takes them: a mathjs expression in `w`
 * (nodes), `min` (planned minutes) and `rtime` (run minutes) giving node·minutes (`"w*min"`,
 * `"1.1*w*rtime"`). `min` is a symbol here, so the function min() is not available in bids.
 */
export const BID_SYMBOLS: readonly string[] = Object.freeze(["w", "min", "rtime"]);

/** ⌊x⌋ of x read to 15 significant digits (exactFraction), so float noise never moves a floor. */
function floorAsPrinted(x: number): number {
  const [num, den] = exactFraction(x);
  const q = num / den; // BigInt division truncates toward 0
  return Number(num < BigInt(0) && q * den !== num ? q - BigInt(1) : q);
}

/** Bids of `jobs` under a bid model: w·minutes or (1 + margin)·w·rtime, or the model's custom expression (node·minutes). */
export function jobBids(jobs: readonly JobRecord[], model: BidModel, options: BidOptions = {}): Float64Array {
  keyword(model, "bid model", ["inexperienced", "experienced"] as const);
  const margin = finiteNumber(options.margin ?? 0.1, "margin", 0);
  const rounding = keyword(
    options.experiencedRounding ?? DEFAULT_EXPERIENCED_ROUNDING,
    "experiencedRounding",
    EXPERIENCED_ROUNDINGS,
  );
  const source = model === "inexperienced" ? options.inexperiencedBid : options.experiencedBid;
  const bid = optionalExpression(
    model === "inexperienced" ? "inexperiencedBid" : "experiencedBid",
    source,
    BID_SYMBOLS,
  );
  if (bid) {
    const values = new Float64Array(3);
    return Float64Array.from(jobs, (j) => {
      values[0] = j.nnodes;
      values[1] = j.minutes;
      values[2] = j.rtime;
      const b = bid.evaluate(values);
      if (b < 0)
        throw new Error(
          `invalid ${bid.name}: ${JSON.stringify(source)} gives ${b} at w=${j.nnodes}, min=${j.minutes}, rtime=${j.rtime}; expected a bid >= 0`,
        );
      if (model !== "experienced" || rounding === "none") return b;
      return rounding === "floor" ? floorAsPrinted(b) : j.nnodes * floorAsPrinted(b / j.nnodes);
    });
  }
  return Float64Array.from(jobs, (j) =>
    model === "inexperienced" ? j.nnodes * j.minutes : experiencedBid(j.nnodes, j.rtime, margin, rounding),
  );
}

/**
 * The experienced bid (1 + margin)·w·rtime, node·minutes: with "floor", ⌊·⌋ computed exactly in
 * rational arithmetic (margin read to 9 decimals), so that no bid depends on floating-point noise;
 * with "per-node", w·⌊(1 + margin)·rtime⌋ the same way ({@link ExperiencedRounding}).
 */
export function experiencedBid(
  w: number,
  rtime: number,
  margin: number,
  rounding: ExperiencedRounding = "floor",
): number {
  if (rounding === "none") return w * rtime + w * rtime * margin;
  if (rounding === "per-node") return w * experiencedBid(1, rtime, margin, "floor");
  const scale = BigInt(1_000_000_000);
  const m = BigInt(Math.round(margin * 1e9));
  const [rn, rd] = exactFraction(rtime);
  const num = BigInt(w) * rn * (scale + m);
  const den = rd * scale;
  return Number(num / den); // BigInt division truncates; num, den ≥ 0 so this is the floor
}

/**
 * The auction instance of a sample under a bid model.
 * @param capacity W, nodes
 * @param priorities per-job priorities for the priority rule (see thesisPriorities)
 */
export function jobsInstance(
  jobs: readonly JobRecord[],
  model: BidModel,
  capacity: number,
  options: BidOptions & { priorities?: ArrayLike<number> } = {},
): Instance {
  integer(capacity, "capacity", 1);
  const minR = finiteNumber(options.minRtime ?? 1, "minRtime", Number.MIN_VALUE);
  return makeInstance({
    weights: jobs.map((j) => j.nnodes),
    bids: jobBids(jobs, model, options),
    rtimes: jobs.map((j) => Math.max(j.rtime, minR)),
    minutes: jobs.map((j) => j.minutes),
    capacity,
    priorities: options.priorities,
  });
}

/** The allocation rule of a {@link RuleSpec} (a rule object is returned as it is). */
export function ruleFromSpec(spec: RuleSpec | AllocationRule): AllocationRule {
  if ("allocate" in spec) return spec;
  if (spec.kind === "exact") return exactRule();
  if (spec.kind === "greedy") return greedyRule({ key: spec.key, skip: spec.skip, fallback: spec.fallback });
  return priorityRule({ skip: spec.skip });
}
