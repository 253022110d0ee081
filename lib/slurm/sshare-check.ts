/**
 * Compare a real Slurm's `sshare -a -l -P` (LevelFS per association, FairShare per user) with our
 * Fair Tree (lib/slurm, variant "slurm") run on the same association tree, shares and raw usage:
 * the tree, RawShares and each user's usage are read from the same sshare output, so what is
 * compared is the algorithm. Usage is taken from NormUsage (usage / root usage, 6 decimals):
 * RawUsage is printed truncated to whole CPU·s, which moves LevelFS by up to ~1% on small usage,
 * and Fair Tree depends on usage ratios only. Users appear as `<user>@<account>` (one Unix user may sit in many accounts).
 * The sshare rows come from lib/io/sshare.ts's `parseSshare`.
 */
import { buildAssociationTree, type AssociationRow } from "./associations";
import { fairTree } from "./fair-tree";
import { invalidArgument } from "../util/errors";
import type { SshareRecord } from "../io/sshare";

/** One association compared. */
export interface FairShareComparisonRow {
  entity: string;
  kind: "account" | "user";
  slurmLevelFs: number | null;
  oursLevelFs: number;
  slurmFairShare: number | null;
  oursFairShare: number | null;
  /** |ours − slurm| / |slurm| for LevelFS (0 when both ∞). */
  levelFsRelDiff: number;
  /** Whether the pair agrees under the stated rule. */
  agrees: boolean;
}

/**
 * Fair Tree on sshare's tree vs sshare's own figures. Rule: LevelFS agrees when both are ∞ or the
 * relative difference is ≤ `relTol` (sshare prints NormUsage and LevelFS with 6 decimals);
 * FairShare agrees when |ours − slurm| ≤ 5e-7 (sshare prints 6 decimals).
 * @param relTol relative LevelFS tolerance. Defaults to 1e-4.
 */
export function compareSshareFairTree(
  records: readonly SshareRecord[],
  relTol = 1e-4,
): FairShareComparisonRow[] {
  if (records.length === 0 || records[0].parent !== null)
    throw invalidArgument("records", records.length, "sshare rows starting with the root account");
  const root = records[0].account;
  const rows: AssociationRow[] = [];
  const entity = (r: SshareRecord) => (r.user === "" ? r.account : `${r.user}@${r.account}`);
  for (const r of records.slice(1)) {
    rows.push({
      entity: entity(r),
      parent: r.parent!,
      kind: r.user === "" ? "account" : "user",
      shares: r.rawShares ?? 1,
      usage: r.user === "" ? 0 : r.normUsage * 1e6,
    });
  }
  const result = fairTree(buildAssociationTree(rows, { root }), { variant: "slurm" });
  const ours = new Map(result.rows.map((r) => [r.entity, r]));
  return records.slice(1).map((r) => {
    const e = entity(r),
      o = ours.get(e)!;
    const s = r.levelFs;
    const rel =
      s === null ? NaN : s === Infinity && o.level === Infinity ? 0 : Math.abs(o.level - s) / Math.abs(s);
    const lfOk = s !== null && (rel <= relTol || (s === Infinity && o.level === Infinity));
    const fsOk =
      r.user === "" ||
      (r.fairShare !== null && o.factor !== null && Math.abs(o.factor - r.fairShare) <= 5e-7);
    return {
      entity: e,
      kind: r.user === "" ? "account" : "user",
      slurmLevelFs: s,
      oursLevelFs: o.level,
      slurmFairShare: r.fairShare,
      oursFairShare: o.factor,
      levelFsRelDiff: rel,
      agrees: lfOk && fsOk,
    };
  });
}

/** What a comparison of {@link compareSshareFairTree} rests on: the dump's size and its trivial comparisons. */
export interface SshareCheckSize {
  /** Associations compared (every row below the root). */
  associations: number;
  agree: number;
  accounts: number;
  /** User associations (`<user>@<account>`) and the distinct Unix users among them. */
  userAssociations: number;
  users: number;
  /** The root's RawUsage, CPU·s. */
  rawUsage: number;
  /** LevelFS comparisons where both sides are ∞ (no usage: equal whatever the algorithm), and the others. */
  infinite: number;
  nonTrivial: number;
  /** Of the non-trivial ones, how many agree. */
  nonTrivialAgree: number;
}

/** The size of an sshare comparison, from the dump and the comparison rows. */
export function sshareCheckSize(
  records: readonly SshareRecord[],
  check: readonly FairShareComparisonRow[],
): SshareCheckSize {
  const inf = (r: FairShareComparisonRow) => r.slurmLevelFs === Infinity && r.oursLevelFs === Infinity;
  const users = records.filter((r) => r.user !== "");
  const nonTrivial = check.filter((r) => !inf(r));
  return {
    associations: check.length,
    agree: check.filter((r) => r.agrees).length,
    accounts: check.filter((r) => r.kind === "account").length,
    userAssociations: check.filter((r) => r.kind === "user").length,
    users: new Set(users.map((r) => r.user)).size,
    rawUsage: records[0]?.rawUsage ?? 0,
    infinite: check.length - nonTrivial.length,
    nonTrivial: nonTrivial.length,
    nonTrivialAgree: nonTrivial.filter((r) => r.agrees).length,
  };
}
