/**
 * Normalising shares and usage among siblings and along the path to the root (thesis Section 2.1.2):
 * the S and U every fair-share algorithm starts from.
 */
import { rollUpUsage, type AssociationTree, type UsageMap } from "./associations";

/** The normalised shares and usage of one association. */
export interface NormalisedAssociation {
  /** Name. */
  name: string;
  /** Raw shares. */
  rawShares: number;
  /** Shares among siblings: S_self / S_self+siblings (0 when the siblings' sum is 0). */
  levelShares: number;
  /** Shares along the path: product of levelShares from here up to the root (Slurm `shares_norm`). */
  normShares: number;
  /** Raw usage of the sub-tree (Slurm `usage_raw`), CPU·s. */
  rawUsage: number;
  /** Usage among siblings: U_self / U_parent (0 when the parent's usage is 0). */
  levelUsage: number;
  /** Usage relative to the root: U_self / U_root, capped at 1 (0 when the root has none) (Slurm `usage_norm`). */
  normUsage: number;
}

/**
 * Normalises shares and usage among siblings and along the path to the root (thesis Section 2.1.2:
 * bsc30 holds 3/8 = 37.5 % of bsc_es's shares, bsc32 uses 9000/10500 ≈ 86 % of its usage).
 * @param usage own usage per association, CPU·s (defaults to the tree's)
 */
export function normaliseAssociations(
  tree: AssociationTree,
  usage?: UsageMap,
): Map<string, NormalisedAssociation> {
  const raw = rollUpUsage(tree, usage);
  const total = raw.get(tree.root)!;
  const out = new Map<string, NormalisedAssociation>();
  const childShares = new Map<string, number>();
  for (const name of tree.order) {
    const node = tree.nodes.get(name)!;
    childShares.set(
      name,
      node.children.reduce((s, c) => s + tree.nodes.get(c)!.shares, 0),
    );
  }
  for (const name of tree.order) {
    const node = tree.nodes.get(name)!;
    const u = raw.get(name)!;
    if (node.parent === null) {
      out.set(name, {
        name,
        rawShares: node.shares,
        levelShares: 1,
        normShares: 1,
        rawUsage: u,
        levelUsage: total > 0 ? 1 : 0,
        normUsage: total > 0 ? 1 : 0,
      });
      continue;
    }
    const siblingShares = childShares.get(node.parent)!;
    const levelShares = siblingShares > 0 ? node.shares / siblingShares : 0;
    const parentUsage = raw.get(node.parent)!;
    out.set(name, {
      name,
      rawShares: node.shares,
      levelShares,
      normShares: levelShares * out.get(node.parent)!.normShares,
      rawUsage: u,
      levelUsage: parentUsage > 0 ? u / parentUsage : 0,
      normUsage: total > 0 ? Math.min(1, u / total) : 0,
    });
  }
  return out;
}
