/**
 * Classic fair share (Slurm with PriorityFlags=NO_FAIR_TREE, the default before 19.05; notes §1c):
 * F = 2^(−U_effective / S_norm / FairShareDampeningFactor), with Slurm's effective-usage recursion
 * computed top-down:
 *   UE = usage_norm                                    for the root's children,
 *   UE = UA + (UE_parent − UA) · shares_raw / level_shares   below them (UA = usage_norm),
 * where usage_norm = usage_raw / root usage_raw and S_norm is the product of the sibling-normalised
 * shares along the path. F = 0 when S_norm is 0. (FairShare=parent and DEPTH_OBLIVIOUS are not modelled.)
 */
import { finiteNumber } from "../util/options";
import type { AssociationTree, UsageMap } from "./associations";
import { normaliseAssociations } from "./normalisation";
import type { FairShareResult, FairShareRow } from "./fair-tree";

/** Options of {@link classicFairShare}. */
export interface ClassicOptions {
  /** FairShareDampeningFactor (≥ 1 in Slurm; any value > 0 accepted). Defaults to 1. */
  dampening?: number;
  /** Own usage per association, CPU·s. Defaults to the tree's. */
  usage?: UsageMap;
}

/** The classic factor 2^(−UE/S/damp) for one association; 0 when S ≤ 0. */
export function classicFactor(effectiveUsage: number, normShares: number, dampening = 1): number {
  if (!(normShares > 0)) return 0;
  return Math.pow(2, -(effectiveUsage / normShares) / dampening);
}

/**
 * Classic fair-share factors for every user (and the per-association explanation: `level` holds
 * the effective usage UE; `factor` is F for users).
 */
export function classicFairShare(tree: AssociationTree, options: ClassicOptions = {}): FairShareResult {
  const damp = finiteNumber(options.dampening ?? 1, "dampening", Number.MIN_VALUE);
  const norm = normaliseAssociations(tree, options.usage);
  const ue = new Map<string, number>();
  const rows: FairShareRow[] = [];
  const factors = new Map<string, number>();
  for (const name of tree.order) {
    if (name === tree.root) continue;
    const node = tree.nodes.get(name)!;
    const a = norm.get(name)!;
    let effective: number;
    if (node.parent === tree.root) effective = a.normUsage;
    else if (
      a.levelShares === 0 &&
      tree.nodes.get(node.parent!)!.children.every((c) => tree.nodes.get(c)!.shares === 0)
    )
      effective = ue.get(node.parent!)!;
    else effective = a.normUsage + (ue.get(node.parent!)! - a.normUsage) * a.levelShares;
    ue.set(name, effective);
    const f = classicFactor(effective, a.normShares, damp);
    if (node.kind === "user") factors.set(name, f);
    rows.push({
      entity: name,
      kind: node.kind,
      parent: node.parent!,
      depth: node.depth,
      S: a.normShares,
      U: a.normUsage,
      level: effective,
      rank: null,
      factor: node.kind === "user" ? f : null,
    });
  }
  const position = new Map(tree.users.map((u, i) => [u, i]));
  const ranking = tree.users
    .slice()
    .sort((x, y) => factors.get(y)! - factors.get(x)! || position.get(x)! - position.get(y)!);
  const rowOf = new Map(rows.map((r) => [r.entity, r]));
  ranking.forEach((u, i) => (rowOf.get(u)!.rank = ranking.length - i));
  return { algorithm: `classic (dampening ${damp})`, factors, ranking, rows };
}
