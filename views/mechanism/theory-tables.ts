/**
 * Display rows for small worked examples (notebook 05): one instance's outcome per player, an
 * audit report's witnesses, and the greedy's approximation ratio against the exact optimum.
 */
import { significant } from "../display/format";
import type { Instance } from "../../lib/mechanism/instance";
import { allocationValue } from "../../lib/mechanism/instance";
import type { Outcome } from "../../lib/mechanism/mechanism";
import type { AuditReport } from "../../lib/mechanism/audit";
import { greedyRule } from "../../lib/mechanism/greedy";
import { exactValue } from "../../lib/mechanism/exact";
import { makeInstance } from "../../lib/mechanism/instance";
import { finiteNumber, integer } from "../../lib/util/options";
import type { Rng } from "../../lib/util/rng";

/** One row per player: size, bid, key b/w, allocation, payment and utility at value = bid. */
export function outcomeTable(inst: Instance, o: Outcome): Record<string, number>[] {
  return Array.from(inst.w, (w, i) => ({
    player: i,
    w,
    b: inst.b[i],
    "b/w": inst.b[i] / w,
    x: o.x[i],
    p: o.p[i],
    utility: o.x[i] * inst.b[i] - o.p[i],
  }));
}

/** One row per witness in an audit report (or one "none found" row). */
export function auditTable(rep: AuditReport): Record<string, string | number>[] {
  const rows: Record<string, string | number>[] = [];
  for (const d of rep.profitable)
    rows.push({
      check: "profitable misreport",
      player: d.player,
      detail: `value ${significant(d.value)}: bid ${significant(d.bid)} gives utility ${significant(d.deviationUtility)} > ${significant(d.truthfulUtility)} (truthful)`,
    });
  for (const v of rep.irViolations)
    rows.push({
      check: "IR (p ≤ b)",
      player: v.player,
      detail: `pays ${significant(v.payment)} > bid ${significant(v.bid)}`,
    });
  for (const v of rep.positiveTransfers)
    rows.push({
      check: "no positive transfer (p ≥ 0)",
      player: v.player,
      detail: `paid ${significant(-v.payment)} by the mechanism`,
    });
  for (const m of rep.monotonicity)
    rows.push({
      check: "monotonicity",
      player: m.player,
      detail: `wins bidding ${significant(m.lowBid)}, loses bidding ${significant(m.highBid)}`,
    });
  if (!rows.length)
    rows.push({
      check: "all",
      player: -1,
      detail: `no violation in ${rep.misreportsTried} misreports of ${rep.playersChecked} players`,
    });
  return rows;
}

/** One summary row of an audit report: counts of each kind of violation. */
export function auditSummary(label: string, rep: AuditReport): Record<string, string | number> {
  return {
    mechanism: label,
    players: rep.playersChecked,
    misreports: rep.misreportsTried,
    "profitable misreports": rep.profitable.length,
    "IR violations": rep.irViolations.length,
    "positive transfers": rep.positiveTransfers.length,
    "monotonicity violations": rep.monotonicity.length,
  };
}

/** Greedy (halting + fallback, b/w) against the optimum on each instance, with β = max w_i / W. */
export function greedyGuaranteeTable(
  instances: readonly { name: string; inst: Instance }[],
): Record<string, string | number | boolean>[] {
  return instances.map(({ name, inst }) => {
    const opt = exactValue(inst);
    const greedy = allocationValue(inst, greedyRule().allocate(inst));
    const beta = Math.max(...inst.w) / inst.capacity;
    const bound = beta <= 0.5 ? 1 - beta : 0.5;
    const ratio = opt > 0 ? greedy / opt : 1;
    return {
      instance: name,
      n: inst.w.length,
      optimum: opt,
      greedy,
      ratio,
      beta,
      guarantee: bound,
      holds: ratio >= bound - 1e-12,
    };
  });
}

/** Options of {@link randomInstances}. */
export interface RandomInstanceOptions {
  /** Players per instance. Defaults to 12. */
  n?: number;
  /** Capacity W, nodes. Defaults to 100. */
  capacity?: number;
  /** Largest size as a fraction β of W (sizes uniform on 1..⌊β·W⌋). Defaults to 0.5. */
  beta?: number;
  /** Largest bid per node (bids = w · U{1..maxDensity}). Defaults to 100. */
  maxDensity?: number;
}

/** Seeded random knapsack instances for worked examples. */
export function randomInstances(
  rng: Rng,
  count: number,
  options: RandomInstanceOptions = {},
): { name: string; inst: Instance }[] {
  const n = integer(options.n ?? 12, "n", 1, 10000);
  const capacity = integer(options.capacity ?? 100, "capacity", 1);
  const beta = finiteNumber(options.beta ?? 0.5, "beta", 1 / capacity, 1);
  const maxD = integer(options.maxDensity ?? 100, "maxDensity", 1);
  integer(count, "count", 0);
  const maxW = Math.max(1, Math.floor(beta * capacity));
  return Array.from({ length: count }, (_, k) => {
    const w = Array.from({ length: n }, () => rng.int(1, maxW));
    const b = w.map((wi) => wi * rng.int(1, maxD));
    return { name: `random_${k}`, inst: makeInstance({ weights: w, bids: b, capacity }) };
  });
}

/** One summary row over {@link greedyGuaranteeTable} rows: worst ratio, worst slack over the guarantee. */
export function greedyGuaranteeSummary(
  label: string,
  rows: readonly Record<string, string | number | boolean>[],
): Record<string, string | number | boolean> {
  const ratio = rows.map((r) => r.ratio as number);
  const slack = rows.map((r) => (r.ratio as number) - (r.guarantee as number));
  return {
    instances: label,
    count: rows.length,
    "min ratio": Math.min(...ratio),
    "mean ratio": ratio.reduce((s, v) => s + v, 0) / Math.max(1, ratio.length),
    "min (ratio − guarantee)": Math.min(...slack),
    "all hold": rows.every((r) => r.holds === true),
  };
}
