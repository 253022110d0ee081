/**
 * A mechanism = an allocation rule + a payment rule. Payment rules: "clarke" (the thesis's re-run,
 * clarke-payments.ts), "vcg" (exact VCG, only with the exact rule), "critical" (Myerson, only with
 * monotone rules), "first-price", or one's own ({@link PaymentFunction}).
 */
import type { Instance } from "./instance";
import type { AllocationRule } from "./rule";
import { clarkePayments, type ClarkeOptions } from "./clarke-payments";
import { criticalPayments } from "./critical-payments";
import { vcgPayments } from "./vcg-payments";
import { invalidArgument } from "../util/errors";
import { keyword } from "../util/options";

/** The payment rules ("first-price": winners pay their bid, the non-DSIC textbook contrast). */
export type PaymentRule = "clarke" | "vcg" | "critical" | "first-price";

/** The payment rules, in display order. */
export const PAYMENT_RULES: readonly PaymentRule[] = ["clarke", "vcg", "critical", "first-price"];

/**
 * A payment rule of one's own: the winners' payments for the allocation `x` that `rule` made on
 * `inst` (it may call `rule.allocate` again, e.g. without a player, as the Clarke pivot does).
 */
export interface PaymentFunction {
  /** Its name, shown in rows and tables (not a built-in rule's). */
  readonly name: string;
  /** One payment per player (0 for losers). */
  pay(rule: AllocationRule, inst: Instance, x: Uint8Array): Float64Array;
  /** Whether it applies to a rule (as "critical" needs a monotone one). Defaults to every rule. */
  applies?(rule: AllocationRule): boolean;
}

/** A built-in payment rule's name, or one's own payment rule, checked. */
export function paymentOf(
  payment: PaymentRule | PaymentFunction,
  name = "payment",
): PaymentRule | PaymentFunction {
  if (typeof payment === "string") return keyword(payment, name, PAYMENT_RULES);
  if (
    !payment ||
    typeof payment.pay !== "function" ||
    typeof payment.name !== "string" ||
    payment.name === "" ||
    (PAYMENT_RULES as readonly string[]).includes(payment.name)
  )
    throw invalidArgument(
      name,
      payment && typeof payment.name === "string" ? payment.name : payment,
      `one of ${PAYMENT_RULES.map((p) => JSON.stringify(p)).join(", ")}, or { name, pay(rule, inst, x) } with a name of its own`,
    );
  return payment;
}

/** The name a payment rule goes by in rows. */
export function paymentName(payment: PaymentRule | PaymentFunction): string {
  return typeof payment === "string" ? payment : payment.name;
}

/** An allocation rule with a payment rule. */
export interface Mechanism {
  /** The allocation rule. */
  rule: AllocationRule;
  /** The payment rule: a built-in one's name, or one's own. */
  payment: PaymentRule | PaymentFunction;
  /** Options of the Clarke re-run. Defaults to the thesis's ("covered"). */
  clarke?: ClarkeOptions;
}

/** Outcome of a mechanism on an instance. */
export interface Outcome {
  /** Winners. */
  x: Uint8Array;
  /** Payments (0 for losers). */
  p: Float64Array;
}

/**
 * Runs a mechanism.
 * @param options `only`: compute just this player's payment (others report 0; the auditor's fast path)
 * @throws `invalid payment: "vcg"; expected …` when VCG is asked of a non-exact rule; `invalid
 *   payments of <name>: …` when one's own rule returns other than one finite payment per player
 */
export function runMechanism(mech: Mechanism, inst: Instance, options: { only?: number } = {}): Outcome {
  const payment = paymentOf(mech.payment);
  if (typeof payment !== "string") {
    const x = mech.rule.allocate(inst);
    const p = payment.pay(mech.rule, inst, x);
    if (!(p instanceof Float64Array) || p.length !== x.length || !p.every(Number.isFinite))
      throw invalidArgument(
        `payments of ${payment.name}`,
        p instanceof Float64Array || Array.isArray(p) ? Array.from(p) : p,
        `a Float64Array of ${x.length} finite payments`,
      );
    return { x, p };
  }
  if (payment === "vcg") {
    if (mech.rule.kind !== "exact")
      throw invalidArgument(
        "payment",
        payment,
        `"clarke" or "critical" for rule ${mech.rule.name} (exact VCG needs the exact rule)`,
      );
    const v = vcgPayments(inst);
    return { x: v.x, p: v.p };
  }
  if (mech.rule.kind === "exact" && options.only === undefined && payment !== "first-price") {
    // One pair of DP tables gives the optimum and every payment (the rule's own allocate would
    // build the same table again): Clarke's re-run is VCG here, and so is the critical bid.
    const v = vcgPayments(
      inst,
      payment === "clarke"
        ? {
            rerunCapacity: keyword(mech.clarke?.rerunCapacity ?? "covered", "rerunCapacity", [
              "covered",
              "W",
            ] as const),
          }
        : {},
    );
    return { x: v.x, p: v.p };
  }
  const x = mech.rule.allocate(inst);
  if (payment === "first-price") return { x, p: Float64Array.from(x, (xi, i) => (xi ? inst.b[i] : 0)) };
  const p =
    payment === "clarke"
      ? clarkePayments(mech.rule, inst, x, { ...mech.clarke, only: options.only })
      : criticalPayments(mech.rule, inst, x, { only: options.only });
  return { x, p };
}

/** Whether `payment` can be used with `rule`. */
export function paymentApplies(rule: AllocationRule, payment: PaymentRule | PaymentFunction): boolean {
  if (typeof payment !== "string") return payment.applies?.(rule) ?? true;
  if (payment === "vcg") return rule.kind === "exact";
  if (payment === "critical") return rule.monotone;
  return true;
}
