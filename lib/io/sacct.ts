/**
 * Slurm's own accounting output: `sacct --parsable2` (pipe-separated, a header line naming the
 * `--format` columns in any order) → the Job File columns the cleaning pipeline reads (the same
 * schema as an SWF log through lib/io/swf-jobs.ts), so `SOURCE = "sacct:<file>"` works wherever an
 * SWF trace does. Per line:
 *
 * - `JobID`: `123` or an array task `123_4` is a job; steps (`123.batch`, `123.extern`, `123.0`) are
 *   dropped and counted; a pending array's `123_[5-7]` is kept as one job (it never ran: the cleaning
 *   drops it as not completed).
 * - `Submit`/`Eligible`/`Start`/`End`: ISO `YYYY-MM-DDTHH:MM:SS` read as UTC (only differences
 *   matter), `Unknown`/`None` → missing. Without `Start`, nothing can be cleaned: an error names it.
 * - `Elapsed`, `Timelimit`: `[D-]HH:MM:SS`, `MM:SS` or `MM:SS.mmm`; `UNLIMITED`, `Partition_Limit`,
 *   `INVALID` → missing (counted). `End` missing but `Elapsed` known → End = Start + Elapsed.
 * - `State`: `CANCELLED by 123` → `CANCELLED`; the others as printed (`COMPLETED`, `TIMEOUT`, …).
 * - processors: `NCPUS` (allocated), else `ReqCPUS`; nodes: `NNodes`, else `AllocNodes`.
 * Bad values name the file, line and field.
 */
import * as aq from "arquero";
import { expandHostlist } from "./hostlist";
import { wallclockText } from "./autosubmit";
import { readFileBytes } from "./read-file";
import type { ColumnTable } from "arquero";
import { invalidField } from "../util/errors";

/** What the reader did with the lines, by reason (every data line is counted once). */
export interface SacctCounts {
  /** Data lines (not the header, not blank). */
  lines: number;
  /** Jobs read (lines minus steps). */
  jobs: number;
  /** Job steps dropped (`.batch`, `.extern`, `.N`). */
  steps: number;
  /** Jobs whose time limit is UNLIMITED / Partition_Limit / INVALID (left missing). */
  noTimeLimit: number;
  /** Jobs whose End was missing and was set to Start + Elapsed. */
  endFromElapsed: number;
  /** Jobs with a UTF-8 byte-order mark removed (0 or 1: the file's). */
  bom: number;
}

/** A parsed sacct dump. */
export interface SacctDump {
  file: string;
  /** Job File columns (see lib/io/autosubmit.ts), one row per job, in file order. */
  jobs: ColumnTable;
  /** Allocated nodes per job (NNodes), for the machine's size. */
  nodes: Float64Array;
  /** Node names the jobs ran on (NodeList expanded), when the dump has NodeList. */
  nodeNames: Set<string>;
  counts: SacctCounts;
}

const REQUIRED = ["JobID", "Submit", "Start", "State"] as const;

/** The words sacct prints for a time or limit without a value. */
const NO_VALUE = /^(|UNLIMITED|Partition_Limit|INVALID|None|Unknown)$/i;

/** `[D-]HH:MM:SS`, `HH:MM:SS`, `MM:SS(.mmm)` → seconds; UNLIMITED / Partition_Limit / INVALID / empty (or anything else) → NaN. */
export function slurmDuration(v: string): number {
  const m = /^(?:(\d+)-)?(?:(\d+):)?(\d+):(\d+(?:\.\d+)?)$/.exec(v.trim());
  if (!m) return NaN;
  return (Number(m[1] ?? 0) * 24 + Number(m[2] ?? 0)) * 3600 + Number(m[3]) * 60 + Number(m[4]);
}

/** sacct's ISO local time (read as UTC) → epoch seconds; Unknown / None / empty → NaN. */
export function slurmTime(v: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(v.trim());
  if (!m) return NaN;
  return (
    Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) / 1000
  );
}

/**
 * Parses `sacct --parsable2` text.
 * @throws `<file>:1: invalid header: …` when a required column (JobID, Submit, Start, State) or both
 *   processor columns (NCPUS, ReqCPUS) are missing; `<file>:<line>: invalid <field>: …` for a bad value
 */
export function parseSacct(text: string, file = "sacct"): SacctDump {
  let bom = 0;
  if (text.startsWith("\uFEFF")) {
    text = text.slice(1);
    bom = 1;
  }
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const headAt = lines.findIndex((l) => l.trim() !== "");
  if (headAt < 0)
    throw invalidField(file, 1, "header", "", "a header line of sacct --parsable2 column names");
  const head = lines[headAt].split("|").map((h) => h.trim());
  const col = (name: string) => head.indexOf(name);
  for (const r of REQUIRED)
    if (col(r) < 0)
      throw invalidField(
        file,
        headAt + 1,
        "header",
        head.join("|"),
        `the columns ${REQUIRED.join(", ")} (sacct --parsable2 --format=…); missing ${r}`,
      );
  const cCpus = col("NCPUS") >= 0 ? col("NCPUS") : col("ReqCPUS");
  if (cCpus < 0) throw invalidField(file, headAt + 1, "header", head.join("|"), "NCPUS or ReqCPUS");
  const cNodes = col("NNodes") >= 0 ? col("NNodes") : col("AllocNodes");
  const c = {
    id: col("JobID"),
    submit: col("Submit"),
    start: col("Start"),
    end: col("End"),
    elapsed: col("Elapsed"),
    limit: col("Timelimit"),
    state: col("State"),
    user: col("User"),
    account: col("Account"),
    partition: col("Partition"),
    nodeList: col("NodeList"),
  };
  const counts: SacctCounts = { lines: 0, jobs: 0, steps: 0, noTimeLimit: 0, endFromElapsed: 0, bom };
  const rows = {
    exp_id: [] as number[],
    exp_name: [] as string[],
    job_name: [] as string[],
    type: [] as string[],
    submit: [] as number[],
    start: [] as number[],
    finish: [] as number[],
    status: [] as string[],
    wallclock: [] as string[],
    procs: [] as number[],
    threads: [] as number[],
    tasks: [] as number[],
    queue: [] as string[],
    platform: [] as string[],
    user: [] as string[],
    account: [] as string[],
    partition: [] as string[],
    line: [] as number[],
  };
  const nodes: number[] = [];
  const nodeNames = new Set<string>();
  for (let k = headAt + 1; k < lines.length; k++) {
    const line = lines[k];
    if (line.trim() === "") continue;
    const lineNo = k + 1;
    counts.lines++;
    const f = line.split("|");
    if (f.length !== head.length)
      throw invalidField(file, lineNo, "line", `${f.length} fields`, `${head.length} fields like the header`);
    const get = (i: number) => (i >= 0 ? f[i].trim() : "");
    const id = get(c.id);
    if (!/^\d+(_(\d+|\[[^\]]*\]))?(\.[\w-]+)?$/.test(id))
      throw invalidField(
        file,
        lineNo,
        "JobID",
        id,
        "a job id such as 123, 123_4, 123_[5-7] or a step 123.batch",
      );
    if (/\.[\w-]+$/.test(id)) {
      counts.steps++;
      continue;
    }
    const time = (i: number, name: string) => {
      const v = get(i);
      const t = slurmTime(v);
      if (Number.isNaN(t) && !/^(|Unknown|None)$/i.test(v))
        throw invalidField(file, lineNo, name, v, "an ISO time YYYY-MM-DDTHH:MM:SS, Unknown or None");
      return t;
    };
    const dur = (i: number, name: string) => {
      const v = get(i);
      const d = slurmDuration(v);
      if (Number.isNaN(d) && !NO_VALUE.test(v))
        throw invalidField(file, lineNo, name, v, "[D-]HH:MM:SS, MM:SS, UNLIMITED or Partition_Limit");
      return d;
    };
    const submit = time(c.submit, "Submit");
    const start = time(c.start, "Start");
    let end = c.end >= 0 ? time(c.end, "End") : NaN;
    const elapsed = c.elapsed >= 0 ? dur(c.elapsed, "Elapsed") : NaN;
    if (Number.isNaN(end) && Number.isFinite(start) && Number.isFinite(elapsed)) {
      end = start + elapsed;
      counts.endFromElapsed++;
    }
    const limit = c.limit >= 0 ? dur(c.limit, "Timelimit") : NaN;
    if (c.limit >= 0 && Number.isNaN(limit)) counts.noTimeLimit++;
    const cpusText = get(cCpus);
    const cpus = Number(cpusText);
    if (!/^\d+$/.test(cpusText))
      throw invalidField(file, lineNo, head[cCpus], cpusText, "a whole number of processors");
    const nn = cNodes >= 0 && /^\d+$/.test(get(cNodes)) ? Number(get(cNodes)) : NaN;
    const state = get(c.state)
      .replace(/ by \d+$/, "")
      .replace(/\+$/, "");
    rows.exp_id.push(NaN);
    rows.exp_name.push("");
    rows.job_name.push(id);
    rows.type.push(get(c.partition));
    rows.submit.push(submit);
    rows.start.push(start);
    rows.finish.push(end);
    rows.status.push(state);
    rows.wallclock.push(Number.isFinite(limit) ? wallclockText(Math.ceil(limit / 60)) : "");
    rows.procs.push(cpus > 0 ? cpus : NaN);
    rows.threads.push(NaN);
    rows.tasks.push(NaN);
    rows.queue.push(get(c.partition));
    rows.platform.push("");
    rows.user.push(get(c.user));
    rows.account.push(get(c.account));
    rows.partition.push(get(c.partition));
    rows.line.push(lineNo);
    nodes.push(nn);
    if (c.nodeList >= 0) for (const n of expandHostlist(get(c.nodeList))) nodeNames.add(n);
    counts.jobs++;
  }
  return {
    file,
    jobs: aq.table(rows as unknown as Record<string, ArrayLike<unknown>>),
    nodes: Float64Array.from(nodes),
    nodeNames,
    counts,
  };
}

/**
 * Reads a sacct dump (plain, or gzip by extension or magic bytes).
 * @throws `<file>: cannot read: …`, `<file>: invalid gzip: …`, or the errors of {@link parseSacct}
 */
export function readSacct(file: string): SacctDump {
  return parseSacct(readFileBytes(file, "sacct dump").toString("utf8"), file);
}

/** The machine of a sacct dump and where its size came from. */
export interface SacctMachine {
  nodes: number;
  coresPerNode: number;
  origin: string;
}

/**
 * The machine: the caller's (a `MACHINE` parameter) field by field; else the distinct nodes in the
 * jobs' NodeList (or the widest job's NNodes) and the most processors per node any job used.
 * @throws `invalid machine: …` when nothing gives a size
 */
export function sacctMachine(
  d: SacctDump,
  machine?: { nodes?: number; coresPerNode?: number },
): SacctMachine {
  const procs = d.jobs.array("procs") as ArrayLike<number>;
  let widest = 0,
    perNode = 0;
  for (let i = 0; i < d.nodes.length; i++) {
    if (d.nodes[i] > 0) widest = Math.max(widest, d.nodes[i]);
    if (d.nodes[i] > 0 && procs[i] > 0) perNode = Math.max(perNode, Math.ceil(procs[i] / d.nodes[i]));
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
