/** Fig. 17's deciding cells and the orderings' support (lib/operators/fig17-readings.ts) as display rows. */
import { lowerMedian } from "../../lib/util/stats";
import type { JobSizeRow } from "../../lib/operators/job-size-analysis";
import type { PaperOrderings } from "../../lib/operators/reference";
import { compareOrderings, operatorOrderings } from "../../lib/operators/resolution-bits";
import { type Fig17Decider, fig17Deciders, type NamedReading } from "../../lib/operators/fig17-readings";

/** Display rows of {@link fig17Deciders}. */
export function fig17DeciderTable(deciders: readonly Fig17Decider[]): Record<string, unknown>[] {
  return deciders.map((d) => ({
    operator: d.operator,
    context: d.context,
    bits: d.bits ?? ">max",
    "deciding target": d.target,
    "deciding level p": d.level,
    flag: d.singular ? "singular (p = 0)" : d.cut ? "cut at s = 0" : "",
  }));
}

/**
 * Which of the paper's orderings (at balance, over and under target) each reading supports, by the
 * stated rule: "supports" when our ordering is identical to the paper's at a majority of the studied
 * resolutions (the paper says its orderings hold at every resolution); "partly" when the median
 * share of concordant operator pairs is at least 2/3; "contradicts" otherwise. Ties in ours count as
 * disagreement; NaN job sizes (no cell) sort last. Also shows the best operator (the paper's first)
 * beside ours at the most resolutions (ties between names broken alphabetically).
 */
export function orderingSupportTable(
  allRows: readonly JobSizeRow[],
  readings: readonly NamedReading[],
  paper: PaperOrderings,
): Record<string, unknown>[] {
  const keys: [string, keyof PaperOrderings][] = [
    ["balance", "balance"],
    ["over target", "overTarget"],
    ["under target", "underTarget"],
  ];
  return readings.flatMap((nr) => {
    const orderings = operatorOrderings(allRows.filter((r) => r.reading === nr.index));
    return keys.map(([context, key]) => {
      const mine = orderings.filter((o) => o.context === context);
      const agreements = mine.map((o) => compareOrderings(o.groups, paper[key]));
      const firsts = new Map<string, number>();
      for (const o of mine)
        firsts.set(o.groups[0].join(" = "), (firsts.get(o.groups[0].join(" = ")) ?? 0) + 1);
      const [best, bestCount] = [...firsts.entries()].sort(
        (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1),
      )[0] ?? ["", 0];
      const median = lowerMedian(agreements.map((a) => a.concordantPairs / a.pairs));
      const identical = agreements.filter((a) => a.identical).length;
      const verdict =
        identical * 2 > agreements.length ? "supports" : median >= 2 / 3 ? "partly" : "contradicts";
      return {
        reading: nr.name,
        context,
        "identical to the paper's at": `${identical} of ${agreements.length} resolutions`,
        "median concordant pairs": agreements.length
          ? `${Math.round(median * agreements[0].pairs)} of ${agreements[0].pairs}`
          : "",
        "best (ours, most resolutions)": `${best} (${bestCount} of ${mine.length})`,
        "best (paper)": paper[key][0],
        verdict,
      };
    });
  });
}
