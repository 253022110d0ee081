/**
 * A cluster's own Slurm dumps in notebook 01's walkthrough (views/slurm/priority-walkthrough.ts):
 * `sshare -a -l -P` and `sprio -l` output read when their files exist, our Fair Tree checked against
 * sshare's figures, and the tables that show them.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { type SprioRecord, parseSprio } from "../../lib/io/sprio";
import { type SshareRecord, parseSshare } from "../../lib/io/sshare";
import {
  type FairShareComparisonRow,
  compareSshareFairTree,
  sshareCheckSize,
} from "../../lib/slurm/sshare-check";
import type { PriorityWalkthroughOptions } from "./priority-walkthrough-options";

/** The dumps read (each absent when its file is "" or missing) and our Fair Tree against sshare's. */
export interface ClusterDumps {
  sshare?: SshareRecord[];
  sshareCheck?: FairShareComparisonRow[];
  sprio?: SprioRecord[];
}

/** The dumps as tables to show, with captions and decimals (none when no file was read). */
export function clusterTables(
  o: Required<PriorityWalkthroughOptions>,
  c: ClusterDumps,
): { rows: readonly object[]; caption: string; digits: number }[] {
  const tables: { rows: readonly object[]; caption: string; digits: number }[] = [];
  if (c.sshare)
    tables.push({ rows: c.sshare, caption: `${o.sshareFile}: ${c.sshare.length} associations`, digits: 4 });
  if (c.sshareCheck && c.sshare) {
    const z = sshareCheckSize(c.sshare, c.sshareCheck);
    tables.push({
      rows: c.sshareCheck,
      caption:
        `Our Fair Tree vs sshare: ${z.agree} of ${z.associations} associations agree (${z.infinite} of them ∞ = ∞; ` +
        `${z.userAssociations} user associations of ${z.users} Unix user${z.users === 1 ? "" : "s"})`,
      digits: 6,
    });
  }
  if (c.sprio)
    tables.push({
      rows: c.sprio.map((r) => ({
        job: r.jobId,
        partition: r.partition,
        user: r.user,
        priority: r.priority,
        ...r.factors,
      })),
      caption: `${o.sprioFile}: pending jobs' priority factors`,
      digits: 4,
    });
  return tables;
}

/** Reads the sshare and sprio dumps named by the options (relative to `root`) and checks our Fair Tree against sshare's. */
export function clusterDumps(o: Required<PriorityWalkthroughOptions>): ClusterDumps {
  const read = (file: string) => {
    const p = path.resolve(o.root, file);
    return file === "" || !fs.existsSync(p) ? undefined : fs.readFileSync(p, "utf8");
  };
  const sshareText = read(o.sshareFile);
  const sprioText = read(o.sprioFile);
  const sshare = sshareText === undefined ? undefined : parseSshare(sshareText, o.sshareFile);
  return {
    sshare,
    sshareCheck: sshare ? compareSshareFairTree(sshare) : undefined,
    sprio: sprioText === undefined ? undefined : parseSprio(sprioText, o.sprioFile),
  };
}
