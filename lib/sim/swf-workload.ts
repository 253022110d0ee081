/**
 * A simulator workload from a parsed SWF trace (lib/io readSwf), replayed with its
 * submit times in seconds: nodes = ceil(procs / coresPerNode) (procs = requested, else allocated),
 * limit = requested time (else the run time, or dropped: `limitWhenMissing`), runtime = run time
 * (a job that ran past its limit is cut to it — Slurm kills at the limit — or dropped: `overLimit`),
 * user/group/partition as strings. Every job is either in `jobs`, or in `dropped` by reason, or
 * beyond `limit`; every value the workload changes is in `changed` by reason.
 */
import type { SwfTrace } from "../io/swf";
import { readSwfCached } from "../io/swf-cache";
import { swfMachine } from "../io/swf-jobs";
import { requireTrace } from "../io/trace-paths";
import { integer, keyword } from "../util/options";
import type { SimJob } from "./job";

/** Options of {@link jobsFromSwf}. */
export interface SwfWorkloadOptions {
  /** Cluster size, nodes (jobs wider than this are dropped). */
  nodes: number;
  /** Cores per node. */
  coresPerNode: number;
  /** Keep at most this many jobs (the first ones by submit). Defaults to all. */
  limit?: number;
  /** A job without a requested time: "runtime" (its limit is its run time, counted in `changed`) or "drop". Defaults to "runtime". */
  limitWhenMissing?: "runtime" | "drop";
  /** A job that ran past its requested time: "cut" (its run time becomes the limit, counted in `changed`) or "drop". Defaults to "cut". */
  overLimit?: "cut" | "drop";
}

/** The workload and the rows dropped, by reason. */
export interface SwfWorkload {
  /** The jobs (submit-sorted, rebased so the first submit is 0). */
  jobs: SimJob[];
  /** Dropped rows per reason; counts add up to the trace's jobs minus `jobs.length` (minus the cut by `limit`). */
  dropped: Record<string, number>;
  /** Jobs kept with a changed value, per reason ("limit = run time (no requested time)", "run time cut to the limit"). */
  changed: Record<string, number>;
}

/** Builds a simulator workload from an SWF trace. */
export function jobsFromSwf(trace: SwfTrace, options: SwfWorkloadOptions): SwfWorkload {
  const W = integer(options.nodes, "nodes", 1);
  const cpn = integer(options.coresPerNode, "coresPerNode", 1);
  const max = options.limit === undefined ? trace.jobs : integer(options.limit, "limit", 0);
  const whenMissing = keyword(options.limitWhenMissing ?? "runtime", "limitWhenMissing", [
    "runtime",
    "drop",
  ] as const);
  const overLimit = keyword(options.overLimit ?? "cut", "overLimit", ["cut", "drop"] as const);
  const changed: Record<string, number> = {};
  const change = (why: string) => (changed[why] = (changed[why] ?? 0) + 1);
  const c = trace.columns;
  const dropped: Record<string, number> = {};
  const drop = (why: string) => (dropped[why] = (dropped[why] ?? 0) + 1);
  const jobs: SimJob[] = [];
  let t0 = NaN;
  for (let i = 0; i < trace.jobs && jobs.length < max; i++) {
    const procs = c.reqProcs[i] > 0 ? c.reqProcs[i] : c.allocProcs[i];
    let run = c.runtime[i];
    if (!(procs > 0)) {
      drop("no processor count");
      continue;
    }
    if (!(run >= 0)) {
      drop("no run time");
      continue;
    }
    let limit = c.reqTime[i];
    const nodes = Math.ceil(procs / cpn);
    if (nodes > W) {
      drop("wider than the cluster");
      continue;
    }
    if (!(limit > 0)) {
      if (whenMissing === "drop") {
        drop("no requested time");
        continue;
      }
      limit = Math.max(run, 1);
      change("limit = run time (no requested time)");
    } else if (run > limit) {
      if (overLimit === "drop") {
        drop("ran past its limit");
        continue;
      }
      run = limit;
      change("run time cut to the limit");
    }
    if (Number.isNaN(t0)) t0 = c.submit[i];
    jobs.push({
      id: String(c.job[i]),
      submit: c.submit[i] - t0,
      nodes,
      procs,
      limit,
      runtime: run,
      user: String(c.user[i]),
      account: String(c.group[i]),
      qos: "",
      partition: String(c.partition[i]),
    });
  }
  return { jobs, dropped, changed };
}

/** Options of {@link loadTraceWorkload}. */
export interface TraceWorkloadOptions {
  /** Keep the first jobs only. Defaults to all. */
  limit?: number;
  /** Machine override (else the header's MaxNodes and MaxProcs/MaxNodes). Defaults to the header. */
  machine?: { nodes?: number; coresPerNode?: number };
  /** Project root for finding traces. Defaults to the working directory. */
  root?: string;
}

/** A trace by name (see lib/io findTrace) as a simulator workload with its machine. */
export function loadTraceWorkload(
  name: string,
  options: TraceWorkloadOptions = {},
): SwfWorkload & { trace: string; nodes: number; coresPerNode: number } {
  const { trace } = readSwfCached(requireTrace(name, options.root), { root: options.root });
  const m = swfMachine(trace, options.machine);
  const w = jobsFromSwf(trace, { nodes: m.nodes, coresPerNode: m.coresPerNode, limit: options.limit });
  return { ...w, trace: name, nodes: m.nodes, coresPerNode: m.coresPerNode };
}
