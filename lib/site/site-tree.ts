/**
 * A site's association tree in lib/slurm's form (AssociationRow: entity, parent, kind, shares), from
 * the export: sacctmgr's association tree (assoc.txt) when there, else sshare's (sshare.txt), else
 * one account per job account under root (shares 1). Slurm keeps one association per user and
 * account, so a user association is named `user@account`; the tree's root is the root account.
 * Shares `parent` (FairShare=parent: the user counts as its account) is not modelled: such an
 * association gets 1 share, counted in `notes`. An association a job ran under that the tree lacks
 * (deleted since) is added with 1 share, counted too.
 */
import type { SacctmgrAssociation } from "../io/sacctmgr-assoc";
import type { SshareRecord } from "../io/sshare";
import type { AssociationRow } from "../slurm/associations";
import { finiteNumber } from "../util/options";
import type { SiteJob } from "./site-jobs";

/** The tree's root account. */
export const SITE_ROOT = "root";

/** The association a user's jobs under an account are charged to: `user@account`. */
export function associationName(user: string, account: string): string {
  return `${user || "(none)"}@${account || "(none)"}`;
}

/** A site's association tree and where it came from. */
export interface SiteTree {
  /** The rows (accounts, then users under them), for lib/slurm buildAssociationTree. */
  rows: AssociationRow[];
  /** "sacctmgr (assoc.txt)", "sshare (sshare.txt)" or "the jobs' accounts". */
  origin: string;
  /** What was assumed, counted (shares `parent`, associations added for jobs). */
  notes: string[];
}

type Assoc = { account: string; user: string; parent: string | null; shares: number | "parent" | null };

/**
 * The association tree of an export (see the module comment).
 * @param source the export's sacctmgr associations and sshare records (either may be absent)
 * @param jobs the site's jobs (their associations are added when missing)
 */
export function siteTree(
  source: { associations?: readonly SacctmgrAssociation[]; sshare?: readonly SshareRecord[] },
  jobs: readonly SiteJob[],
): SiteTree {
  let assoc: Assoc[] = [];
  let origin = "the jobs' accounts";
  if (source.associations?.length) {
    origin = "sacctmgr (assoc.txt)";
    assoc = source.associations.map((a) => ({
      account: a.account,
      user: a.user,
      parent: a.kind === "user" ? a.account : a.parent,
      shares: a.shares,
    }));
  } else if (source.sshare?.length) {
    origin = "sshare (sshare.txt)";
    assoc = source.sshare.map((r) => ({
      account: r.account,
      user: r.user,
      parent: r.user ? r.account : r.parent,
      shares: r.rawShares,
    }));
  }
  const rows: AssociationRow[] = [];
  const seen = new Set<string>([SITE_ROOT]);
  let parentShares = 0;
  let added = 0;
  const shares = (s: Assoc["shares"]) => {
    if (s === "parent" || s === null) {
      parentShares++;
      return 1;
    }
    return finiteNumber(s, "shares", 0);
  };
  for (const a of assoc.filter((x) => !x.user && x.account !== SITE_ROOT)) {
    if (seen.has(a.account)) continue;
    seen.add(a.account);
    rows.push({
      entity: a.account,
      parent: a.parent ?? SITE_ROOT,
      kind: "account",
      shares: shares(a.shares),
    });
  }
  for (const a of assoc.filter((x) => x.user)) {
    if (!seen.has(a.account)) {
      seen.add(a.account);
      rows.push({ entity: a.account, parent: SITE_ROOT, kind: "account", shares: 1 });
      added++;
    }
    const name = associationName(a.user, a.account);
    if (seen.has(name)) continue;
    seen.add(name);
    rows.push({ entity: name, parent: a.account, kind: "user", shares: shares(a.shares) });
  }
  for (const j of jobs) {
    const account = j.account || "(none)";
    if (!seen.has(account)) {
      seen.add(account);
      rows.push({ entity: account, parent: SITE_ROOT, kind: "account", shares: 1 });
      if (origin !== "the jobs' accounts") added++;
    }
    const name = associationName(j.user, j.account);
    if (!seen.has(name)) {
      seen.add(name);
      rows.push({ entity: name, parent: account, kind: "user", shares: 1 });
      if (origin !== "the jobs' accounts") added++;
    }
  }
  const notes: string[] = [];
  if (parentShares)
    notes.push(
      `${parentShares} association(s) with shares "parent" (or none) read as 1 share (FairShare=parent is not modelled)`,
    );
  if (added) notes.push(`${added} association(s) that jobs ran under but the tree lacks added with 1 share`);
  return { rows, origin, notes };
}

/** The tree's rows with some accounts' raw shares replaced (a what-if's `accountShares`). */
export function withAccountShares(
  rows: readonly AssociationRow[],
  shares: Readonly<Record<string, number>>,
): AssociationRow[] {
  const names = new Set(rows.filter((r) => r.kind === "account").map((r) => r.entity));
  for (const a of Object.keys(shares))
    if (!names.has(a))
      throw new Error(
        `invalid accountShares: ${JSON.stringify(a)}; expected one of the tree's accounts: ${[...names].join(", ")}`,
      );
  return rows.map((r) =>
    r.kind === "account" && r.entity in shares ? { ...r, shares: shares[r.entity] } : r,
  );
}
