/**
 * LEVEL_BASED fair share written from its source, independently of lib/slurm (only lib's types
 * are imported): BYU's post (seed 002) and `level_based.c` of Slurm 14.11.0-pre5 (git tag
 * slurm-14-11-0-0pre5; the algorithm never reached a release):
 * - `level_based_init`: PriorityLevels L buckets of ⌊64/L⌋ bits, the 64 mod L unused bits low,
 *   bucket_max = 2^bits − 1.
 * - shares_norm: assoc_mgr.c `_normalize_assoc_shares_level_based`, shares_raw / level_shares
 *   (0 when level_shares is 0).
 * - usage_efctv: `level_based_calc_assoc_usage`, usage_raw / the parent's usage_raw (0 when the
 *   parent has none).
 * - `_level_based_calc_level_fs`: when shares_norm ≠ 0, ratio = usage_efctv / S′ with
 *   S′ = NORMALIZE_VALUE(shares_norm, 0, 1, 0.1, 1); else ratio = 0. The bucket value is
 *   NORMALIZE_VALUE(2^−ratio, 0, 1, 1, bucket_max) truncated to an integer, shifted left by
 *   (L − level − 1)·bits + 64 mod L.
 * - `_level_based_calc_assoc_fs`: priority_fs_raw = the parent's | the bucket value, the bucket
 *   0 below level L (level 0 = the root's children); users collected in the walk's order.
 * - `_level_based_sort_priority_fs` and `_level_based_apply_rank`: users sorted by
 *   priority_fs_raw descending (equal values keep the walk's order); i runs count−1 … 0 and a user
 *   takes rank = i unless its value equals the previous user's (then the previous rank).
 * - the factor (priority_multifactor.c `_get_fairshare_priority`): priority_fs_ranked =
 *   rank·(2^64 − 1)/count scaled back by 2^64 − 1, i.e. rank / count; this oracle divides
 *   directly (Slurm's long-double round trip agrees to within 2^−64).
 * FairShare=parent is not modelled (as in lib). Slurm computes the bucket in long double; this
 * oracle computes it in doubles, exact for buckets of at most 53 bits (L ≥ 2).
 */
import type { AssociationTree, UsageMap } from "../../../lib/slurm/associations";
import { levelShares, subtreeUsage } from "./association-walk";

/** NORMALIZE_VALUE of src/common/slurm_priority.h: x mapped linearly from [fromMin, fromMax] to [toMin, toMax]. */
function normalizeValue(x: number, fromMin: number, fromMax: number, toMin: number, toMax: number): number {
  return toMin + ((x - fromMin) * (toMax - toMin)) / (fromMax - fromMin);
}

/** LEVEL_BASED's per-association raw values and the users' factors. */
export interface LevelBasedValues {
  /** priority_fs_raw per association (the root excluded). */
  raw: Map<string, bigint>;
  /** Fair-share factor per user, in the walk's order (pre-order). */
  factor: Map<string, number>;
}

/**
 * LEVEL_BASED on the associations' `usage_raw`.
 * @param usageRaw usage_raw per association (each account's holding its sub-tree's), CPU·s
 * @param levels PriorityLevels, 1–16
 */
export function levelBasedValues(
  tree: Pick<AssociationTree, "root" | "nodes">,
  usageRaw: ReadonlyMap<string, number>,
  levels: number,
): LevelBasedValues {
  const bits = Math.floor(64 / levels);
  const unused = 64 % levels;
  const bucketMax = Math.pow(2, bits) - 1;
  const node = (name: string) => tree.nodes.get(name)!;
  const raw = new Map<string, bigint>();
  const users: string[] = [];
  const calcAssocFs = (name: string, level: number, parentRaw: bigint) => {
    let levelFs = BigInt(0);
    if (level < levels) {
      const ls = levelShares(tree, name);
      const sharesNorm = ls ? node(name).shares / ls : 0;
      const pu = usageRaw.get(node(name).parent!)!;
      const usageEfctv = pu ? normalizeValue(usageRaw.get(name)!, 0, pu, 0, 1) : 0;
      let ratio = 0;
      if (sharesNorm) ratio = usageEfctv / normalizeValue(sharesNorm, 0, 1, 0.1, 1);
      const v = Math.trunc(normalizeValue(Math.pow(2, -ratio), 0, 1, 1, bucketMax));
      levelFs = BigInt(v) << BigInt((levels - level - 1) * bits + unused);
    }
    const own = parentRaw | levelFs;
    raw.set(name, own);
    if (node(name).kind === "user") users.push(name);
    else for (const c of node(name).children) calcAssocFs(c, level + 1, own);
  };
  for (const c of node(tree.root).children) calcAssocFs(c, 0, BigInt(0));
  const sorted = users.slice().sort((x, y) => {
    const a = raw.get(x)!,
      b = raw.get(y)!;
    return a < b ? 1 : b < a ? -1 : 0;
  });
  const count = sorted.length;
  const rank = new Map<string, number>();
  let i = count - 1,
    r = count - 1,
    prev = BigInt(0);
  for (const u of sorted) {
    if (prev !== raw.get(u)!) r = i;
    rank.set(u, r);
    i--;
    prev = raw.get(u)!;
  }
  return { raw, factor: new Map(users.map((u) => [u, rank.get(u)! / count])) };
}

/** LEVEL_BASED factors for a tree, its own usage rolled up (the inputs of lib's levelBased). */
export function referenceLevelBased(
  tree: AssociationTree,
  options: { usage?: UsageMap; levels?: number } = {},
): LevelBasedValues {
  return levelBasedValues(tree, subtreeUsage(tree, options.usage), options.levels ?? 4);
}
