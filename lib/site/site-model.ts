/**
 * A site's own cluster (lib/site/site.ts) from the Slurm records a source reader returns
 * (lib/source: an export folder, a sacct export, the export run live): its jobs
 * (lib/site/site-jobs.ts), machine (lib/site/machine.ts), association tree (lib/site/site-tree.ts),
 * settings (lib/site/site-settings.ts) and sshare's fair-share table, each with where it came from;
 * or an SWF trace's (a site with Slurm 22.05's default settings, lib/site/swf-site.ts).
 */
import { exportRelease } from "../io/export-release";
import type { SlurmExport } from "../io/slurm-export-folder";
import { readSource } from "../source/readers";
import type { Source } from "../source/source";
import { invalidArgument } from "../util/errors";
import { DEFAULT_SITE_EXPORT } from "./default-export";
import { siteMachine } from "./machine";
import type { SiteModel } from "./site";
import { siteJobs } from "./site-jobs";
import { SLURM_2205_SETTINGS, bfMaxJobTestDefault, siteSettings } from "./site-settings";
import { associationName, siteTree } from "./site-tree";
import { siteFromSwf } from "./swf-site";
import { nodeTurnaround } from "./turnaround";

/**
 * The slurm.conf keys (`NodeName/…` and `PartitionName/…` for a line's own keys) that can change
 * when or where a job starts and that the replay does not model; any other key it does not read is
 * not about scheduling (daemons, paths, authentication, logging, accounting storage).
 */
const SCHEDULING_KEYS: ReadonlySet<string> = new Set([
  "AccountingStorageEnforce",
  "CompleteWait",
  "DefMemPerGPU",
  "EnforcePartLimits",
  "JobSubmitPlugins",
  "KillWait",
  "MaxMemPerCPU",
  "MaxMemPerNode",
  "OverTimeLimit",
  "PreemptMode",
  "PreemptType",
  "ResvOverRun",
  "SchedulerTimeSlice",
  "TopologyParam",
  "NodeName/CoreSpecCount",
  "NodeName/CpuSpecList",
  "NodeName/MemSpecLimit",
  "NodeName/State",
  "PartitionName/AllowAccounts",
  "PartitionName/AllowGroups",
  "PartitionName/AllowQos",
  "PartitionName/DenyAccounts",
  "PartitionName/DenyQos",
  "PartitionName/MaxCPUsPerNode",
  "PartitionName/MaxMemPerCPU",
  "PartitionName/MaxMemPerNode",
  "PartitionName/MaxNodes",
  "PartitionName/MinNodes",
  "PartitionName/OverSubscribe",
  "PartitionName/PreemptMode",
  "PartitionName/PriorityTier",
  "PartitionName/QOS",
  "PartitionName/Shared",
  "PartitionName/State",
]);

/**
 * A site from a read export folder (see the module comment); `stated`, the machine its reader or the
 * caller states, stands where the folder has no nodes of its own.
 * @throws `invalid export: …` without sacct.txt; the readers' and lib/site/site-jobs.ts's errors
 */
export function siteModel(exp: SlurmExport, stated?: { nodes?: number; coresPerNode?: number }): SiteModel {
  if (!exp.sacct)
    throw invalidArgument(
      "export",
      exp.dir,
      "a folder with sacct.txt (the export script of docs/your-data.md)",
    );
  const m = siteMachine({ ...exp, selectType: exp.config?.selectType, machine: stated });
  const topology = exp.topology;
  if (m.tres && topology && /topology\/tree/i.test(exp.config?.values.TopologyPlugin ?? ""))
    m.topology = topology;
  const read = siteJobs(exp.sacct, m.nodes, exp.nodes);
  const release = exp.config ? undefined : exportRelease(exp.sacct);
  const settings = exp.config
    ? siteSettings(exp.config)
    : {
        ...siteSettings(),
        version: release!.version || SLURM_2205_SETTINGS.version,
        bfMaxJobTest: bfMaxJobTestDefault(release!.version),
      };
  const gap = nodeTurnaround(read.jobs, settings.bfInterval).medianGap;
  const machine = { ...m, turnaround: Number.isFinite(gap) ? gap : 0 };
  const notes: string[] = [...exp.notes];
  const conf = exp.slurmConf;
  if (conf) {
    notes.push(...conf.warnings.map((w) => `slurm.conf: ${w}`));
    const keys = [...new Set(conf.notModelled.map((k) => k.key))];
    const scheduling = keys.filter((k) => SCHEDULING_KEYS.has(k));
    if (scheduling.length)
      notes.push(
        `slurm.conf settings that can change the schedule and the replay does not model: ${scheduling.join(", ")}`,
      );
    if (keys.length > scheduling.length)
      notes.push(
        `${keys.length - scheduling.length} other slurm.conf keys the replay does not read (none of them about scheduling)`,
      );
  }
  const sched = exp.config?.scheduler;
  if (sched) {
    notes.push(...sched.warnings.map((w) => `SchedulerParameters: ${w}`));
    if (sched.unknown.length)
      notes.push(
        `SchedulerParameters options Slurm ignores (unknown): ${sched.unknown.map((u) => `${u.option}${u.nearest.length ? ` (did you mean ${u.nearest.join(" or ")}?)` : ""}`).join(", ")}`,
      );
  }
  if (!exp.config)
    notes.push(
      `no config.txt or slurm.conf: Slurm's default settings (priority/basic, sched/backfill) of ${release!.basis}`,
    );
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
    inferred: read.inferred,
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
 * A site from a read source (lib/source): an export folder, a sacct export or a jobcomp log (its
 * Slurm records), or an SWF trace (lib/site/swf-site.ts).
 * @throws `invalid source: …` for a source without a site's records (the twin, Autosubmit files)
 */
export function siteFromSource(src: Source): SiteModel {
  const site = src.site;
  if (!site)
    throw invalidArgument(
      "source",
      src.spec.text,
      "a Slurm site's records: an export folder (docs/your-data.md), a sacct export, a jobcomp log, or an SWF trace",
    );
  // a source's machine is its reader's (or the caller's) where the export has no nodes of its own
  return site.kind === "swf"
    ? siteFromSwf(site.trace, { machine: src.machine })
    : siteModel(site.export, src.machine);
}

/**
 * Reads a site: a source's text (lib/source/readers.ts: an export folder, "live" — the export run
 * now on this machine's Slurm —, a sacct export, an SWF trace; "" = lib/site/default-export.ts's
 * folder) or a read source.
 * @throws readSource's and siteFromSource's errors
 */
export function loadSite(source: string | Source = ""): SiteModel {
  return siteFromSource(
    typeof source === "string" ? readSource(source === "" ? DEFAULT_SITE_EXPORT : source) : source,
  );
}
