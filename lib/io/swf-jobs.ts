/**
 * An SWF trace mapped into the Autosubmit Job File schema (thesis Table 7), so the same cleaning
 * pipeline runs on it. The mapping (SWF field numbers 1-based):
 *
 * | job-file column | from SWF | notes |
 * |---|---|---|
 * | exp_id, exp_name | — | missing (NaN, ""): SWF has no experiments; the experiment filter does not apply |
 * | job_name | f1 job number | as a string |
 * | type | f15 queue name, else f16 partition name | SWF has no job type; "" when both are −1 |
 * | submit | UnixStartTime + f2 | trace-relative f2 when the header has no UnixStartTime; −1 → NaN |
 * | start | submit + f3 wait | f3 = −1 → NaN (or submit with `missingWait: "zero"`) |
 * | finish | start + f4 runtime | f4 = −1 → NaN |
 * | status | f11: 1 COMPLETED, 0 FAILED, 5 CANCELLED | other codes → `STATUS_<code>`, −1 → UNKNOWN |
 * | wallclock | f9 requested time, rounded up to whole minutes, as HH:mm | f9 ≤ 0 → "" |
 * | procs | f8 requested processors, else f5 allocated | per `procs` option; ≤ 0 → NaN |
 * | threads, tasks | — | missing |
 * | queue | f15 queue name, else f16 partition name | the QoS stand-in (README of the traces) |
 * | platform | — | "" (the platform filter does not apply) |
 * | user, account, partition | f12 user, f13 group, f16 partition name | `u<id>`, `g<id>`; "" when −1 |
 * | line | the job's line in the file | for drop reports (NaN when the trace does not know it) |
 *
 * Not in SWF at all: experiments, job types, QoS wallclock defaults, threads/tasks.
 */
import * as aq from "arquero";
import type { ColumnTable } from "arquero";
import { invalidArgument } from "../util/errors";
import { keyword } from "../util/options";
import type { Machine } from "./job-record";
import { wallclockText } from "./autosubmit";
import type { SwfTrace } from "./swf";

/** Options of {@link swfToJobTable}. */
export interface SwfMappingOptions {
  /**
   * Which processor count becomes `procs`: "requested" (f8), "allocated" (f5), or
   * "requested-else-allocated" (f8 when present, else f5). Defaults to "requested-else-allocated".
   */
  procs?: "requested" | "allocated" | "requested-else-allocated";
  /**
   * A missing wait time (f3 = −1): "missing" leaves start/finish unknown (the pipeline then drops the
   * job, counted), "zero" starts the job at submit so its runtime stays usable (qtime is then 0 by
   * assumption; for logs that record no waits at all, e.g. LLNL-Atlas, NASA-iPSC). Defaults to "missing".
   */
  missingWait?: "missing" | "zero";
}

/** The SWF → Job File mapping of {@link swfToJobTable}, as rows for display. */
export const SWF_MAPPING: readonly { column: string; from: string; notes: string }[] = Object.freeze([
  {
    column: "exp_id, exp_name",
    from: "—",
    notes: "missing: SWF has no experiments; the experiment filter does not apply",
  },
  { column: "job_name", from: "f1 job number", notes: "as a string" },
  { column: "type", from: "f15 queue name, else f16 partition name", notes: "SWF has no job type" },
  {
    column: "submit",
    from: "UnixStartTime + f2",
    notes: "trace-relative f2 without UnixStartTime; −1 → missing",
  },
  {
    column: "start",
    from: "submit + f3 wait",
    notes: 'f3 = −1 → missing (or submit, with missingWait: "zero")',
  },
  { column: "finish", from: "start + f4 runtime", notes: "f4 = −1 → missing" },
  {
    column: "status",
    from: "f11",
    notes: "1 COMPLETED, 0 FAILED, 5 CANCELLED, −1 UNKNOWN, other STATUS_<code>",
  },
  {
    column: "wallclock",
    from: "f9 requested time",
    notes: "rounded up to whole minutes, HH:mm; f9 ≤ 0 → empty",
  },
  {
    column: "procs",
    from: "f8 requested processors, else f5 allocated",
    notes: "per the procs option; ≤ 0 → missing",
  },
  { column: "threads, tasks", from: "—", notes: "missing" },
  { column: "queue", from: "f15 queue name, else f16 partition name", notes: "the QoS stand-in" },
  { column: "platform", from: "—", notes: "empty: the platform filter does not apply" },
  {
    column: "user, account, partition",
    from: "f12, f13, f16",
    notes: "u<id>, g<id>, partition name; empty when −1",
  },
]);

function statusName(code: number): string {
  if (code === 1) return "COMPLETED";
  if (code === 0) return "FAILED";
  if (code === 5) return "CANCELLED";
  if (code === -1) return "UNKNOWN";
  return `STATUS_${code}`;
}

/**
 * Maps an SWF trace into Job File columns (see the module table). Rows keep the trace's
 * (submit-sorted) order; nothing is dropped here (the cleaning pipeline counts every drop).
 */
export function swfToJobTable(trace: SwfTrace, options: SwfMappingOptions = {}): ColumnTable {
  const procsMode = keyword(options.procs ?? "requested-else-allocated", "procs", [
    "requested",
    "allocated",
    "requested-else-allocated",
  ] as const);
  const waitMode = keyword(options.missingWait ?? "missing", "missingWait", ["missing", "zero"] as const);
  const c = trace.columns;
  const n = trace.jobs;
  const base = trace.header.unixStartTime ?? 0;
  const name = (map: Map<number, string>, v: number) => (v < 0 ? "" : map.get(v) || String(v));
  const cols = {
    exp_id: new Float64Array(n).fill(NaN),
    exp_name: new Array<string>(n).fill(""),
    job_name: new Array<string>(n),
    type: new Array<string>(n),
    submit: new Float64Array(n),
    start: new Float64Array(n),
    finish: new Float64Array(n),
    status: new Array<string>(n),
    wallclock: new Array<string>(n),
    procs: new Float64Array(n),
    threads: new Float64Array(n).fill(NaN),
    tasks: new Float64Array(n).fill(NaN),
    queue: new Array<string>(n),
    platform: new Array<string>(n).fill(""),
    user: new Array<string>(n),
    account: new Array<string>(n),
    partition: new Array<string>(n),
    line: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    cols.job_name[i] = String(c.job[i]);
    cols.line[i] = trace.lineOf ? trace.lineOf[i] : NaN;
    const partition = name(trace.header.partitions, c.partition[i]);
    const queue = name(trace.header.queues, c.queue[i]) || partition;
    cols.type[i] = queue;
    cols.queue[i] = queue;
    cols.partition[i] = partition;
    const submit = c.submit[i] < 0 ? NaN : base + c.submit[i];
    const start = c.wait[i] >= 0 ? submit + c.wait[i] : waitMode === "zero" ? submit : NaN;
    cols.submit[i] = submit;
    cols.start[i] = start;
    cols.finish[i] = c.runtime[i] < 0 ? NaN : start + c.runtime[i];
    cols.status[i] = statusName(c.status[i]);
    cols.wallclock[i] = c.reqTime[i] > 0 ? wallclockText(Math.ceil(c.reqTime[i] / 60)) : "";
    const req = c.reqProcs[i] > 0 ? c.reqProcs[i] : NaN;
    const alloc = c.allocProcs[i] > 0 ? c.allocProcs[i] : NaN;
    cols.procs[i] =
      procsMode === "requested" ? req : procsMode === "allocated" ? alloc : Number.isNaN(req) ? alloc : req;
    cols.user[i] = c.user[i] < 0 ? "" : `u${c.user[i]}`;
    cols.account[i] = c.group[i] < 0 ? "" : `g${c.group[i]}`;
  }
  return aq.table(cols as unknown as Record<string, ArrayLike<unknown>>);
}

/** A trace's machine and where its size came from. */
export interface SwfMachine extends Machine {
  /** How the size was found: "caller", "header", or what was inferred and from what. */
  origin: string;
  /**
   * True when the node size is stated (the caller's, or a header whose MaxProcs is a whole multiple
   * of MaxNodes); false when it is inferred (mixed node sizes, or no header) — then no job may be
   * dropped as smaller than a node, because the node size is a guess.
   */
  nodeSizeStated: boolean;
}

/**
 * The node size of a header whose MaxProcs is not a whole multiple of MaxNodes (nodes of mixed
 * sizes): the largest divisor of MaxProcs not above the mean MaxProcs/MaxNodes — the common small
 * node of such machines (Curie: 93,312 / 5,544 = 16.8 → 16; 8- and 32-core nodes → 8, never 9;
 * 2- and 4-core nodes → 2, never 3).
 */
export function mixedNodeSize(maxProcs: number, maxNodes: number): number {
  const mean = Math.floor(maxProcs / maxNodes);
  for (let c = Math.max(1, mean); c > 1; c--) if (maxProcs % c === 0) return c;
  return 1;
}

/**
 * The machine of a trace, in this order:
 * 1. the caller's `machine` (a notebook's or study's `MACHINE` parameter) — it wins, field by field;
 * 2. the header: MaxNodes and MaxProcs/MaxNodes cores per node (1 when MaxProcs is absent); when
 *    MaxProcs is not a whole multiple of MaxNodes (mixed node sizes) the node size is inferred by
 *    {@link mixedNodeSize} and `nodeSizeStated` is false;
 * 3. inferred, when the header has no MaxNodes: MaxProcs nodes of one processor each (a log that
 *    counts processors only, e.g. a one-processor-per-node grid), or else the widest job's processor
 *    count (requested or allocated) as nodes of one processor. `origin` says which.
 * @throws `invalid machine: …` when nothing gives a size (no header, no caller, no job with a processor count)
 */
export function swfMachine(trace: SwfTrace, machine?: Partial<Machine>): SwfMachine {
  const h = trace.header;
  if (machine?.nodes !== undefined && machine.coresPerNode !== undefined) {
    checkMachine(trace, machine.nodes, machine.coresPerNode, "the caller's machine");
    return {
      nodes: machine.nodes,
      coresPerNode: machine.coresPerNode,
      origin: "caller",
      nodeSizeStated: true,
    };
  }
  let nodes: number | undefined,
    cores: number | undefined,
    origin: string,
    stated = false;
  if (h.maxNodes && h.maxProcs && h.maxProcs % h.maxNodes !== 0) {
    nodes = h.maxNodes;
    cores = mixedNodeSize(h.maxProcs, h.maxNodes);
    origin = `header (MaxNodes ${h.maxNodes}, MaxProcs ${h.maxProcs}); MaxProcs/MaxNodes = ${(h.maxProcs / h.maxNodes).toFixed(2)} is not whole (nodes of mixed sizes), so the node size ${cores} is inferred (the largest divisor of MaxProcs not above the mean) and jobs smaller than it are kept, one node each`;
  } else if (h.maxNodes) {
    nodes = h.maxNodes;
    cores = h.maxProcs ? h.maxProcs / h.maxNodes : 1;
    stated = true;
    origin = `header (MaxNodes ${h.maxNodes}${h.maxProcs ? `, MaxProcs ${h.maxProcs}` : ", no MaxProcs: one processor per node"})`;
  } else if (h.maxProcs) {
    nodes = h.maxProcs;
    cores = 1;
    origin = `inferred: no MaxNodes in the header, so MaxProcs ${h.maxProcs} nodes of one processor`;
  } else {
    let widest = 0;
    for (let i = 0; i < trace.jobs; i++)
      widest = Math.max(widest, trace.columns.reqProcs[i], trace.columns.allocProcs[i]);
    nodes = widest > 0 ? widest : undefined;
    cores = 1;
    origin = `inferred: no MaxNodes or MaxProcs in the header, so the widest job (${widest} processors) as nodes of one processor`;
  }
  if (machine?.nodes !== undefined) {
    nodes = machine.nodes;
    origin = `caller (nodes), ${origin}`;
  }
  if (machine?.coresPerNode !== undefined) {
    cores = machine.coresPerNode;
    stated = true;
    origin = `caller (cores per node), ${origin}`;
  }
  if (nodes === undefined || cores === undefined) {
    throw invalidArgument(
      "machine",
      machine ?? null,
      `{nodes, coresPerNode} for ${trace.file} (its header gives MaxNodes=${h.maxNodes ?? "none"}, MaxProcs=${h.maxProcs ?? "none"}, and no job has a processor count; set MACHINE)`,
    );
  }
  checkMachine(trace, nodes, cores, origin);
  return { nodes, coresPerNode: cores, origin, nodeSizeStated: stated };
}

function checkMachine(trace: SwfTrace, nodes: number, cores: number, what: string): void {
  if (!(Number.isInteger(nodes) && nodes > 0 && Number.isInteger(cores) && cores > 0)) {
    throw invalidArgument(
      "machine",
      { nodes, coresPerNode: cores },
      `whole numbers of nodes and cores per node ≥ 1 for ${trace.file} (${what})`,
    );
  }
}
