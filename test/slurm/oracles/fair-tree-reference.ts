/**
 * Fair Tree written from its definition, independently of lib/slurm (only lib's types are
 * imported, as the shape of the input and of the result): the oracle lib's Fair Tree
 * (lib/slurm/compiled-fair-tree.ts, behind fairTree) is compared with in
 * test/slurm/compiled-fair-tree.test.ts, and the fair share of test/sim/oracles/slurm-priority-reference.ts.
 *
 * Two variants:
 * - "slurm" follows fair_tree.c (Slurm 20.11; the logic is unchanged up to 24.05):
 *   `_calc_assoc_fs` (S = shares_raw / level_shares from assoc_mgr.c
 *   `_normalize_assoc_shares_fair_tree`, U = usage_raw / parent's usage_raw from
 *   `_ft_set_assoc_usage_efctv`, LF = 0 when S = 0, else S/U, which is +∞ when U = 0),
 *   `_cmp_level_fs` (LF descending, then users before accounts; equal keys keep the children
 *   list's order, as glibc's merge-sort qsort does), `_calc_tree_fs` (the tie rule: `tied` when
 *   LF equals the previous sibling's, which starts as NO_VAL, or for the first sibling of an
 *   account that was itself tied; a user takes `rank = rnt` unless tied, factor rank /
 *   g_user_assoc_count, then `rnt--`), `_count_tied_accounts` as written (it stops at the first
 *   following account, so it never merges) and `_merge_accounts` (the children of the accounts
 *   merged, concatenated). `mergeTiedAccounts: true` merges what doc/html/fair_tree.shtml says
 *   ("Sibling accounts with the same Level Fairshare have their children lists merged").
 * - "thesis" follows the thesis's Algorithms 1 and 2 (Section 2.2.3): LF = ∞ when U = 0, else
 *   S/U; siblings sorted by LF descending (ties in the children's order); every user gets
 *   rank/n and then `rank--`, so ranks are distinct.
 * In both, n counts every user association (assoc_mgr.c counts `g_user_assoc_count` over all of
 * them; doc: "As the Fair Tree algorithm ranks all users, active or not").
 *
 * Slurm keeps U and LF as long doubles; this oracle, like lib, computes in doubles.
 */
import type { AssociationTree, UsageMap } from "../../../lib/slurm/associations";
import type { FairTreeVariant } from "../../../lib/slurm/compiled-fair-tree";
import type { FairShareResult, FairShareRow } from "../../../lib/slurm/fair-tree";
import { levelShares, preOrder, subtreeUsage, usersOf } from "./association-walk";

/** Slurm's NO_VAL (0xfffffffe), the `prev_level_fs` `_calc_tree_fs` starts from. */
const NO_VAL = 4294967294;

/** Fair Tree's per-association values and the users' ranks and factors. */
export interface FairTreeValues {
  /** S per association (the root excluded). */
  S: Map<string, number>;
  /** U per association (the root excluded). */
  U: Map<string, number>;
  /** Level FS per association (the root excluded). */
  LF: Map<string, number>;
  /** Rank per user. */
  rank: Map<string, number>;
  /** Fair-share factor per user, in pre-order of the users. */
  factor: Map<string, number>;
  /** The users in the order the walk ranked them. */
  ranking: string[];
}

/**
 * Fair Tree on the associations' `usage_raw` (each account's holding its sub-tree's usage).
 * @param raw usage_raw per association, CPU·s
 */
export function fairTreeValues(
  tree: Pick<AssociationTree, "root" | "nodes">,
  raw: ReadonlyMap<string, number>,
  variant: FairTreeVariant,
  mergeTiedAccounts = false,
): FairTreeValues {
  const node = (name: string) => tree.nodes.get(name)!;
  const isUser = (name: string) => node(name).kind === "user";
  const users = usersOf(tree);
  const n = users.length; // g_user_assoc_count
  const S = new Map<string, number>(),
    U = new Map<string, number>(),
    LF = new Map<string, number>(),
    rank = new Map<string, number>(),
    ranking: string[] = [];

  // _calc_assoc_fs (slurm) / fncLevelFS, Algorithm 2 (thesis)
  const calcAssocFs = (name: string) => {
    const level = levelShares(tree, name);
    const s = level ? node(name).shares / level : 0;
    const parentRaw = raw.get(node(name).parent!)!;
    const u = parentRaw ? raw.get(name)! / parentRaw : 0;
    S.set(name, s);
    U.set(name, u);
    if (variant === "slurm") LF.set(name, s === 0 ? 0 : s / u);
    else LF.set(name, u === 0 ? Infinity : s / u);
  };
  // _cmp_level_fs (slurm) / sort_by_LevelFS (thesis); Array.prototype.sort is stable
  const sorted = (siblings: readonly string[]) =>
    siblings.slice().sort((a, b) => {
      const la = LF.get(a)!,
        lb = LF.get(b)!;
      if (la !== lb) return la < lb ? 1 : -1;
      if (variant === "thesis" || isUser(a) === isUser(b)) return 0;
      return isUser(a) ? -1 : 1;
    });

  if (variant === "thesis") {
    // Algorithm 1
    let r = n;
    const walk = (children: readonly string[]) => {
      for (const c of children) calcAssocFs(c);
      for (const c of sorted(children)) {
        if (!isUser(c)) walk(node(c).children);
        else {
          rank.set(c, r);
          ranking.push(c);
          r--;
        }
      }
    };
    walk(node(tree.root).children);
  } else {
    let r = n, // *rank
      rnt = n; // *rnt
    // _count_tied_accounts as written, or the documented merge of tied sibling accounts
    const tiedAccounts = (siblings: readonly string[], i: number): number => {
      let k = 0;
      for (let j = i + 1; j < siblings.length; j++) {
        const next = siblings[j];
        if (mergeTiedAccounts ? isUser(next) : !isUser(next)) break;
        if (LF.get(siblings[i]) !== LF.get(next)) break;
        k++;
      }
      return k;
    };
    const calcTreeFs = (children: readonly string[], accountTied: boolean) => {
      for (const c of children) calcAssocFs(c);
      const siblings = sorted(children);
      let prev = NO_VAL;
      for (let i = 0; i < siblings.length; i++) {
        const a = siblings[i];
        const tied = i === 0 && accountTied ? true : prev === LF.get(a);
        if (isUser(a)) {
          if (!tied) r = rnt;
          rank.set(a, r);
          ranking.push(a);
          rnt--;
        } else {
          const k = tiedAccounts(siblings, i);
          // _merge_accounts: the children of siblings[i..i+k]; users among them have none
          const merged = siblings.slice(i, i + k + 1).flatMap((m) => (isUser(m) ? [] : node(m).children));
          calcTreeFs(merged, tied);
          i += k;
        }
        prev = LF.get(a)!;
      }
    };
    calcTreeFs(node(tree.root).children, false);
  }
  const factor = new Map(users.map((u) => [u, rank.get(u)! / n]));
  return { S, U, LF, rank, factor, ranking };
}

/** Fair Tree's result for a tree, its own usage rolled up (the form of lib's fairTree). */
export function referenceFairTree(
  tree: AssociationTree,
  options: { variant?: FairTreeVariant; usage?: UsageMap; mergeTiedAccounts?: boolean } = {},
): FairShareResult {
  const variant = options.variant ?? "thesis";
  const merge = variant === "slurm" && (options.mergeTiedAccounts ?? false);
  const v = fairTreeValues(tree, subtreeUsage(tree, options.usage), variant, merge);
  const depth = new Map<string, number>([[tree.root, 0]]);
  const rows: FairShareRow[] = [];
  for (const name of preOrder(tree)) {
    const node = tree.nodes.get(name)!;
    if (node.parent === null) continue;
    depth.set(name, depth.get(node.parent)! + 1);
    const user = node.kind === "user";
    rows.push({
      entity: name,
      kind: node.kind,
      parent: node.parent,
      depth: depth.get(name)!,
      S: v.S.get(name)!,
      U: v.U.get(name)!,
      level: v.LF.get(name)!,
      rank: user ? v.rank.get(name)! : null,
      factor: user ? v.factor.get(name)! : null,
    });
  }
  return {
    algorithm: `fair-tree (${variant}${merge ? ", merged ties" : ""})`,
    factors: v.factor,
    ranking: v.ranking,
    rows,
  };
}
