/**
 * A log's jobs, as few fields as a scheduler's log has, made a source like a sacct export's: the
 * cleaning's job table, the machine (the caller's, else the one the jobs imply: the nodes they ran
 * on, the most CPUs per node a job used) and a Slurm site's records, so notebook 18 replays it too.
 * What a new log format's reader (lib/source/source.ts `SourceReader`) calls once it has read its
 * lines: the reader knows the format, this knows the rest.
 */
import * as path from "node:path";
import { type SacctDump, sacctJobTable } from "../io/sacct";
import type { SacctJob } from "../io/sacct-jobs";
import { expandHostlist } from "../io/hostlist";
import { invalidArgument } from "../util/errors";
import { sacctSource } from "./sacct-reader";
import type { Source, SourceSpec } from "./source";

/** One job of a log (times in epoch seconds, or any common origin; durations in seconds). */
export interface LogJob {
  id: string;
  submit: number;
  start: number;
  end: number;
  /** Processors it held. */
  cpus: number;
  /** Nodes it held. */
  nodes: number;
  /** Defaults to "". */
  user?: string;
  /** Defaults to the user. */
  account?: string;
  /** Defaults to "". */
  partition?: string;
  /** Defaults to "". */
  qos?: string;
  /** Defaults to "COMPLETED". */
  state?: string;
  /** When it could start. Defaults to its submit. */
  eligible?: number;
  /** Time limit, seconds. Defaults to none (the cleaning and the replay take its run time). */
  limit?: number;
  /** The nodes it ran on, a Slurm hostlist (`n[1-2]`). Defaults to none. */
  nodeList?: string;
}

/**
 * A source of a log's jobs (see the module comment).
 * @param options the file they were read from (named in errors and provenance); the machine, field
 *   by field over the one the jobs imply
 * @throws `<file>: invalid job <i>: …` for a job without an id, times or a processor count
 */
export function logSource(
  spec: SourceSpec,
  jobs: readonly LogJob[],
  options: { file?: string; machine?: { nodes?: number; coresPerNode?: number } } = {},
): Source {
  const file = options.file ?? spec.path ?? spec.text;
  const records = jobs.map((j, i): SacctJob => {
    if (typeof j.id !== "string" || j.id === "" || ![j.submit, j.start, j.end].every(Number.isFinite))
      throw invalidArgument(`${file}: job ${i}`, j, "an id and finite submit, start and end seconds");
    if (!(j.cpus >= 1) || !(j.nodes >= 1))
      throw invalidArgument(`${file}: job ${j.id}`, j, "cpus and nodes of at least 1");
    const user = j.user ?? "";
    return {
      id: j.id,
      jobId: Number(/^\d+/.exec(j.id)?.[0] ?? i + 1),
      hetComponents: 0,
      name: j.id,
      user,
      account: j.account ?? user,
      partition: j.partition ?? "",
      qos: j.qos ?? "",
      state: j.state ?? "COMPLETED",
      submit: j.submit,
      eligible: j.eligible ?? j.submit,
      start: j.start,
      end: j.end,
      elapsed: j.end - j.start,
      timelimit: j.limit ?? NaN,
      cpus: j.cpus,
      reqCpus: j.cpus,
      nodes: j.nodes,
      reqNodes: j.nodes,
      nodeList: j.nodeList ?? "",
      steps: [],
      line: i + 1,
    };
  });
  const nodeNames = new Set(records.flatMap((r) => (r.nodeList ? expandHostlist(r.nodeList) : [])));
  const dump: SacctDump = {
    file,
    jobs: sacctJobTable(records),
    records,
    neverStarted: [],
    nodeNames,
    layout: { columnsFrom: path.basename(file), delimiter: "", trailingDelimiter: false },
    columns: [],
    counts: {
      lines: records.length,
      jobs: records.length,
      steps: 0,
      orphanSteps: 0,
      hetComponents: 0,
      neverStarted: 0,
      neverStartedBy: {},
      recovered: 0,
      noTimeLimit: records.filter((r) => Number.isNaN(r.timelimit)).length,
      endFromElapsed: 0,
      bom: 0,
      repeatedHeaders: 0,
    },
  };
  const src = sacctSource(spec, dump, options.machine);
  return { ...src, description: src.description.replace(/^sacct export /, "log ") };
}
