/**
 * A site's own cluster (lib/site/site.ts) as the workbook reads it from one export folder (docs/your-data.md, lib/io
 * readSlurmExport): its jobs (lib/site/site-jobs.ts), machine (lib/site/machine.ts), association
 * tree (lib/site/site-tree.ts), settings (lib/site/site-settings.ts) and sshare's fair-share table,
 * each with where it came from. {@link loadSite} reads a folder, the export run live, or an SWF trace (a site with
 * Slurm 22.05's default settings, lib/site/swf-site.ts).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { type SlurmExport, readSlurmExport } from "../io/slurm-export-folder";
import { runSlurmExport } from "../io/slurm-export-live";
import { readSwf } from "../io/swf";
import { findTrace, traceDirectories } from "../io/trace-paths";
import { invalidArgument } from "../util/errors";
import { DEFAULT_SITE_EXPORT } from "./default-export";
import { siteMachine } from "./machine";
import type { SiteModel } from "./site";
import { siteJobs } from "./site-jobs";
import { siteSettings } from "./site-settings";
import { associationName, siteTree } from "./site-tree";
import { siteFromSwf } from "./swf-site";
import { nodeTurnaround } from "./turnaround";

/**
 * A site from a read export folder (see the module comment).
 * @throws `invalid export: …` without sacct.txt; the readers' and lib/site/site-jobs.ts's errors
 */
export function siteModel(exp: SlurmExport): SiteModel {
  if (!exp.sacct)
    throw invalidArgument(
      "export",
      exp.dir,
      "a folder with sacct.txt (the export script of docs/your-data.md)",
    );
  const m = siteMachine({ ...exp, selectType: exp.config?.selectType });
  const read = siteJobs(exp.sacct, m.nodes);
  const settings = siteSettings(exp.config);
  const gap = nodeTurnaround(read.jobs, settings.bfInterval).medianGap;
  const machine = { ...m, turnaround: Number.isFinite(gap) ? gap : 0 };
  const notes: string[] = [];
  if (!exp.config)
    notes.push("no config.txt: Slurm 22.05's default settings (priority/basic, sched/backfill)");
  if (!exp.nodes) notes.push(`no nodes.txt: the machine from sacct (${machine.origin})`);
  if (!exp.associations && !exp.sshare)
    notes.push("no assoc.txt or sshare.txt: one account per job account, 1 share each");
  const tree = siteTree(exp, read.jobs);
  const partitionNodes: Record<string, number> = {};
  for (const n of exp.nodes ?? [])
    for (const p of n.partitions) partitionNodes[p] = (partitionNodes[p] ?? 0) + 1;
  notes.push(...tree.notes);
  return {
    source: exp.dir,
    jobs: read.jobs,
    dropped: read.dropped,
    changed: read.changed,
    machine,
    tree,
    settings,
    sshare: exp.sshare,
    hasFlags: read.jobs.some((j) => j.startedBy !== undefined),
    configValues: { ...(exp.config?.values ?? {}) },
    partitionNodes,
    limitedAssociations: (exp.associations ?? [])
      .filter((a) => a.grpTres !== "" || a.maxTres !== "" || Number.isFinite(a.maxWall))
      .map((a) => (a.user ? associationName(a.user, a.account) : a.account)),
    notes,
  };
}

/**
 * Reads a site: an export folder (see docs/your-data.md; "" = lib/site/default-export.ts's), "live"
 * (the export run now on this machine's Slurm, into a fresh folder under the system's temp
 * folder: lib/io/slurm-export-live.ts), or an SWF trace name or path (lib/site/swf-site.ts; looked
 * up as lib/io findTrace does).
 * @throws `invalid source: …` when it is none of these; runSlurmExport's, readSlurmExport's,
 *   siteModel's and siteFromSwf's errors
 */
export function loadSite(source = ""): SiteModel {
  if (source === "live")
    return siteModel(
      readSlurmExport(runSlurmExport(fs.mkdtempSync(path.join(os.tmpdir(), "slurm-export-")))),
    );
  const dir = source === "" ? DEFAULT_SITE_EXPORT : source;
  if (fs.existsSync(dir) && fs.statSync(dir).isDirectory()) return siteModel(readSlurmExport(dir));
  const trace = findTrace(dir);
  if (trace) return siteFromSwf(readSwf(trace));
  throw invalidArgument(
    "source",
    source,
    `an export folder written by the export script of docs/your-data.md, "live" (run it here), or an SWF trace (${traceDirectories().join(", ")})`,
  );
}
