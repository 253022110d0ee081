/**
 * The allocation-rule interface shared by the greedy, exact and priority rules: a rule maps an
 * {@link Instance} to a 0/1 winner vector, optionally leaving one player out and with a smaller
 * capacity (both needed by the thesis's Clarke-pivot re-run).
 */
import type { Instance } from "./instance";

/** Options of {@link AllocationRule.allocate}. */
export interface AllocateOptions {
  /** A player to leave out (as if she did not take part). Defaults to none (-1). */
  exclude?: number;
  /** Capacity to use instead of the instance's, nodes. Defaults to `inst.capacity`. */
  capacity?: number;
}

/** An allocation rule x(b). */
export interface AllocationRule {
  /** Which family the rule belongs to. */
  readonly kind: "greedy" | "exact" | "priority" | "custom";
  /** A short label, e.g. `greedy b/w halt+fallback`. */
  readonly name: string;
  /** True when each player's allocation is non-decreasing in her own bid (Myerson). */
  readonly monotone: boolean;
  /** The winner vector (1 = selected) for the instance's bids. */
  allocate(inst: Instance, options?: AllocateOptions): Uint8Array;
}

/** The capacity and excluded player an {@link AllocateOptions} resolves to. */
export function resolveAllocate(
  inst: Instance,
  options: AllocateOptions = {},
): { exclude: number; capacity: number } {
  const exclude = options.exclude ?? -1;
  const capacity = Math.min(options.capacity ?? inst.capacity, inst.capacity);
  return { exclude, capacity };
}
