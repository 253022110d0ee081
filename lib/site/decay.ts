/**
 * How long an account's past usage weighs on it, without simulating: Slurm decays usage by half every
 * PriorityDecayHalfLife h, U(t) = U₀ · 0.5^(t/h) (lib/slurm decayOver, exact form). An account above
 * its share — its usage U₀ a larger part of the root's than its normalised share s — recovers when,
 * running nothing while the others keep their usage O where it is (they run as much as decays away),
 * U(t) / (O + U(t)) falls to s: after t = h · log₂(U₀ (1 − s) / (s · O)) (0 when already at or
 * below its share; never when s = 0, or s < 1 with O = 0). Today's usage comes from sshare's
 * RawUsage at the export, else from the export's jobs (CPU·s charged at each job's end, decayed with
 * the site's half-life to the last end). The accounts are those that ran jobs in the export, and
 * shares and usage are parts of theirs — the same share each account has in the account table
 * (lib/site/account-stats.ts `accountStats`).
 */
import { decayOver } from "../slurm/usage";
import { finiteNumber } from "../util/options";
import { siteShares } from "./account-stats";
import type { SiteModel } from "./site";

/** 0.5^(t/h): the part of usage left after t seconds with half-life h seconds (h = 0: no decay). */
export function decayLeft(seconds: number, halfLifeSeconds: number): number {
  return decayOver(seconds, { halfLifeSeconds, decayModel: "exact" });
}

/**
 * Days until an account recovers its share (see the module comment).
 * @param usage U₀, CPU·s
 * @param others O, the other associations' usage, CPU·s
 * @param share s, in [0, 1]
 * @param halfLifeDays h, days (> 0)
 */
export function daysToRecover(usage: number, others: number, share: number, halfLifeDays: number): number {
  finiteNumber(usage, "usage", 0);
  finiteNumber(others, "others", 0);
  finiteNumber(share, "share", 0, 1);
  finiteNumber(halfLifeDays, "halfLifeDays", Number.MIN_VALUE);
  if (usage === 0 || usage / (others + usage) <= share) return 0;
  if (share === 0 || others === 0) return Infinity;
  return halfLifeDays * Math.log2((usage * (1 - share)) / (share * others));
}

/** One account's usage today, its share and its days to recover under each half-life. */
export interface DecayRow {
  account: string;
  /** CPU·s today. */
  usage: number;
  /** Its part of the root's usage. */
  usageShare: number;
  /** Its normalised share. */
  share: number;
  /** Days to recover, by half-life in days. */
  days: Record<string, number>;
}

/** Each account's usage today, the root's (every association's), and where they came from (see the module comment). */
export function accountUsage(site: SiteModel): { usage: Map<string, number>; root: number; source: string } {
  const usage = new Map<string, number>();
  const accounts = site.sshare?.filter((r) => r.user === "" && r.parent !== null);
  const rootRow = site.sshare?.find((r) => r.user === "" && r.parent === null);
  if (accounts?.length && rootRow) {
    for (const r of accounts) usage.set(r.account, r.rawUsage);
    return { usage, root: rootRow.rawUsage, source: "sshare's RawUsage at the export" };
  }
  let last = -Infinity;
  for (const j of site.jobs) last = Math.max(last, j.end);
  for (const j of site.jobs) {
    const u = j.cpus * Math.max(0, j.end - j.start) * decayLeft(last - j.end, site.settings.halfLifeSeconds);
    usage.set(j.account, (usage.get(j.account) ?? 0) + u);
  }
  const root = [...usage.values()].reduce((a, b) => a + b, 0);
  return { usage, root, source: "the export's jobs, decayed with the site's half-life to the last end" };
}

/**
 * Each account's days to recover under each half-life (accounts with usage, by name).
 * @param halfLivesDays half-lives to compare, days. Defaults to 1, 7 (Slurm's default) and 28.
 */
export function decayRows(site: SiteModel, halfLivesDays: readonly number[] = [1, 7, 28]): DecayRow[] {
  const { usage: all } = accountUsage(site);
  const names = [...new Set(site.jobs.map((j) => j.account))].sort();
  const usage = new Map(names.map((a) => [a, all.get(a) ?? 0]));
  const root = names.reduce((t, a) => t + usage.get(a)!, 0);
  const tree = siteShares(site);
  const totalShare = names.reduce((t, a) => t + (tree.get(a) ?? 0), 0);
  return names
    .filter((a) => usage.get(a)! > 0)
    .map((account) => {
      const u = usage.get(account)!;
      const s = totalShare > 0 ? (tree.get(account) ?? 0) / totalShare : 0;
      return {
        account,
        usage: u,
        usageShare: root > 0 ? u / root : 0,
        share: s,
        days: Object.fromEntries(
          halfLivesDays.map((h) => [String(h), daysToRecover(u, Math.max(0, root - u), s, h)]),
        ),
      };
    });
}

/** U(t) / (O + U(t)) with U(t) = U₀ · 0.5^(t/h): an account's part of the usage after `days` running nothing (see the module comment). */
export function usageShareAfter(usage: number, others: number, days: number, halfLifeDays: number): number {
  const u = usage * decayLeft(days * 86400, halfLifeDays * 86400);
  return u + others > 0 ? u / (u + others) : 0;
}
