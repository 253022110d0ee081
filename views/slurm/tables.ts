/**
 * Display tables for notebooks: `sshare`-like (per association), `sprio`-like (per job), the
 * side-by-side comparison of fair-share algorithms, the thesis's worked example beside ours, and
 * its Level FS in exact arithmetic.
 * Each returns plain row objects for `showTable`.
 */
import type { AssociationTree, UsageMap } from "../../lib/slurm/associations";
import type { ExactLevelFs } from "../../lib/slurm/exact-level-fs";
import { fractionText } from "../../lib/expr/fractions";
import { normaliseAssociations } from "../../lib/slurm/normalisation";
import type { FairShareResult } from "../../lib/slurm/fair-tree";
import type { LevelBasedResult } from "../../lib/slurm/level-based";
import {
  bucketLayout,
  combineBuckets,
  formatHex64,
  interpolatedShares,
  levelBased,
} from "../../lib/slurm/level-based";
import { levelBasedPostTree } from "../../lib/slurm/level-based-example";
import type { PriorityBreakdown } from "../../lib/slurm/multifactor";
import type { ReferenceRecord } from "../../lib/io/reference-csv";

/** One `sshare -l`-like row. */
export type SshareRow = Record<string, string | number | null>;

/**
 * An `sshare -l`-like table: Account (indented by depth), User, RawShares, NormShares (among
 * siblings), RawUsage (CPU·s, sub-tree), EffectvUsage (among siblings), LevelFS and FairShare from a
 * Fair Tree result (and Fairshare Raw in hex when a LEVEL_BASED result is given).
 */
export function sshareTable(
  tree: AssociationTree,
  fairTreeResult: FairShareResult,
  options: { usage?: UsageMap; levelBased?: LevelBasedResult } = {},
): SshareRow[] {
  const norm = normaliseAssociations(tree, options.usage);
  const rowOf = new Map(fairTreeResult.rows.map((r) => [r.entity, r]));
  return tree.order.map((name) => {
    const node = tree.nodes.get(name)!;
    const a = norm.get(name)!;
    const r = rowOf.get(name);
    const account = node.kind === "user" ? node.parent! : name;
    const row: SshareRow = {
      Account: " ".repeat(Math.max(0, node.depth - (node.kind === "user" ? 1 : 0))) + account,
      User: node.kind === "user" ? name : "",
      RawShares: node.parent === null ? null : a.rawShares,
      NormShares: node.parent === null ? null : a.levelShares,
      RawUsage: a.rawUsage,
      EffectvUsage: node.parent === null ? null : a.levelUsage,
      LevelFS: r ? r.level : null,
      FairShare: r?.factor ?? null,
    };
    if (options.levelBased) {
      const raw = options.levelBased.raw.get(name);
      row["Fairshare Raw"] = raw === undefined ? "" : formatHex64(raw);
    }
    return row;
  });
}

/** An `sprio`-like table: JOBID, USER, PRIORITY and each weighted factor (rounded as sprio prints them). */
export function sprioTable(breakdowns: readonly PriorityBreakdown[]): Record<string, string | number>[] {
  return breakdowns.map((b) => ({
    JOBID: b.id,
    USER: b.user,
    PRIORITY: b.priority,
    AGE: Math.round(b.weighted.age),
    FAIRSHARE: Math.round(b.weighted.fairShare),
    JOBSIZE: Math.round(b.weighted.jobSize),
    PARTITION: Math.round(b.weighted.partition),
    QOS: Math.round(b.weighted.qos),
    NICE: b.nice,
  }));
}

/** The explanation table of one algorithm: per association S, U, level value, rank, factor. */
export function fairShareExplanation(result: FairShareResult): Record<string, string | number | null>[] {
  return result.rows.map((r) => ({
    entity: " ".repeat(r.depth - 1) + r.entity,
    kind: r.kind,
    S: r.S,
    U: r.U,
    level: r.level,
    rank: r.rank,
    factor: r.factor,
  }));
}

/** Users side by side across algorithms: factor and rank position (1 = first) per algorithm. */
export function compareFairShare(
  tree: AssociationTree,
  results: readonly FairShareResult[],
): Record<string, string | number>[] {
  const positions = results.map((r) => new Map(r.ranking.map((u, i) => [u, i + 1])));
  return tree.users.map((u) => {
    const row: Record<string, string | number> = { user: u, account: tree.nodes.get(u)!.parent! };
    results.forEach((r, k) => {
      row[`${r.algorithm} factor`] = r.factors.get(u)!;
      row[`${r.algorithm} order`] = positions[k].get(u)!;
    });
    return row;
  });
}

/**
 * The thesis's worked example (section2-fairshare-example.csv: entity, level_fs, fairshare) beside
 * our Fair Tree values, with the absolute differences. Published values are rounded to 3 decimals.
 */
export function workedExampleComparison(
  result: FairShareResult,
  published: readonly ReferenceRecord[],
): Record<string, string | number | null>[] {
  const rowOf = new Map(result.rows.map((r) => [r.entity, r]));
  return published.map(({ values }) => {
    const r = rowOf.get(values.entity);
    const pubLf = values.level_fs === "" ? null : Number(values.level_fs);
    const pubFs = values.fairshare === "" ? null : Number(values.fairshare);
    return {
      entity: values.entity,
      "level_fs (thesis)": pubLf,
      "level_fs (ours)": r ? r.level : null,
      "|Δ level_fs|": r && pubLf !== null ? Math.abs(r.level - pubLf) : null,
      "fairshare (thesis)": pubFs,
      "fairshare (ours)": r?.factor ?? null,
      "|Δ fairshare|": r && pubFs !== null && r.factor !== null ? Math.abs(r.factor - pubFs) : null,
    };
  });
}

/**
 * How far two algorithms agree on the user order: over all user pairs ordered strictly by both,
 * the fraction ordered the same way (1 = identical order), plus the pair counts.
 */
export function orderAgreement(
  a: FairShareResult,
  b: FairShareResult,
): { concordant: number; discordant: number; tiedInEither: number; agreement: number } {
  const users = [...a.factors.keys()];
  let concordant = 0,
    discordant = 0,
    tiedInEither = 0;
  for (let i = 0; i < users.length; i++)
    for (let j = i + 1; j < users.length; j++) {
      const da = a.factors.get(users[i])! - a.factors.get(users[j])!;
      const db = b.factors.get(users[i])! - b.factors.get(users[j])!;
      if (da === 0 || db === 0) tiedInEither++;
      else if (da > 0 === db > 0) concordant++;
      else discordant++;
    }
  return {
    concordant,
    discordant,
    tiedInEither,
    agreement: concordant + discordant > 0 ? concordant / (concordant + discordant) : 1,
  };
}

/**
 * The LEVEL_BASED post's four-level example recomputed from its level values (level-based/example.csv:
 * association, level, level_fs, priority_fs_raw): each bucket value, the F and U/S′ it implies
 * (F = (v − 1)/(bucket_max − 1), U/S′ = −log2 F), and our OR-ed raw value beside the post's.
 */
export function levelBasedExampleTable(
  records: readonly ReferenceRecord[],
  levels: number,
): Record<string, string | number | boolean>[] {
  const values: bigint[] = [];
  return records.map(({ values: v }) => {
    const level = Number(v.level);
    const { shift, bits } = bucketLayout(levels, level - 1);
    const bucket = BigInt(v.level_fs) >> BigInt(shift);
    values.push(bucket);
    const F = Number(bucket - BigInt(1)) / (2 ** bits - 2);
    const ours = formatHex64(combineBuckets(values, levels));
    return {
      association: v.association,
      level,
      "bucket value": "0x" + bucket.toString(16).toUpperCase(),
      "implied F": F,
      "implied U/S′": -Math.log2(F),
      "priority_fs_raw (ours)": ours,
      "priority_fs_raw (post)": v.priority_fs_raw,
      same: ours === v.priority_fs_raw.toUpperCase().replace(/^0X/, "0x"),
    };
  });
}

/** F = 2^(−U/S) for each share value and usage, classic (with log2 F, since F underflows the display) and with S interpolated to [0.1, 1]. */
export function asymptoteTable(
  shares: readonly number[],
  usages: readonly number[],
): Record<string, number>[] {
  return shares.flatMap((S) =>
    usages.map((U) => ({
      S,
      U,
      "log2 F = −U/S": -U / S,
      "F = 2^(−U/S)": Math.pow(2, -U / S),
      "S′ = 0.1 + 0.9·S": interpolatedShares(S),
      "F with S′": Math.pow(2, -U / interpolatedShares(S)),
    })),
  );
}

/**
 * The LEVEL_BASED post's example computed end to end: the chain's tree from
 * {@link levelBasedPostTree}, run through `levelBased()`, each level's bucket and priority_fs_raw
 * beside the post's, with verdict "exact" when the hex values are equal and "differs" otherwise.
 */
export function levelBasedTreeTable(
  records: readonly ReferenceRecord[],
  levels: number,
): Record<string, string | number>[] {
  const { tree, chain } = levelBasedPostTree(records, levels);
  const lb = levelBased(tree, { levels });
  const rowOf = new Map(lb.rows.map((r) => [r.entity, r]));
  return chain.map((c, i) => {
    const post = records[i].values;
    const ours = {
      level: formatHex64(lb.levelValue.get(c.association)!),
      raw: formatHex64(lb.raw.get(c.association)!),
    };
    const same =
      ours.level === formatHex64(BigInt(post.level_fs)) &&
      ours.raw === formatHex64(BigInt(post.priority_fs_raw));
    return {
      association: c.association,
      "raw shares (it : sibling)": `${c.shares[0]} : ${c.shares[1]}`,
      S: c.S,
      "U window for the bucket": `(${c.window[0].toFixed(6)}, ${Math.min(1, c.window[1]).toFixed(6)}]`,
      "usage (CPU·s)": c.usage,
      U: rowOf.get(c.association)!.U,
      "level_fs (ours)": ours.level,
      "level_fs (post)": formatHex64(BigInt(post.level_fs)),
      "priority_fs_raw (ours)": ours.raw,
      "priority_fs_raw (post)": formatHex64(BigInt(post.priority_fs_raw)),
      verdict: same ? "exact" : "differs",
    };
  });
}

/** One row of {@link exactLevelFsTable}. */
export interface ExactLevelFsRow {
  /** Association, indented by depth. */
  entity: string;
  "S (exact)": string;
  "U (exact)": string;
  /** Level FS exactly; "∞" when U = 0. */
  "Level FS (exact)": string;
  "Level FS (float)": number;
  "float is exact": boolean;
  /** Siblings with exactly the same Level FS, or "". */
  "ties with": string;
}

/** The exact S, U and Level FS of every association as fractions, beside Fair Tree's float and the exact ties. */
export function exactLevelFsTable(rows: readonly ExactLevelFs[]): ExactLevelFsRow[] {
  return rows.map((r) => ({
    entity: " ".repeat(r.depth - 1) + r.association,
    "S (exact)": fractionText(r.S),
    "U (exact)": fractionText(r.U),
    "Level FS (exact)": r.levelFs === null ? "∞" : fractionText(r.levelFs),
    "Level FS (float)": r.float,
    "float is exact": r.floatExact,
    "ties with": r.tiesWith.join(", "),
  }));
}
