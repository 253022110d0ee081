/**
 * A Slurm cluster's own accounting, `sacct --parsable2` (or `--parsable`; `|` or TAB; with a header,
 * a `columns` option or Open XDMoD's header-less layout; lib/io/parsable.ts) → typed jobs
 * (lib/io/sacct-jobs.ts: steps and heterogeneous components folded) → the Job File columns the
 * cleaning pipeline reads (the same schema as an SWF log through lib/io/swf-jobs.ts), plus `nodes`,
 * so `SOURCE = "sacct:<file>"` works wherever an SWF trace does.
 *
 * A job that never started is counted apart, by reason, and not loaded (it did not wait, it never
 * ran): Start missing (`Unknown`, `None`: pending, or cancelled while pending), NodeList
 * `None assigned`, or — without a NodeList column — CANCELLED with Start = End (how Slurm records a
 * job cancelled while pending). The export to use is lib/io/slurm-exports.ts's
 * `SACCT_EXPORT_COMMAND`; every error quotes it.
 */
import * as aq from "arquero";
import type { ColumnTable } from "arquero";
import { wallclockText } from "./autosubmit";
import { expandHostlist } from "./hostlist";
import { type ParsableOptions, openParsable, requireColumns } from "./parsable";
import { readFileBytes } from "./read-file";
import { SACCT_REQUIRED, SACCT_SPEC } from "./sacct-columns";
import { type SacctJob, sacctJobs } from "./sacct-jobs";

/** What the reader did with the records, by reason: lines = jobs + neverStarted + steps + orphanSteps + hetComponents. */
export interface SacctCounts {
  /** Records read (a record spread over several lines by a line break in a free-text value counts once). */
  lines: number;
  /** Jobs loaded (they started). */
  jobs: number;
  /** Step lines (`.batch`, `.extern`, `.N`) folded into their job. */
  steps: number;
  /** Step lines whose job has no line (not loaded). */
  orphanSteps: number;
  /** Heterogeneous job component lines folded into their job (`123+1` into `123`). */
  hetComponents: number;
  /** Jobs that never started (not loaded), in total. */
  neverStarted: number;
  /** Never-started jobs by reason. */
  neverStartedBy: Record<string, number>;
  /** Records whose free-text value held the delimiter or a line break (recovered). */
  recovered: number;
  /** Loaded jobs whose time limit is UNLIMITED / Partition_Limit (left missing). */
  noTimeLimit: number;
  /** Jobs whose End was missing and was set to Start + Elapsed. */
  endFromElapsed: number;
  /** 1 when a UTF-8 byte-order mark was removed. */
  bom: number;
  /** Lines repeating the header (files concatenated), skipped. */
  repeatedHeaders: number;
}

/** A parsed sacct export. */
export interface SacctDump {
  file: string;
  /** Job File columns (see lib/io/autosubmit.ts) plus `nodes` (NaN when not given), one row per loaded job, in file order. */
  jobs: ColumnTable;
  /** The loaded jobs, typed (same order as `jobs`). */
  records: SacctJob[];
  /** The jobs that never started, with the reason. */
  neverStarted: { job: SacctJob; reason: string }[];
  /** Node names the loaded jobs ran on (NodeList expanded). */
  nodeNames: Set<string>;
  /** Where the column names came from ("header", "columns option", or Open XDMoD's layout) and the delimiter. */
  layout: { columnsFrom: string; delimiter: string; trailingDelimiter: boolean };
  /** The export's columns, as named (which requests it can hold: Constraints, ReqGRES, SubmitLine, …). */
  columns: string[];
  counts: SacctCounts;
}

/** Options of {@link parseSacct}. */
export type SacctOptions = ParsableOptions;

function whyNeverStarted(j: SacctJob, hasNodeList: boolean): string | undefined {
  if (Number.isNaN(j.start)) return "no start time";
  if (j.nodeList === "None assigned") return "no nodes assigned";
  if (!hasNodeList && j.state === "CANCELLED" && j.start === j.end) return "cancelled with Start = End";
  return undefined;
}

/**
 * Parses a sacct export (see the module comment).
 * @throws `<file>:<line>: invalid header: …` naming every missing column at once (JobID, Submit,
 *   Start, End or Elapsed, State, a processor column) or a header-less file it cannot place;
 *   `<file>:<line>: invalid format: …` for sacct's fixed-width table; `<file>:<line>: invalid line: …`
 *   for fields it cannot place; `<file>:<line>: invalid <column>: …` for a bad value — each with the
 *   export command
 */
export function parseSacct(text: string, file = "sacct", options: SacctOptions = {}): SacctDump {
  const table = openParsable(text, file, SACCT_SPEC, options);
  requireColumns(table, SACCT_REQUIRED, SACCT_SPEC);
  const folded = sacctJobs(table);
  const hasNodeList = table.columns.includes("NodeList");
  const neverStarted: SacctDump["neverStarted"] = [];
  const neverStartedBy: Record<string, number> = {};
  const records: SacctJob[] = [];
  for (const j of folded.jobs) {
    const reason = whyNeverStarted(j, hasNodeList);
    if (reason === undefined) records.push(j);
    else {
      neverStarted.push({ job: j, reason });
      neverStartedBy[reason] = (neverStartedBy[reason] ?? 0) + 1;
    }
  }
  const hasLimit = table.columns.includes("Timelimit");
  const nodeNames = new Set<string>();
  for (const j of records) for (const n of expandHostlist(j.nodeList)) nodeNames.add(n);
  const jobs = sacctJobTable(records);
  return {
    file,
    jobs,
    records,
    neverStarted,
    nodeNames,
    layout: {
      columnsFrom: table.columnsFrom,
      delimiter: table.delimiter,
      trailingDelimiter: table.trailingDelimiter,
    },
    columns: [...table.columns],
    counts: {
      lines: table.counts.records,
      jobs: records.length,
      steps: folded.steps,
      orphanSteps: folded.orphanSteps,
      hetComponents: folded.hetComponents,
      neverStarted: neverStarted.length,
      neverStartedBy,
      recovered: table.counts.recovered,
      noTimeLimit: hasLimit ? records.filter((j) => Number.isNaN(j.timelimit)).length : 0,
      endFromElapsed: folded.endFromElapsed,
      bom: table.bom,
      repeatedHeaders: table.counts.repeatedHeaders,
    },
  };
}

/** Slurm jobs as the Job File columns the cleaning reads (lib/io/autosubmit.ts), plus `nodes` and `line`. */
export function sacctJobTable(records: readonly SacctJob[]): ColumnTable {
  const col = <T>(f: (j: SacctJob) => T) => records.map(f);
  return aq.table({
    exp_id: col(() => NaN),
    exp_name: col(() => ""),
    job_name: col((j) => j.id),
    type: col((j) => j.partition),
    submit: col((j) => j.submit),
    start: col((j) => j.start),
    finish: col((j) => j.end),
    status: col((j) => j.state),
    wallclock: col((j) => (Number.isFinite(j.timelimit) ? wallclockText(Math.ceil(j.timelimit / 60)) : "")),
    procs: col((j) => (j.cpus > 0 ? j.cpus : NaN)),
    threads: col(() => NaN),
    tasks: col(() => NaN),
    queue: col((j) => j.partition),
    platform: col(() => ""),
    user: col((j) => j.user),
    account: col((j) => j.account),
    partition: col((j) => j.partition),
    nodes: col((j) => j.nodes),
    line: col((j) => j.line),
  } as unknown as Record<string, ArrayLike<unknown>>);
}

/**
 * Reads a sacct export (plain, or gzip by extension or magic bytes).
 * @throws `<file>: cannot read: …`, `<file>: invalid gzip: …`, or the errors of {@link parseSacct}
 */
export function readSacct(file: string, options: SacctOptions = {}): SacctDump {
  return parseSacct(readFileBytes(file, "sacct export").toString("utf8"), file, options);
}

/** The machine of a sacct export and where its size came from. */
export interface SacctMachine {
  nodes: number;
  coresPerNode: number;
  origin: string;
}

/**
 * The machine: the caller's (a `MACHINE` parameter) field by field; else the distinct nodes in the
 * jobs' NodeList (or the widest job's nodes) and the most processors per node any job used.
 * @throws `invalid machine: …` when nothing gives a size
 */
export function sacctMachine(
  d: SacctDump,
  machine?: { nodes?: number; coresPerNode?: number },
): SacctMachine {
  let widest = 0,
    perNode = 0;
  for (const j of d.records) {
    if (j.nodes > 0) widest = Math.max(widest, j.nodes);
    if (j.nodes > 0 && j.cpus > 0) perNode = Math.max(perNode, Math.ceil(j.cpus / j.nodes));
  }
  const inferredNodes = d.nodeNames.size || widest;
  const nodes = machine?.nodes ?? inferredNodes;
  const cores = machine?.coresPerNode ?? perNode;
  if (!(Number.isInteger(nodes) && nodes > 0 && Number.isInteger(cores) && cores > 0)) {
    throw new Error(
      `invalid machine: ${JSON.stringify(machine ?? null)}; expected { nodes, coresPerNode } for ${d.file} (its jobs name ${d.nodeNames.size} nodes and use at most ${perNode} processors per node; set MACHINE)`,
    );
  }
  const what = [
    machine?.nodes !== undefined
      ? "nodes from the caller"
      : d.nodeNames.size
        ? `${inferredNodes} nodes named in the jobs' NodeList`
        : `the widest job's ${widest} nodes`,
    machine?.coresPerNode !== undefined
      ? "cores per node from the caller"
      : `${perNode} cores per node (the most processors per node a job used)`,
  ];
  return {
    nodes,
    coresPerNode: cores,
    origin:
      machine?.nodes !== undefined && machine.coresPerNode !== undefined
        ? "caller"
        : `inferred: ${what.join(", ")}`,
  };
}
