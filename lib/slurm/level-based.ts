/**
 * LEVEL_BASED fair share (BYU 2014, seed 002; `level_based.c`, notes §1d). A 64-bit unsigned
 * integer (BigInt here) is cut into PriorityLevels buckets of ⌊64/L⌋ bits; the association at tree
 * level d (0 = the root's children) writes F = 2^(−U/S′) into bucket d, with U its usage relative to
 * its parent's, S′ its sibling-normalised shares interpolated from [0, 1] to [0.1, 1], and
 * bucket value ⌊1 + F·(bucket_max − 1)⌋ (0 is reserved). priority_fs_raw = parent's raw OR own
 * bucket; associations deeper than L inherit the parent's value. Users are sorted by raw value
 * (descending) and ranked count−1, count−2, … with equal raw values sharing a rank; factor = rank/count
 * (so the top user gets (count−1)/count, as in the code).
 * Code details kept: S = 0 leaves the ratio at 0, so F = 1 (the top of the bucket).
 */
import { integer } from "../util/options";
import { invalidArgument } from "../util/errors";
import type { AssociationTree, UsageMap } from "./associations";
import { normaliseAssociations } from "./normalisation";
import type { FairShareResult, FairShareRow } from "./fair-tree";

/** Options of {@link levelBased}. */
export interface LevelBasedOptions {
  /** PriorityLevels, 1–16: how many tree levels get a bucket. Defaults to 4. */
  levels?: number;
  /** Interpolate S from [0, 1] to [0.1, 1] before F = 2^(−U/S) (the post's fix). Defaults to true. */
  interpolateShares?: boolean;
  /** Own usage per association, CPU·s. Defaults to the tree's. */
  usage?: UsageMap;
}

/** LEVEL_BASED's result: the common fields plus the 64-bit values. */
export interface LevelBasedResult extends FairShareResult {
  /** priority_fs_raw per association (root excluded). */
  raw: Map<string, bigint>;
  /** This association's own (shifted) bucket value; 0 beyond PriorityLevels. */
  levelValue: Map<string, bigint>;
  /** Bits per bucket, ⌊64/L⌋. */
  bucketBits: number;
  /** Sibling pairs whose U/S′ differ but whose bucket values are equal (resolution lost). */
  collisions: number;
  /** Associations deeper than PriorityLevels (they inherit their parent's value). */
  truncated: number;
}

/** Maps x linearly from [fromMin, fromMax] to [toMin, toMax] (Slurm's NORMALIZE_VALUE). */
export function normalizeValue(
  x: number,
  fromMin: number,
  fromMax: number,
  toMin: number,
  toMax: number,
): number {
  return ((x - fromMin) * (toMax - toMin)) / (fromMax - fromMin) + toMin;
}

/** The interpolated shares S′ = 0.1 + 0.9·S (S in [0, 1]). */
export function interpolatedShares(S: number): number {
  return normalizeValue(S, 0, 1, 0.1, 1);
}

/** Bits per bucket and the shift of bucket `level` (0 = top) for PriorityLevels = `levels`. */
export function bucketLayout(levels: number, level: number): { bits: number; shift: number; max: bigint } {
  integer(levels, "levels", 1, 16);
  integer(level, "level", 0, levels - 1);
  const bits = Math.floor(64 / levels);
  return {
    bits,
    shift: (levels - level - 1) * bits + (64 % levels),
    max: (BigInt(1) << BigInt(bits)) - BigInt(1),
  };
}

/** The unshifted bucket value ⌊1 + F·(bucket_max − 1)⌋ of a factor F in [0, 1], as in the code (truncation). */
export function bucketValue(F: number, bits: number): bigint {
  if (!(F >= 0 && F <= 1)) throw invalidArgument("F", F, "a number in [0, 1]");
  const max = (BigInt(1) << BigInt(bits)) - BigInt(1);
  const v = BigInt(Math.floor(normalizeValue(F, 0, 1, 1, Number(max))));
  return v > max ? max : v < BigInt(1) ? BigInt(1) : v;
}

/** ORs unshifted bucket values (top level first) into one 64-bit value, e.g. the post's 0xAAAA12347777CCCC. */
export function combineBuckets(values: readonly bigint[], levels: number): bigint {
  if (values.length > levels)
    throw invalidArgument("values", values.length, `at most ${levels} bucket values`);
  let raw = BigInt(0);
  values.forEach((v, d) => {
    const { shift, max } = bucketLayout(levels, d);
    if (v < BigInt(0) || v > max) throw invalidArgument(`bucket ${d}`, v, `a value in [0, ${max}]`);
    raw |= v << BigInt(shift);
  });
  return raw;
}

/** A 64-bit value as `0x` + 16 upper-case hex digits. */
export function formatHex64(v: bigint): string {
  return "0x" + v.toString(16).toUpperCase().padStart(16, "0");
}

/** LEVEL_BASED fair-share factors for every user of the tree. */
export function levelBased(tree: AssociationTree, options: LevelBasedOptions = {}): LevelBasedResult {
  const levels = integer(options.levels ?? 4, "levels", 1, 16);
  const interp = options.interpolateShares ?? true;
  if (typeof interp !== "boolean") throw invalidArgument("interpolateShares", interp, "a boolean");
  const norm = normaliseAssociations(tree, options.usage);
  const bits = Math.floor(64 / levels);
  const raw = new Map<string, bigint>([[tree.root, BigInt(0)]]);
  const levelValue = new Map<string, bigint>();
  const ratio = new Map<string, number>();
  const Fs = new Map<string, number>();
  let truncated = 0;
  for (const name of tree.order) {
    if (name === tree.root) continue;
    const node = tree.nodes.get(name)!;
    const d = node.depth - 1;
    let own = BigInt(0);
    if (d < levels) {
      const a = norm.get(name)!;
      const r =
        a.levelShares > 0 ? a.levelUsage / (interp ? interpolatedShares(a.levelShares) : a.levelShares) : 0;
      const F = Math.pow(2, -r);
      ratio.set(name, r);
      Fs.set(name, F);
      own = bucketValue(F, bits) << BigInt(bucketLayout(levels, d).shift);
    } else truncated++;
    levelValue.set(name, own);
    raw.set(name, raw.get(node.parent!)! | own);
  }
  let collisions = 0;
  for (const name of tree.order) {
    const kids = tree.nodes.get(name)!.children.filter((c) => ratio.has(c));
    for (let i = 0; i < kids.length; i++)
      for (let j = i + 1; j < kids.length; j++)
        if (ratio.get(kids[i]) !== ratio.get(kids[j]) && levelValue.get(kids[i]) === levelValue.get(kids[j]))
          collisions++;
  }
  const position = new Map(tree.users.map((u, i) => [u, i]));
  const ranking = tree.users.slice().sort((x, y) => {
    const a = raw.get(x)!,
      b = raw.get(y)!;
    return a === b ? position.get(x)! - position.get(y)! : a > b ? -1 : 1;
  });
  const count = ranking.length;
  const rankOf = new Map<string, number>();
  let rank = count - 1;
  let prev: bigint | undefined;
  ranking.forEach((u, k) => {
    const i = count - 1 - k;
    if (prev === undefined || raw.get(u)! !== prev) rank = i;
    rankOf.set(u, rank);
    prev = raw.get(u)!;
  });
  const factors = new Map<string, number>(tree.users.map((u) => [u, count > 0 ? rankOf.get(u)! / count : 0]));
  const rows: FairShareRow[] = tree.order
    .filter((n) => n !== tree.root)
    .map((name) => {
      const node = tree.nodes.get(name)!;
      const a = norm.get(name)!;
      const user = node.kind === "user";
      return {
        entity: name,
        kind: node.kind,
        parent: node.parent!,
        depth: node.depth,
        S: a.levelShares,
        U: a.levelUsage,
        level: Fs.get(name) ?? NaN,
        rank: user ? rankOf.get(name)! : null,
        factor: user ? factors.get(name)! : null,
      };
    });
  raw.delete(tree.root);
  return {
    algorithm: `level-based (L=${levels}${interp ? "" : ", no interpolation"})`,
    factors,
    ranking,
    rows,
    raw,
    levelValue,
    bucketBits: bits,
    collisions,
    truncated,
  };
}
