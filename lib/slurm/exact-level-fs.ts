/**
 * Section 2's worked example in exact arithmetic: each association's S (share of its siblings'
 * shares), U (share of its parent's usage) and Level FS = S/U (Algorithm 2, thesis variant) as
 * exact mathjs Fractions beside the floats Fair Tree uses, and which siblings tie exactly. The
 * floats order the example the same way, and the exact values show that the tie the thesis breaks
 * "arbitrarily" (bsc3288 and bsc3200, Level FS 3/4) is a true tie, not floating-point noise.
 */
import type { Fraction } from "mathjs";
import { compareFractions, divideFractions, exactRatio } from "../expr/fractions";
import { type AssociationTree, type UsageMap } from "./associations";
import { normaliseAssociations } from "./normalisation";
import { levelFairShare } from "./compiled-fair-tree";

/** One association's S, U and Level FS, exactly and as Fair Tree computes them. */
export interface ExactLevelFs {
  association: string;
  /** Depth below the root (1 for the root's children). */
  depth: number;
  /** S exactly (shares / siblings' shares). */
  S: Fraction;
  /** U exactly (usage / parent's usage, CPU·s over CPU·s); 0 when the parent has no usage. */
  U: Fraction;
  /** Level FS = S/U exactly; null (∞) when U = 0. */
  levelFs: Fraction | null;
  /** Level FS as Fair Tree computes it in floating point. */
  float: number;
  /** Whether the float is the double nearest the exact value (∞ = ∞). */
  floatExact: boolean;
  /** Siblings with exactly the same Level FS (a tie Algorithm 1 must break). */
  tiesWith: string[];
}

/**
 * The exact S, U and Level FS of every association below the root, in pre-order.
 * @param usage own usage per association, CPU·s. Defaults to the tree's.
 */
export function exactLevelFs(tree: AssociationTree, usage?: UsageMap): ExactLevelFs[] {
  const norm = normaliseAssociations(tree, usage);
  const rows: ExactLevelFs[] = [];
  const visit = (name: string) => {
    const node = tree.nodes.get(name)!;
    for (const c of node.children) {
      const child = tree.nodes.get(c)!;
      const siblingShares = node.children.reduce((a, s) => a + tree.nodes.get(s)!.shares, 0);
      const S = exactRatio(child.shares, siblingShares, `shares of ${c}`) ?? exactRatio(0, 1)!;
      const parentUsage = norm.get(name)!.rawUsage;
      const U = exactRatio(norm.get(c)!.rawUsage, parentUsage, `usage of ${c}`) ?? exactRatio(0, 1)!;
      const lf = divideFractions(S, U);
      const float = levelFairShare(norm.get(c)!.levelShares, norm.get(c)!.levelUsage, "thesis");
      rows.push({
        association: c,
        depth: child.depth,
        S,
        U,
        levelFs: lf,
        float,
        floatExact: lf === null ? float === Infinity : float === lf.valueOf(),
        tiesWith: [],
      });
    }
    for (const c of node.children) visit(c);
  };
  visit(tree.root);
  const rowOf = new Map(rows.map((r) => [r.association, r]));
  for (const node of tree.nodes.values()) {
    for (const a of node.children) {
      const x = rowOf.get(a)!.levelFs;
      rowOf.get(a)!.tiesWith = node.children.filter((b) => {
        if (b === a) return false;
        const y = rowOf.get(b)!.levelFs;
        return x === null || y === null ? x === y : compareFractions(x, y) === 0;
      });
    }
  }
  return rows;
}
