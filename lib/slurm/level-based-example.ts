/**
 * The LEVEL_BASED post's example (seed 002) as a real association tree. The post prints, for a
 * college → department → faculty → user chain, each level's bucket value (0xAAAA, 0x1234, 0x7777,
 * 0xCCCC) and the resulting priority_fs_raw 0xAAAA12347777CCCC, but not the shares or usages that
 * produced them. This module chooses them: every association of the chain gets one sibling, its
 * share of the siblings' shares is a stated choice, and its usage is placed in the middle of the
 * interval of usages for which {@link levelBased}'s formula ⌊1 + 2^(−U/S′)·(bucket_max − 1)⌋ gives
 * the post's bucket (S′ = 0.1 + 0.9·S). The value is then recomputed forward through
 * `levelBased()` from the tree alone.
 */
import { invalidArgument } from "../util/errors";
import { integer } from "../util/options";
import { buildAssociationTree, type AssociationRow, type AssociationTree } from "./associations";
import { bucketLayout, interpolatedShares } from "./level-based";
import type { ReferenceRecord } from "../io/reference-csv";

/** One level of the chain: the association of the post, its sibling and the chosen numbers. */
export interface LevelBasedChainLevel {
  /** The post's association at this level ("Life Sciences", …). */
  association: string;
  /** The sibling we add so that shares and usage are relative to something. */
  sibling: string;
  /** 1-based level (1 = the root's children). */
  level: number;
  /** The post's bucket value at this level (unshifted). */
  bucket: bigint;
  /** Chosen raw shares of the association and of its sibling. */
  shares: [number, number];
  /** The association's share among its siblings, S. */
  S: number;
  /** The open-closed interval (lo, hi] of U = usage / parent's usage that gives `bucket`. */
  window: [number, number];
  /** The association's sub-tree usage, CPU·s (an integer). */
  usage: number;
  /** Its parent's sub-tree usage, CPU·s. */
  parentUsage: number;
}

/** Options of {@link levelBasedPostTree}. */
export interface LevelBasedPostTreeOptions {
  /** The root's total usage, CPU·s. Defaults to 1e9 (≈ 32 CPU-years). */
  totalUsage?: number;
  /**
   * Raw shares [association, sibling] per level, top first. Defaults to [[1, 1], [1, 9], [1, 1], [1, 1]]:
   * even halves except Biology, which holds 1/10 of Life Sciences' shares — with S = 1/2 no usage
   * U ≤ 1 can push the bucket as low as the post's 0x1234 (it needs U/S′ ≈ 3.81).
   */
  shares?: readonly (readonly [number, number])[];
}

/** The U interval (lo, hi] for which LEVEL_BASED writes `bucket` (16-bit buckets for 4 levels). */
export function usageWindowForBucket(bucket: bigint, S: number, bits: number): [number, number] {
  const max = 2 ** bits - 1;
  const v = Number(bucket);
  if (!(v >= 1 && v <= max)) throw invalidArgument("bucket", bucket, `an integer in [1, ${max}]`);
  if (!(S > 0 && S <= 1)) throw invalidArgument("S", S, "a share in (0, 1]");
  // v = ⌊1 + F·(max − 1)⌋  ⇔  F ∈ [(v − 1)/(max − 1), v/(max − 1));  U = −S′·log2 F.
  const sp = interpolatedShares(S);
  const hi = v === 1 ? Infinity : -sp * Math.log2((v - 1) / (max - 1));
  const lo = -sp * Math.log2(Math.min(1, v / (max - 1)));
  return [lo, hi];
}

/**
 * The post's chain as an association tree whose levelBased() values are the post's.
 * @param records the post's example rows (`data/reference/level-based/example.csv`: association, level, level_fs, priority_fs_raw)
 * @param levels PriorityLevels (the post uses 4)
 * @throws `invalid shares of <association>: S = …; expected a smaller share …` when no usage ≤ the parent's can give the post's bucket
 */
export function levelBasedPostTree(
  records: readonly ReferenceRecord[],
  levels = 4,
  options: LevelBasedPostTreeOptions = {},
): { tree: AssociationTree; chain: LevelBasedChainLevel[] } {
  integer(levels, "levels", 1, 16);
  if (!Array.isArray(records) || records.length === 0 || records.length > levels)
    throw invalidArgument("records", records?.length, `1 to ${levels} example rows`);
  const total = options.totalUsage ?? 1e9;
  if (!(Number.isInteger(total) && total > 0))
    throw invalidArgument("totalUsage", total, "a positive integer (CPU·s)");
  const shares = options.shares ?? [
    [1, 1],
    [1, 9],
    [1, 1],
    [1, 1],
  ];
  if (shares.length < records.length || shares.some((s) => !(s[0] > 0 && s[1] > 0)))
    throw invalidArgument("shares", JSON.stringify(shares), `${records.length} pairs of positive raw shares`);
  return _postTree(records, levels, total, shares);
}

function _postTree(
  records: readonly ReferenceRecord[],
  levels: number,
  total: number,
  shares: readonly (readonly [number, number])[],
) {
  const rows: AssociationRow[] = [];
  const chain: LevelBasedChainLevel[] = [];
  let parent = "root";
  let parentUsage = total;
  records.forEach(({ values: v }, d) => {
    const { shift, bits } = bucketLayout(levels, d);
    const bucket = BigInt(v.level_fs) >> BigInt(shift);
    const [mine, theirs] = shares[d];
    const S = mine / (mine + theirs);
    const window = usageWindowForBucket(bucket, S, bits);
    if (!(window[0] < 1))
      throw new Error(
        `invalid shares of ${v.association}: S = ${S}; expected a smaller share (bucket 0x${bucket.toString(16).toUpperCase()} needs U > ${window[0].toFixed(4)}, more than the parent's usage)`,
      );
    const U = (window[0] + Math.min(window[1], 1)) / 2;
    const usage = Math.round(U * parentUsage);
    const last = d === records.length - 1;
    const kind = last ? "user" : "account";
    const sibling = last ? `${parent} (own user)` : `sibling of ${v.association}`;
    rows.push({ entity: v.association, parent, kind, shares: mine, usage: last ? usage : 0 });
    rows.push({
      entity: sibling,
      parent,
      kind: last ? "user" : "account",
      shares: theirs,
      usage: last ? parentUsage - usage : 0,
    });
    if (!last) {
      // The sibling account's usage is charged to one user under it, so every account has a user.
      rows.push({
        entity: `user of ${sibling}`,
        parent: sibling,
        kind: "user",
        shares: 1,
        usage: parentUsage - usage,
      });
    }
    chain.push({
      association: v.association,
      sibling,
      level: d + 1,
      bucket,
      shares: [mine, theirs],
      S,
      window,
      usage,
      parentUsage,
    });
    parent = v.association;
    parentUsage = usage;
  });
  return { tree: buildAssociationTree(rows), chain };
}
