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
 * In both, n counts every user association in the tree, active or not.
 */
import { keyword } from "../util/options";
import { invalidArgument } from "../util/errors";
import type { AssociationKind, AssociationTree, UsageMap } from "./associations";
import { normaliseAssociations } from "./normalisation";

/** Which Fair Tree to run. */
export type FairTreeVariant = "thesis" | "slurm";

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

/** Level FS of one association (Algorithm 2): S/U with the variant's zero rules. */
export function levelFairShare(S: number, U: number, variant: FairTreeVariant = "thesis"): number {
  if (variant === "slurm" && S === 0) return 0;
  if (U === 0) return Infinity;
  return S / U;
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

function _fairTree(tree: AssociationTree, variant: FairTreeVariant, merge: boolean, usage?: UsageMap): FairShareResult {
  const norm = normaliseAssociations(tree, usage);
  const n = tree.users.length;
  const lf = new Map<string, number>();
  for (const name of tree.order) {
    if (name === tree.root) continue;
    const a = norm.get(name)!;
    lf.set(name, levelFairShare(a.levelShares, a.levelUsage, variant));
  }
  const isUser = (name: string) => tree.nodes.get(name)!.kind === "user";
  const rankOf = new Map<string, number>();
  const ranking: string[] = [];
  let rank = n;
  let rnt = n;
  const sortSiblings = (names: string[]): string[] =>
    names
      .map((name, i) => ({ name, i }))
      .sort((a, b) => {
        const la = lf.get(a.name)!, lb = lf.get(b.name)!;
        if (la !== lb) return la > lb ? -1 : 1;
        if (variant === "slurm" && isUser(a.name) !== isUser(b.name)) return isUser(a.name) ? -1 : 1;
        return a.i - b.i;
      })
      .map((x) => x.name);
  const walkThesis = (siblings: string[]) => {
    for (const name of sortSiblings(siblings)) {
      if (isUser(name)) {
        rankOf.set(name, rank--);
        ranking.push(name);
      } else walkThesis(tree.nodes.get(name)!.children);
    }
  };
  const walkSlurm = (siblings: string[], accountTied: boolean) => {
    const sorted = sortSiblings(siblings);
    let prev = NaN;
    for (let i = 0; i < sorted.length; i++) {
      const name = sorted[i];
      const value = lf.get(name)!;
      const tied = (i === 0 && accountTied) || value === prev;
      if (isUser(name)) {
        if (!tied) rank = rnt;
        rankOf.set(name, rank);
        ranking.push(name);
        rnt--;
      } else {
        let k = 0;
        if (merge) while (i + k + 1 < sorted.length && !isUser(sorted[i + k + 1]) && lf.get(sorted[i + k + 1]) === value) k++;
        const children = sorted.slice(i, i + k + 1).flatMap((acc) => tree.nodes.get(acc)!.children);
        walkSlurm(children, tied);
        i += k;
      }
      prev = value;
    }
  };
  const top = tree.nodes.get(tree.root)!.children;
  if (variant === "thesis") walkThesis(top);
  else walkSlurm(top, false);
  const factors = new Map<string, number>();
  for (const u of tree.users) factors.set(u, n > 0 ? rankOf.get(u)! / n : 0);
  const rows: FairShareRow[] = tree.order
    .filter((name) => name !== tree.root)
    .map((name) => {
      const node = tree.nodes.get(name)!;
      const a = norm.get(name)!;
      return {
        entity: name,
        kind: node.kind,
        parent: node.parent!,
        depth: node.depth,
        S: a.levelShares,
        U: a.levelUsage,
        level: lf.get(name)!,
        rank: node.kind === "user" ? rankOf.get(name)! : null,
        factor: node.kind === "user" ? factors.get(name)! : null,
      };
    });
  return { algorithm: `fair-tree (${variant}${variant === "slurm" && merge ? ", merged ties" : ""})`, factors, ranking, rows };
}
