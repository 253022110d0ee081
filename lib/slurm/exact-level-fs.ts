/**
 * Section 2's worked example in exact arithmetic: each association's S (share of its siblings'
 * shares), U (share of its parent's usage) and Level FS = S/U (Algorithm 2, thesis variant) as
 * exact mathjs Fractions beside the floats Fair Tree uses, and which siblings tie exactly. The
 * floats order the example the same way, and the exact values show that the tie the thesis breaks
 * "arbitrarily" (bsc3288 and bsc3200, Level FS 3/4) is a true tie, not floating-point noise.
 */
import type { Fraction } from "mathjs";
import { compareFractions, divideFractions, exactRatio, fractionText } from "../expr/fractions";
import { type AssociationTree, type UsageMap } from "./associations";
import { normaliseAssociations } from "./normalisation";
import { levelFairShare } from "./compiled-fair-tree";

/** One row of {@link exactLevelFsTable}. */
export interface ExactLevelFsRow {
  /** Association, indented by depth. */
  entity: string;
  /** S exactly (shares / siblings' shares). */
  "S (exact)": string;
  /** U exactly (usage / parent's usage, CPU·s over CPU·s); "0" when the parent has no usage. */
  "U (exact)": string;
  /** Level FS = S/U exactly; "∞" when U = 0. */
  "Level FS (exact)": string;
  /** Level FS as Fair Tree computes it in floating point. */
  "Level FS (float)": number;
  /** Whether the float is the double nearest the exact value (∞ = ∞). */
  "float is exact": boolean;
  /** Siblings with exactly the same Level FS (a tie Algorithm 1 must break), or "". */
  "ties with": string;
}

/**
 * The exact S, U and Level FS of every association below the root, in pre-order.
 * @param usage own usage per association, CPU·s. Defaults to the tree's.
 */
export function exactLevelFsTable(tree: AssociationTree, usage?: UsageMap): ExactLevelFsRow[] {
  const norm = normaliseAssociations(tree, usage);
  const exact = new Map<string, Fraction | null>(); // null = ∞
  const rows: ExactLevelFsRow[] = [];
  const visit = (name: string) => {
    const node = tree.nodes.get(name)!;
    for (const c of node.children) {
      const child = tree.nodes.get(c)!;
      const siblingShares = node.children.reduce((a, s) => a + tree.nodes.get(s)!.shares, 0);
      const S = exactRatio(child.shares, siblingShares, `shares of ${c}`) ?? exactRatio(0, 1)!;
      const parentUsage = norm.get(name)!.rawUsage;
      const U = exactRatio(norm.get(c)!.rawUsage, parentUsage, `usage of ${c}`) ?? exactRatio(0, 1)!;
      const lf = divideFractions(S, U);
      exact.set(c, lf);
      const float = levelFairShare(norm.get(c)!.levelShares, norm.get(c)!.levelUsage, "thesis");
      rows.push({
        entity: " ".repeat(child.depth - 1) + c,
        "S (exact)": fractionText(S),
        "U (exact)": fractionText(U),
        "Level FS (exact)": lf === null ? "∞" : fractionText(lf),
        "Level FS (float)": float,
        "float is exact": lf === null ? float === Infinity : float === lf.valueOf(),
        "ties with": "",
      });
    }
    for (const c of node.children) visit(c);
  };
  visit(tree.root);
  const rowOf = new Map(rows.map((r) => [r.entity.trim(), r]));
  for (const node of tree.nodes.values()) {
    for (const a of node.children) {
      const same = node.children.filter((b) => {
        if (b === a) return false;
        const x = exact.get(a)!,
          y = exact.get(b)!;
        return x === null || y === null ? x === y : compareFractions(x, y) === 0;
      });
      rowOf.get(a)!["ties with"] = same.join(", ");
    }
  }
  return rows;
}
