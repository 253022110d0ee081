/**
 * The priority model of thesis Section 6.3.3: jobs are considered in decreasing order of
 * priority_i = w_i·10000/W + y_i with y_i uniform on {1, …, 10000}; bids play no part in the order.
 */
import type { Instance } from "./instance";
import { type AllocateOptions, type AllocationRule, resolveAllocate } from "./rule";
import { greedyScan } from "./greedy";
import { invalidArgument } from "../util/errors";
import { integer } from "../util/options";
import type { Rng } from "../util/rng";

/** Options of {@link priorityRule}. */
export interface PriorityRuleOptions {
  /**
   * Skip jobs that do not fit and keep going down the list (as Slurm's scheduler does) instead of
   * halting. Defaults to true: with halting, removing a winner can never lower the others' value,
   * so the thesis's negative Clarke payments (Table 27) could not arise.
   */
  skip?: boolean;
}

/** A rule that allocates in priority order. */
export interface PriorityRule extends AllocationRule {
  readonly kind: "priority";
  readonly skip: boolean;
}

/**
 * Thesis priorities: w_i·10000/W + U{1..10000}, one draw per job in order.
 * @param weights job sizes, nodes
 * @param capacity W, nodes
 * @param rng the seeded stream the uniform parts are drawn from
 */
export function thesisPriorities(weights: ArrayLike<number>, capacity: number, rng: Rng): Float64Array {
  integer(capacity, "capacity", 1);
  return Float64Array.from(weights, (w) => (w * 10000) / capacity + rng.int(1, 10000));
}

/** Player indices by decreasing priority, ties by index. */
export function priorityOrder(inst: Instance): Int32Array {
  if (inst.priority.length !== inst.w.length)
    throw invalidArgument(
      "instance priorities",
      inst.priority.length,
      `${inst.w.length} priorities (see thesisPriorities)`,
    );
  const order = Int32Array.from({ length: inst.w.length }, (_, i) => i);
  order.sort((a, c) => inst.priority[c] - inst.priority[a] || a - c);
  return order;
}

/** The priority allocation rule (reads `inst.priority`). */
export function priorityRule(options: PriorityRuleOptions = {}): PriorityRule {
  const skip = options.skip ?? true;
  return {
    kind: "priority",
    name: `priority ${skip ? "skip" : "halt"}`,
    // The order does not depend on bids at all, so the rule is (trivially) monotone.
    monotone: true,
    skip,
    allocate(inst: Instance, opts?: AllocateOptions): Uint8Array {
      const { exclude, capacity } = resolveAllocate(inst, opts);
      return greedyScan(inst, priorityOrder(inst), capacity, skip, false, exclude);
    },
  };
}
