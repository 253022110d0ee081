/**
 * Reads the scheduling events out of a slurmctld 22.05 log written with SlurmctldDebug=debug,
 * DebugFlags=Backfill,Priority,TraceJobs,Route and the default LogTimeFormat (iso8601_ms: local
 * time to the millisecond). The lines it reads, as slurmctld writes them:
 *   [..] _slurm_rpc_submit_batch_job: JobId=12 InitPrio=4000 usec=312      (submit)
 *   [..] sched: Allocate JobId=1 NodeList=n[1-4] #CPUs=4 Partition=debug     (main-pass start)
 *   [..] sched/backfill: _start_job: Started JobId=6 in debug on n7          (backfill start)
 *   [..] _job_complete: JobId=4 done                                         (the batch script ended)
 *   [..] ROUTE: _slurm_rpc_epilog_complete: node_name = n7, JobId=4          (a node's EPILOG_COMPLETE)
 *   [..] TRACE_JOBS: make_node_idle: enter JobId=4                           (a node freed)
 *   [..] TRACE_JOBS: cleanup_completing: JobId=4                             (the job's last node freed)
 *   [..] debug:  sched: Running job scheduler for default depth.             (a main pass; "full queue")
 *   [..] sched/backfill: _attempt_backfill: beginning                       (a backfill cycle …)
 *   [..] sched/backfill: _attempt_backfill: completed testing 8(8) jobs, usec=1065   (… and its work)
 *   [..] priority/multifactor: _apply_priority_fs: PRIO: Fair Tree fairshare algorithm, starting at root:
 * A job whose last node came back by an EPILOG_COMPLETE RPC had schedule() called at once
 * (proc_req.c _slurm_rpc_epilog_complete); one freed by the agent's ALREADY_COMPLETE reply only
 * queued a pass (agent.c). A main pass right after such an RPC's cleanup is that immediate pass;
 * the other passes come from the background loop (controller.c _slurmctld_background).
 * Times keep the log's order within a millisecond: the k-th line's time gets k·1e-7 s added.
 */
import { invalidArgument } from "../lib/util/errors";

/**
 * The lines a recording keeps (every other line of the log is dropped); with them the backfill
 * plan's reservations (`_dump_job_sched: JobId=… to start at … on nodes …`), which the check does
 * not read, to show where Slurm reserved.
 */
export const CTLD_LOG_KEPT =
  /\] (_slurm_rpc_submit_batch_job: JobId=|sched\/backfill: _dump_job_sched: |sched: Allocate JobId=|sched\/backfill: _start_job: Started JobId=|_job_complete: JobId=\d+ done|ROUTE: _slurm_rpc_epilog_complete: |TRACE_JOBS: (make_node_idle: enter|cleanup_completing:) JobId=|debug: {2}sched: Running job scheduler for |sched\/backfill: _attempt_backfill: (beginning|completed testing)|priority\/multifactor: _apply_priority_fs: PRIO: Fair Tree fairshare algorithm)/;

/** One backfill cycle: begin (epoch s), jobs tested, jobs started, its work (µs, as logged). */
export interface LoggedCycle {
  begin: number;
  tested: number;
  started: number;
  usec: number;
}

/** The events of one slurmctld log (times: epoch seconds, ms resolution). */
export interface CtldEvents {
  /** Per job id: submit. */
  submit: Map<string, number>;
  /** Per job id: start, by the main scheduler or backfill, its nodes, and when the pass or cycle that started it began. */
  start: Map<string, { at: number; by: "main" | "backfill"; nodes: string; passAt: number }>;
  /** Per job id: the batch script's end (sacct's End). */
  complete: Map<string, number>;
  /**
   * Per job id: its last node freed, whether an EPILOG_COMPLETE RPC freed it (schedule() at once),
   * and then when that pass ran.
   */
  release: Map<string, { at: number; rpc: boolean; passAt: number }>;
  /** Main passes: time, full queue or not, and whether an RPC's release ran it at once. */
  passes: { at: number; full: boolean; immediate: boolean }[];
  cycles: LoggedCycle[];
  /** Fair-share recalculations (the decay thread). */
  decays: number[];
}

/**
 * Epoch seconds of a log line's `[YYYY-MM-DDTHH:MM:SS.mmm]` stamp written `utcOffsetMinutes` east of UTC.
 * @param where the line's place for the error message
 */
export function logTime(line: string, utcOffsetMinutes: number, where = "log line"): number {
  const m = /^\[(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?\]/.exec(line);
  if (!m)
    throw invalidArgument(
      `${where} time stamp`,
      line.slice(0, 40),
      "[YYYY-MM-DDTHH:MM:SS.mmm] (LogTimeFormat=iso8601_ms)",
    );
  const [, y, mo, d, h, mi, s, frac] = m;
  const ms = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s) + (frac ? Number(`0.${frac}`) * 1000 : 0);
  return (ms - utcOffsetMinutes * 60_000) / 1000;
}

/** Parses the kept lines of a slurmctld log (see the module comment); `file` names it in errors. */
export function parseCtldLog(
  lines: readonly string[],
  utcOffsetMinutes: number,
  file = "slurmctld.log",
): CtldEvents {
  const ev: CtldEvents = {
    submit: new Map(),
    start: new Map(),
    complete: new Map(),
    release: new Map(),
    passes: [],
    cycles: [],
    decays: [],
  };
  const rpcPending = new Set<string>(); // jobs whose next freed node comes from an EPILOG_COMPLETE RPC
  const lastFreedByRpc = new Map<string, boolean>();
  const waiting: string[] = []; // jobs freed by an RPC whose schedule() has not yet shown as a pass
  let cycle: LoggedCycle | undefined;
  let passAt = NaN; // the last main pass's start
  lines.forEach((line, i) => {
    const where = `${file} line ${i + 1}`;
    const t = () => logTime(line, utcOffsetMinutes, where) + i * 1e-7;
    let m: RegExpExecArray | null;
    if ((m = /_slurm_rpc_submit_batch_job: JobId=(\d+) /.exec(line))) ev.submit.set(m[1], t());
    else if ((m = /sched: Allocate JobId=(\d+) NodeList=(\S+) /.exec(line)))
      ev.start.set(m[1], { at: t(), by: "main", nodes: m[2], passAt: Number.isNaN(passAt) ? t() : passAt });
    else if ((m = /_start_job: Started JobId=(\d+) in \S+ on (\S+)/.exec(line))) {
      ev.start.set(m[1], { at: t(), by: "backfill", nodes: m[2], passAt: cycle ? cycle.begin : t() });
      if (cycle) cycle.started++;
    } else if ((m = /_job_complete: JobId=(\d+) done/.exec(line))) ev.complete.set(m[1], t());
    else if ((m = /_slurm_rpc_epilog_complete: node_name = \S+, JobId=(\d+)/.exec(line)))
      rpcPending.add(m[1]);
    else if ((m = /make_node_idle: enter JobId=(\d+)/.exec(line))) {
      lastFreedByRpc.set(m[1], rpcPending.delete(m[1]));
    } else if ((m = /cleanup_completing: JobId=(\d+)/.exec(line))) {
      const rpc = lastFreedByRpc.get(m[1]) ?? false;
      ev.release.set(m[1], { at: t(), rpc, passAt: NaN });
      if (rpc) waiting.push(m[1]);
    } else if ((m = /sched: Running job scheduler for (full queue|default depth)/.exec(line))) {
      const at = (passAt = t());
      // _sched_agent runs the pass an RPC asked for at once (a few ms); other passes are the loop's
      const first = waiting.length > 0 ? ev.release.get(waiting[0])!.at : NaN;
      const immediate = at - first < 0.1;
      for (const id of waiting) ev.release.get(id)!.passAt = at;
      waiting.length = 0;
      ev.passes.push({ at, full: m[1] === "full queue", immediate });
    } else if (/_attempt_backfill: beginning/.test(line))
      cycle = { begin: t(), tested: 0, started: 0, usec: NaN };
    else if ((m = /completed testing (\d+)\((\d+)\) jobs, usec=(\d+)/.exec(line))) {
      if (!cycle)
        throw invalidArgument(
          where,
          line,
          "a 'completed testing' line after an '_attempt_backfill: beginning' line",
        );
      cycle.tested = Number(m[1]);
      cycle.usec = Number(m[3]);
      ev.cycles.push(cycle);
      cycle = undefined;
    } else if (/Fair Tree fairshare algorithm, starting at root/.test(line)) ev.decays.push(t());
  });
  return ev;
}
