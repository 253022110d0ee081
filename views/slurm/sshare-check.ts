/** The sshare comparison sized to its evidence, as the sentence under notebook 01's sshare table. */
import { localeNumber } from "../display/format";
import type { SshareRecord } from "../../lib/io/sshare";
import { type FairShareComparisonRow, sshareCheckSize } from "../../lib/slurm/sshare-check";

/**
 * The comparison sized to its evidence, one sentence (markdown): how many associations agree, of
 * how many accounts, user associations and Unix users, with how much usage, and how many LevelFS
 * comparisons are ∞ = ∞ (trivially equal) against non-trivial ones. sshare lists no nodes.
 */
export function sshareCheckText(
  records: readonly SshareRecord[],
  check: readonly FairShareComparisonRow[],
): string {
  const z = sshareCheckSize(records, check);
  const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
  const usersAgree = check.filter((r) => r.kind === "user" && r.agrees).length;
  return (
    `Our Fair Tree vs \`sshare\` on a small dump — ${plural(z.accounts, "account")} and ` +
    `${plural(z.userAssociations, "user association")} of ${plural(z.users, "Unix user")} under the root, ` +
    `${localeNumber(z.rawUsage)} CPU·s of raw usage in all (sshare lists no nodes): ${z.agree} of ` +
    `${plural(z.associations, "association")} agree, but ${z.infinite} of those ${z.associations} LevelFS comparisons ` +
    `are ∞ = ∞ (no usage: equal whatever the algorithm), so ${z.nonTrivialAgree} of ` +
    `${plural(z.nonTrivial, "non-trivial LevelFS comparison")} agree; FairShare agrees for ${usersAgree} of ` +
    `${z.userAssociations} user associations. A check of the algorithm on a toy tree, not at scale.`
  );
}
