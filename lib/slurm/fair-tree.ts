/**
 * Fair Tree fair share (thesis Section 2.2.3, Algorithms 1 and 2; Slurm's default since 19.05,
 * `fair_tree.c`). Siblings are ranked by Level FS = S/U (both relative to the siblings only), the
 * tree is walked depth-first in that order, and users get rank/n as their fair-share factor.
 *
 * Two variants:
 * - `"thesis"` (default): Algorithms 1–2 as printed. LF = ∞ when U = 0 (checked first, so a
 *   zero-share association without usage also gets ∞); ties keep input order ("ties broken
 *   arbitrarily"); every user gets a distinct rank n, n−1, …, 1.
 * - `"slurm"`: SchedMD's code. LF = 0 when S = 0 (checked first), ∞ when U = 0; on equal LF users
 *   sort before accounts; tied sibling users share a rank (the next distinct user gets the rank
 *   it would have had anyway, so ranks are skipped); the first user of an account tied with the
 *   previous sibling inherits the current rank. `_count_tied_accounts` never merges tied sibling
 *   accounts (the loop stops at the first account; see the notes §1e) — `mergeTiedAccounts: true`
 *   gives the documented behaviour instead (children of tied accounts ranked together).
 * In both, n counts every user association in the tree, active or not. The ranking is
 * {@link compileFairTree}'s (lib/slurm/compiled-fair-tree.ts), which the simulator keeps compiled
 * between PriorityCalcPeriods; this module adds the explanation rows.
 */
import { keyword } from "../util/options";
import { invalidArgument } from "../util/errors";
import type { AssociationKind, AssociationTree, UsageMap } from "./associations";
import { type FairTreeVariant, compileFairTree } from "./compiled-fair-tree";

/** Options of {@link fairTree}. */
export interface FairTreeOptions {
  /** "thesis" (Algorithms 1–2 as printed) or "slurm" (SchedMD's code). Defaults to "thesis". */
  variant?: FairTreeVariant;
  /** Own usage per association, CPU·s (e.g. decayed usage from the simulator). Defaults to the tree's. */
  usage?: UsageMap;
  /** Slurm variant only: rank the children of tied sibling accounts together (the doc) instead of one account after the other (the code). Defaults to false. */
  mergeTiedAccounts?: boolean;
}

/** One association's line in a fair-share explanation table. */
export interface FairShareRow {
  /** Association name. */
  entity: string;
  /** "account" or "user". */
  kind: AssociationKind;
  /** Parent's name. */
  parent: string;
  /** Depth below the root (1 = the root's children). */
  depth: number;
  /** Shares: among siblings for Fair Tree and LEVEL_BASED, along the path (S_norm) for classic. */
  S: number;
  /** Usage: among siblings (0 when the parent has none) for Fair Tree and LEVEL_BASED, relative to the root for classic. */
  U: number;
  /** The algorithm's per-association value: Level FS (Fair Tree), effective usage UE (classic), level bucket F (LEVEL_BASED). */
  level: number;
  /** Rank (users only; the larger the better), else null. */
  rank: number | null;
  /** Fair-share factor in [0, 1] (users only), else null. */
  factor: number | null;
}

/** The result of a fair-share algorithm. */
export interface FairShareResult {
  /** Which algorithm produced it. */
  algorithm: string;
  /** Fair-share factor per user, in [0, 1]. */
  factors: Map<string, number>;
  /** Users from the highest factor to the lowest (ties in traversal order). */
  ranking: string[];
  /** One row per association except the root, in pre-order. */
  rows: FairShareRow[];
}

/**
 * Fair Tree fair-share factors for every user of the tree.
 * @example fairTree(buildAssociationTree(rows, { root: "bsc_es" })).factors.get("bsc3090") // 1
 */
export function fairTree(tree: AssociationTree, options: FairTreeOptions = {}): FairShareResult {
  const variant = keyword(options.variant ?? "thesis", "variant", ["thesis", "slurm"] as const);
  const merge = options.mergeTiedAccounts ?? false;
  if (typeof merge !== "boolean") throw invalidArgument("mergeTiedAccounts", merge, "a boolean");
  return _fairTree(tree, variant, merge, options.usage);
}

function _fairTree(
  tree: AssociationTree,
  variant: FairTreeVariant,
  merge: boolean,
  usage?: UsageMap,
): FairShareResult {
  const own = ownUsage(tree, usage);
  const c = compileFairTree(tree, variant, merge);
  const out = new Float64Array(c.names.length);
  c.factors(own, out);
  const factors = new Map<string, number>();
  for (const u of c.userPositions) factors.set(c.names[u], out[u]);
  const rows: FairShareRow[] = [];
  for (let i = 1; i < c.names.length; i++) {
    const node = tree.nodes.get(c.names[i])!;
    const user = node.kind === "user";
    rows.push({
      entity: node.name,
      kind: node.kind,
      parent: node.parent!,
      depth: node.depth,
      S: c.levelShares[i],
      U: c.levelUsage[i],
      level: c.levels[i],
      rank: user ? c.ranks[i] : null,
      factor: user ? out[i] : null,
    });
  }
  const ranking = Array.from(c.ranking, (u) => c.names[u]);
  return {
    algorithm: `fair-tree (${variant}${variant === "slurm" && merge ? ", merged ties" : ""})`,
    factors,
    ranking,
    rows,
  };
}

// Own usage per association in pre-order, CPU·s: the given map's (checked as rollUpUsage does) or the tree's.
function ownUsage(tree: AssociationTree, usage?: UsageMap): Float64Array {
  if (!usage) return Float64Array.from(tree.order, (name) => tree.nodes.get(name)!.ownUsage);
  for (const [name, v] of usage) {
    if (!tree.nodes.has(name)) throw invalidArgument(`usage of ${name}`, v, "an association in the tree");
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0)
      throw invalidArgument(`usage of ${name}`, v, "a finite number >= 0 (CPU·s)");
  }
  return Float64Array.from(tree.order, (name) => usage.get(name) ?? 0);
}
