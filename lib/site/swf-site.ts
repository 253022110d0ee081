/**
 * A site from a Parallel Workloads Archive trace (SWF), for sites without Slurm accounting and for
 * replays at scale: each job as logged (start = submit + its logged wait, end = start + run time;
 * users `u<n>` and accounts `g<group>`, one account per group, one share each), the machine from the
 * header (lib/io swfMachine), and Slurm 22.05's default settings (no config). Dropped and changed
 * jobs are counted by reason as for an export (no processor count, no wait or run time, wider than
 * the machine; no requested time → its run time; a run past the requested time ends there in the replay).
 */
import type { SwfTrace } from "../io/swf";
import { swfMachine } from "../io/swf-jobs";
import type { Machine } from "../io/job-record";
import { integer } from "../util/options";
import { invalidArgument } from "../util/errors";
import type { SiteJob, SiteJobCount } from "./site-jobs";
import type { SiteModel } from "./site";
import { siteSettings } from "./site-settings";
import { siteTree } from "./site-tree";

/** Options of {@link siteFromSwf}. */
export interface SwfSiteOptions {
  /** Keep the first jobs (by submit) only. Defaults to all. */
  limit?: number;
  /** The machine, field by field over the header's. Defaults to the header's. */
  machine?: Partial<Machine>;
}

/**
 * A site from an SWF trace (see the module comment).
 * @throws `invalid trace: …` when no job is left
 */
export function siteFromSwf(trace: SwfTrace, options: SwfSiteOptions = {}): SiteModel {
  const m = swfMachine(trace, options.machine);
  const max = options.limit === undefined ? trace.jobs : integer(options.limit, "limit", 1);
  const c = trace.columns;
  const dropped: SiteJobCount[] = [],
    changed: SiteJobCount[] = [];
  const tally = (list: SiteJobCount[], reason: string, line: number) => {
    const x = list.find((y) => y.reason === reason);
    if (x) x.jobs++;
    else list.push({ reason, jobs: 1, firstLine: line });
  };
  const jobs: SiteJob[] = [];
  for (let i = 0; i < trace.jobs && jobs.length < max; i++) {
    const line = trace.lineOf?.[i] ?? i + 1;
    const procs = c.allocProcs[i] > 0 ? c.allocProcs[i] : c.reqProcs[i];
    const run = c.runtime[i],
      wait = c.wait[i];
    const why = !(procs > 0)
      ? "no processor count"
      : !(run >= 0)
        ? "no run time"
        : !(wait >= 0)
          ? "no wait time"
          : "";
    const nodes = Math.ceil(procs / m.coresPerNode);
    if (why || nodes > m.nodes) {
      tally(dropped, why || `wider than the machine (${m.nodes} nodes)`, line);
      continue;
    }
    let limit = c.reqTime[i];
    if (!(limit > 0)) {
      tally(changed, "no requested time: its run time is its limit", line);
      limit = Math.max(1, run);
    } else if (run > limit) tally(changed, "ran past its requested time: the replay ends it there", line);
    const start = c.submit[i] + wait;
    jobs.push({
      id: String(c.job[i]),
      jobNumber: c.job[i],
      arrayTask: NaN,
      user: `u${c.user[i]}`,
      account: `g${c.group[i]}`,
      partition: `p${c.partition[i]}`,
      qos: "",
      state: "COMPLETED",
      submit: c.submit[i],
      eligible: c.submit[i],
      start,
      end: start + run,
      limit,
      cpus: procs,
      nodes,
      nodeList: "",
      gpus: 0,
      reqCpus: procs,
      reqMemMiB: 0,
      reqGpus: 0,
      constraint: "",
      licenses: 0,
      line,
    });
  }
  if (jobs.length === 0)
    throw invalidArgument(
      "trace",
      trace.file,
      "a trace with jobs that have a processor count, a wait and a run time",
    );
  jobs.sort((a, b) => a.eligible - b.eligible || a.jobNumber - b.jobNumber);
  return {
    source: trace.file,
    jobs,
    dropped,
    changed,
    machine: {
      nodes: m.nodes,
      coresPerNode: m.coresPerNode,
      origin: `SWF ${m.origin}`,
      model: "whole nodes",
    },
    tree: siteTree({}, jobs),
    settings: siteSettings(),
    hasFlags: false,
    configValues: {},
    partitionNodes: {},
    limitedAssociations: [],
    notes: ["an SWF trace: Slurm 22.05's default settings, one account per group with one share each"],
  };
}
