/**
 * The association tree a simulated workload gets when none is given: root → one account per job
 * account → its users, all shares 1, users named per account (`user@account`) when the workload
 * needs it.
 */
import type { AssociationRow } from "../slurm/associations";
import type { SimJob } from "./job";

/** The user association a job is charged to when users are named plainly. */
export const userName = (j: SimJob): string => j.user || "(none)";
/** The account association of a job in the default tree. */
export const accountName = (j: SimJob): string => "acct:" + (j.account || "(none)");
/** The user association a job is charged to when users are named per account. */
export const qualifiedUserName = (j: SimJob): string => `${j.user || "(none)"}@${j.account || "(none)"}`;

/**
 * Whether users must be named per account (`user@account`): a user in two accounts (Slurm keeps one
 * association per user and account) or a user called like the tree's root ("root", as on real clusters).
 */
export function needsQualifiedUsers(jobs: readonly SimJob[]): boolean {
  const accountOf = new Map<string, string>();
  for (const j of jobs) {
    const u = userName(j),
      a = accountName(j);
    if (u === "root") return true;
    const had = accountOf.get(u);
    if (had !== undefined && had !== a) return true;
    accountOf.set(u, a);
  }
  return false;
}

/**
 * Default association rows for a workload: root → accounts → users, all shares 1. Users are named
 * `user@account` when `qualified` (see {@link needsQualifiedUsers}).
 */
export function associationsFromJobs(jobs: readonly SimJob[], qualified = false): AssociationRow[] {
  const rows: AssociationRow[] = [];
  const seen = new Set<string>();
  for (const j of jobs) {
    const a = accountName(j),
      u = qualified ? qualifiedUserName(j) : userName(j);
    if (!seen.has(a)) {
      seen.add(a);
      rows.push({ entity: a, parent: "root", kind: "account", shares: 1 });
    }
    if (!seen.has(u)) {
      seen.add(u);
      rows.push({ entity: u, parent: a, kind: "user", shares: 1 });
    }
  }
  return rows;
}
