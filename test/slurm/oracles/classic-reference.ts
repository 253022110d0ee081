/**
 * Classic fair share (PriorityFlags=NO_FAIR_TREE) written from Slurm's source, independently of
 * lib/slurm (only lib's types are imported): F = 2^(−(UE / S_norm) / FairShareDampeningFactor).
 * - S_norm: assoc_mgr.c `_normalize_assoc_shares_traditional`: 1.0 multiplied, from the
 *   association up to (not including) the root, by each level's shares_raw / level_shares; 0 when
 *   some level_shares is 0.
 * - usage_norm: priority_multifactor.c `set_assoc_usage_norm`: usage_raw / the root's usage_raw,
 *   capped at 1; 0 when the root has none.
 * - UE: `_set_assoc_usage_efctv` and `_set_usage_efctv`, top-down: usage_norm for a child of the
 *   root; else UA + (UE_parent − UA) · shares_raw / level_shares with UA = usage_norm, or UE_parent
 *   when level_shares is 0.
 * - F: `priority_p_calc_fs_factor`: 0 when S_norm ≤ 0.
 * FairShare=parent and DEPTH_OBLIVIOUS are not modelled (as in lib). Slurm keeps usage and UE as
 * long doubles; this oracle computes in doubles.
 */
import type { AssociationTree, UsageMap } from "../../../lib/slurm/associations";
import { levelShares, preOrder, subtreeUsage, usersOf } from "./association-walk";

/**
 * Classic fair-share factors per user, in pre-order of the users.
 * @param raw usage_raw per association (each account's holding its sub-tree's), CPU·s
 * @param dampening FairShareDampeningFactor (Slurm's default 1)
 */
export function classicFactors(
  tree: Pick<AssociationTree, "root" | "nodes">,
  raw: ReadonlyMap<string, number>,
  dampening = 1,
): Map<string, number> {
  const node = (name: string) => tree.nodes.get(name)!;
  const rootRaw = raw.get(tree.root)!;
  const usageNorm = (name: string) => (rootRaw ? Math.min(1, raw.get(name)! / rootRaw) : 0);
  const sharesNorm = (name: string) => {
    let s = 1.0;
    for (let a = name; node(a).parent !== null; a = node(a).parent!) {
      const level = levelShares(tree, a);
      if (!level) s = 0;
      else s *= node(a).shares / level;
    }
    return s;
  };
  const ue = new Map<string, number>();
  for (const name of preOrder(tree)) {
    const parent = node(name).parent;
    if (parent === null) continue;
    if (parent === tree.root) ue.set(name, usageNorm(name));
    else {
      const level = levelShares(tree, name);
      const ua = usageNorm(name);
      ue.set(name, level ? ua + (ue.get(parent)! - ua) * (node(name).shares / level) : ue.get(parent)!);
    }
  }
  const factors = new Map<string, number>();
  for (const u of usersOf(tree)) {
    const s = sharesNorm(u);
    factors.set(u, s <= 0 ? 0 : Math.pow(2.0, -(ue.get(u)! / s / dampening)));
  }
  return factors;
}

/** Classic factors for a tree, its own usage rolled up (the inputs of lib's classicFairShare). */
export function referenceClassic(
  tree: AssociationTree,
  options: { usage?: UsageMap; dampening?: number } = {},
): Map<string, number> {
  return classicFactors(tree, subtreeUsage(tree, options.usage), options.dampening ?? 1);
}
