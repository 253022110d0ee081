/**
 * sacct's lines → jobs. Each line is typed (sacct(1)'s value formats: lib/io/sacct-cells.ts), then:
 *
 * - a step (`123.batch`, `123.extern`, `123.0`, `123_4.batch`, `123+1.0`) is folded into its job (its
 *   name kept in `steps`); a step whose job has no line is counted as an orphan, not loaded;
 * - the components of a heterogeneous job (`123+0`, `123+1`: allocations that start together) are
 *   folded into one job `123`: CPUs, nodes and TRES summed (ReqMem too when it is the whole job's),
 *   the earliest submit and start, the latest end, the longest limit, the leader's (`+0`) state,
 *   name, user, account and partition; a new `+0` starts a new job (a requeued one, `--duplicates`);
 * - an array task (`123_4`) is a job of its own; an array's not yet split remainder (`123_[5-7]`)
 *   never ran;
 * - `CANCELLED by 1000` → state CANCELLED, `cancelledBy` 1000 (a uid);
 * - processors: the first of AllocCPUS, NCPUS, AllocTRES cpu= that is above 0, else ReqCPUS, else
 *   ReqTRES cpu=; nodes: the first of NNodes, AllocNodes, AllocTRES node= above 0, else the count of
 *   NodeList's hosts; else missing; ReqNodes as the nodes asked;
 * - End missing (Unknown) with Start and Elapsed known, for a job no longer running: End = Start + Elapsed;
 * - Flags (`SchedMain,StartRecieved`: slurmdb_job_flags_str in Slurm's slurmdb_defs.c) split at the
 *   commas, kept when the column is there and not empty (a heterogeneous job keeps its leader's), as
 *   are Reservation, Constraints and SubmitLine (read: lib/io/submit-line.ts); ReqGRES and AllocGRES
 *   (Slurm ≤ 20.02: lib/io/slurm-gres.ts) kept whenever the export has them, [] for a job without
 *   GRES (a heterogeneous job's components' items joined).
 */
import type { ParsableTable } from "./parsable";
import { expandHostlist } from "./hostlist";
import { SacctCells } from "./sacct-cells";
import type { JobGres } from "./slurm-gres";
import { parseSlurmJobId } from "./slurm-job-id";
import { type ReqMem, type SlurmTres, addTres, parseReqMem } from "./slurm-tres";
import type { SubmitRequest } from "./submit-line";
import { invalidField } from "../util/errors";

/** One job of a sacct export (steps and heterogeneous components folded in). Times epoch seconds, NaN when missing. */
export interface SacctJob {
  /** `123`, `123_4`, `123_[5-7]`; a heterogeneous job's number alone. */
  id: string;
  /** The job's (array's, heterogeneous job's) number. */
  jobId: number;
  /** Array task (`"4"`, `"[5-7]"`), undefined outside arrays. */
  arrayTask?: string;
  /** Components folded in (0 outside heterogeneous jobs). */
  hetComponents: number;
  name: string;
  user: string;
  account: string;
  partition: string;
  qos: string;
  /** State without `by <uid>`: COMPLETED, FAILED, CANCELLED, TIMEOUT, PENDING, RUNNING, … */
  state: string;
  /** The uid that cancelled it (`CANCELLED by <uid>`). */
  cancelledBy?: number;
  submit: number;
  eligible: number;
  start: number;
  end: number;
  /** Elapsed, seconds. */
  elapsed: number;
  /** Time limit, seconds; NaN for UNLIMITED / Partition_Limit / none. */
  timelimit: number;
  /** Processors the job ran on (allocated; requested when no allocation is given). */
  cpus: number;
  /** Processors requested (ReqCPUS), NaN when absent. */
  reqCpus: number;
  /** Nodes (NNodes, AllocNodes, AllocTRES node= or NodeList), NaN when none gives them. */
  nodes: number;
  /** Nodes requested (ReqNodes), NaN when absent. */
  reqNodes: number;
  /** ReqMem: the memory asked, and per what (see lib/io/slurm-tres.ts). */
  reqMem?: ReqMem;
  allocTres?: SlurmTres;
  reqTres?: SlurmTres;
  /** ReqGRES items (Slurm ≤ 20.02); undefined when the export has no ReqGRES, [] for none. */
  reqGres?: JobGres[];
  /** AllocGRES items (Slurm ≤ 20.02), the whole job's; undefined when the export has no AllocGRES, [] for none. */
  allocGres?: JobGres[];
  /** NodeList as printed (`None assigned` for a job that got no nodes). */
  nodeList: string;
  /** Steps folded in (`batch`, `extern`, `0`, …). */
  steps: string[];
  /**
   * sacct's Flags split at the commas: the scheduler that started it (`SchedSubmit`, `SchedMain`,
   * `SchedBackfill`, `SchedNotSet`), `StartRecieved` (Slurm's spelling); `["None"]` for none.
   */
  flags?: string[];
  /** The reservation it ran in (sacct's Reservation). */
  reservation?: string;
  /** Its `--constraint` feature expression (sacct's Constraints). */
  constraints?: string;
  /** What its SubmitLine states (Slurm 21.08 and later; lib/io/submit-line.ts). */
  submitted?: SubmitRequest;
  /** The line of its (first) record. */
  line: number;
}

/** What folding did, by reason. */
export interface SacctFolding {
  jobs: SacctJob[];
  /** Step lines folded into their job. */
  steps: number;
  /** Step lines whose job has no line (not loaded), and the first such line. */
  orphanSteps: number;
  firstOrphanLine?: number;
  /** Heterogeneous component lines folded into the job of their first component. */
  hetComponents: number;
  /** Jobs whose End was set to Start + Elapsed. */
  endFromElapsed: number;
}

const sum = (a: number, b: number) => (Number.isFinite(a) ? a + (Number.isFinite(b) ? b : 0) : b);

/** The first value above 0, else NaN. */
function firstPositive(...xs: (number | undefined)[]): number {
  for (const x of xs) if (x !== undefined && x > 0) return x;
  return NaN;
}

/**
 * Types every line and folds steps and heterogeneous components (see the module comment).
 * @throws `<file>:<line>: invalid <column>: …` for a value that is not what sacct prints there
 */
export function sacctJobs(table: ParsableTable): SacctFolding {
  const file = table.file;
  const cells = new SacctCells(table, file);
  const byId = new Map<string, SacctJob>();
  const stepsOf = new Map<string, { names: string[]; line: number }>();
  const out: SacctFolding = { jobs: [], steps: 0, orphanSteps: 0, hetComponents: 0, endFromElapsed: 0 };
  for (const row of table.records()) {
    const rawId = cells.at(row).get("JobID");
    const id = parseSlurmJobId(rawId);
    if (!id)
      throw invalidField(
        file,
        row.line,
        "JobID",
        rawId,
        "a job id such as 123, 123_4, 123_[1-3%2], 123+1 or a step 123.batch",
      );
    const key = id.hetOffset === undefined ? id.job : String(id.jobId);
    if (id.step !== undefined) {
      const s = stepsOf.get(key) ?? { names: [], line: row.line };
      s.names.push(id.step);
      stepsOf.set(key, s);
      out.steps++;
      continue;
    }
    const job = typed(cells, id.jobId, key, id.arrayTask);
    const seen = byId.get(key);
    if (seen && id.hetOffset !== undefined && id.hetOffset > 0) {
      fold(seen, job);
      out.hetComponents++;
      continue;
    }
    if (id.hetOffset !== undefined) job.hetComponents = 1;
    byId.set(key, job);
    out.jobs.push(job);
  }
  for (const [key, s] of stepsOf) {
    const job = byId.get(key);
    if (job) job.steps.push(...s.names);
    else {
      out.steps -= s.names.length;
      out.orphanSteps += s.names.length;
      out.firstOrphanLine = Math.min(out.firstOrphanLine ?? Infinity, s.line);
    }
  }
  for (const j of out.jobs) {
    if (
      Number.isNaN(j.end) &&
      Number.isFinite(j.start) &&
      Number.isFinite(j.elapsed) &&
      !/^(RUNNING|SUSPENDED)$/.test(j.state)
    ) {
      j.end = j.start + j.elapsed;
      out.endFromElapsed++;
    }
  }
  return out;
}

function typed(c: SacctCells, jobId: number, key: string, arrayTask: string | undefined): SacctJob {
  const line = c.line;
  const stateText = c.get("State");
  const st = /^([A-Z_]+)(?: by (\d+))?\+?$/.exec(stateText);
  if (!st)
    throw invalidField(
      c.file,
      line,
      "State",
      stateText,
      "a Slurm job state such as COMPLETED or CANCELLED by 1000",
    );
  const allocTres = c.tres("AllocTRES"),
    reqTres = c.tres("ReqTRES");
  const reqCpus = c.count("ReqCPUS");
  const nodeList = c.get("NodeList");
  let cpus = firstPositive(c.count("AllocCPUS"), c.count("NCPUS"), allocTres?.cpu);
  if (Number.isNaN(cpus)) cpus = firstPositive(reqCpus, reqTres?.cpu);
  let nodes = firstPositive(c.count("NNodes"), c.unitCount("AllocNodes"), allocTres?.node);
  if (Number.isNaN(nodes) && nodeList !== "" && nodeList !== "None assigned")
    nodes = firstPositive(expandHostlist(nodeList).length);
  const reqMem = c.get("ReqMem");
  const job: SacctJob = {
    id: key,
    jobId,
    hetComponents: 0,
    name: c.get("JobName"),
    user: c.get("User"),
    account: c.get("Account"),
    partition: c.get("Partition"),
    qos: c.get("QOS"),
    state: st[1],
    submit: c.time("Submit"),
    eligible: c.time("Eligible"),
    start: c.time("Start"),
    end: c.time("End"),
    elapsed: c.duration("Elapsed"),
    timelimit: c.duration("Timelimit"),
    cpus,
    reqCpus,
    nodes,
    reqNodes: c.unitCount("ReqNodes"),
    nodeList,
    steps: [],
    line,
  };
  if (arrayTask !== undefined) job.arrayTask = arrayTask;
  const flags = c.get("Flags");
  if (flags !== "") job.flags = flags.split(",");
  if (c.get("Reservation") !== "") job.reservation = c.get("Reservation");
  if (c.get("Constraints") !== "") job.constraints = c.get("Constraints");
  const submitted = c.submitLine();
  if (submitted) job.submitted = submitted;
  const reqGres = c.gres("ReqGRES"),
    allocGres = c.gres("AllocGRES");
  if (reqGres) job.reqGres = reqGres;
  if (allocGres) job.allocGres = allocGres;
  if (st[2] !== undefined) job.cancelledBy = Number(st[2]);
  if (reqMem !== "") job.reqMem = parseReqMem(reqMem, { file: c.file, line });
  if (allocTres) job.allocTres = allocTres;
  if (reqTres) job.reqTres = reqTres;
  return job;
}

/** Folds a heterogeneous job's later component into the job of its first. */
function fold(job: SacctJob, c: SacctJob): void {
  job.hetComponents++;
  job.cpus = sum(job.cpus, c.cpus);
  job.reqCpus = sum(job.reqCpus, c.reqCpus);
  job.reqNodes = sum(job.reqNodes, c.reqNodes);
  if (job.reqGres && c.reqGres) job.reqGres = [...job.reqGres, ...c.reqGres];
  if (job.allocGres && c.allocGres) job.allocGres = [...job.allocGres, ...c.allocGres];
  job.nodes = sum(job.nodes, c.nodes);
  job.submit = Math.min(job.submit, c.submit);
  job.start = Number.isNaN(job.start)
    ? c.start
    : Number.isNaN(c.start)
      ? job.start
      : Math.min(job.start, c.start);
  job.end = Number.isNaN(job.end) || Number.isNaN(c.end) ? NaN : Math.max(job.end, c.end);
  job.elapsed = Math.max(job.elapsed, c.elapsed);
  if (c.allocTres) job.allocTres = job.allocTres ? addTres(job.allocTres, c.allocTres) : c.allocTres;
  if (c.reqTres) job.reqTres = job.reqTres ? addTres(job.reqTres, c.reqTres) : c.reqTres;
  if (job.reqMem && c.reqMem && job.reqMem.per === "job" && c.reqMem.per === "job")
    job.reqMem = { mib: job.reqMem.mib + c.reqMem.mib, per: "job" };
  job.timelimit = Math.max(job.timelimit, c.timelimit);
  if (c.nodeList !== "" && c.nodeList !== "None assigned")
    job.nodeList =
      job.nodeList === "" || job.nodeList === "None assigned" ? c.nodeList : `${job.nodeList},${c.nodeList}`;
}
