/**
 * A sacct export as a cleaning source (`SOURCE = "sacct:<file>"`, lib/clean/sources.ts): the
 * reader's job table (lib/io/sacct.ts), the machine, one line saying what was read and set apart,
 * and the reader's folding as the cleaning log's first rows (stage "read"), so that every record of
 * the file is accounted for: records = steps folded + heterogeneous components folded + orphan
 * steps + jobs that never started + jobs loaded.
 */
import * as path from "node:path";
import { type SacctDump, type SacctMachine, type SacctOptions, readSacct, sacctMachine } from "../io/sacct";
import type { LogRow } from "./pipeline";

/** A sacct export read for cleaning. */
export interface SacctSource {
  dump: SacctDump;
  machine: SacctMachine;
  /** One line: what the file is, what was folded or set apart, the machine and where it came from. */
  description: string;
  /** The reader's folding as log rows of stage "read". */
  readLog: LogRow[];
}

/**
 * Reads a sacct export for cleaning.
 * @param machine the caller's machine, field by field. Defaults to the one the jobs imply (see sacctMachine).
 * @throws the errors of readSacct and sacctMachine
 */
export function sacctSource(
  file: string,
  machine?: { nodes?: number; coresPerNode?: number },
  options: SacctOptions = {},
): SacctSource {
  const dump = readSacct(file, options);
  const m = sacctMachine(dump, machine);
  const n = dump.counts;
  const never = Object.entries(n.neverStartedBy).map(([why, k]) => `${k} ${why}`);
  const layout = `${dump.layout.columnsFrom === "header" ? "" : `, columns from ${dump.layout.columnsFrom}`}${dump.layout.delimiter === "|" ? "" : `, delimiter ${JSON.stringify(dump.layout.delimiter)}`}`;
  const k = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const description =
    `sacct export ${path.basename(file)} (Slurm accounting, real jobs${layout}): ${k(n.lines, "record", "records")}, ${k(n.steps, "job step", "job steps")} folded into their jobs` +
    `${n.hetComponents ? `, ${k(n.hetComponents, "heterogeneous component", "heterogeneous components")} folded` : ""}${n.orphanSteps ? `, ${k(n.orphanSteps, "step", "steps")} without their job` : ""}` +
    `${n.neverStarted ? `, ${k(n.neverStarted, "job", "jobs")} that never started set apart (${never.join(", ")})` : ""}, ${k(n.jobs, "job", "jobs")}` +
    `${n.recovered ? `, ${k(n.recovered, "record", "records")} with ${JSON.stringify(dump.layout.delimiter)} or a line break inside a free-text value recovered` : ""}` +
    `${n.noTimeLimit ? `, ${n.noTimeLimit} without a time limit (UNLIMITED/Partition_Limit)` : ""}${n.endFromElapsed ? `, ${k(n.endFromElapsed, "End time", "End times")} from Start + Elapsed` : ""}` +
    `; machine ${m.nodes} nodes × ${m.coresPerNode} cores (${m.origin})`;
  return { dump, machine: m, description, readLog: sacctReadLog(dump) };
}

/** The sacct reader's folding as log rows of stage "read": records in, jobs out, every record accounted for. */
function sacctReadLog(d: SacctDump): LogRow[] {
  const n = d.counts;
  const where = (lines: number[]) =>
    lines.length
      ? `lines ${lines.slice(0, 5).join(", ")}${lines.length > 5 ? ` (first 5 of ${lines.length})` : ""} of ${d.file}`
      : "";
  const steps: [string, string, number, string][] = [
    ["steps-folded", "job steps (123.batch, 123.extern, 123.0) folded into their job", n.steps, ""],
    ["het-folded", "heterogeneous job components (123+1) folded into their job (123)", n.hetComponents, ""],
    ["steps-orphan", "job steps whose job has no line (not loaded)", n.orphanSteps, ""],
    [
      "never-started",
      "jobs that never started (no start time, or no nodes assigned: pending or cancelled while pending) set apart, not loaded as jobs that waited",
      n.neverStarted,
      where(d.neverStarted.map((x) => x.job.line)),
    ],
  ];
  let rows = n.lines;
  return steps.map(([step, rule, removed, detail]) => {
    const row: LogRow = {
      stage: "read",
      step,
      rule,
      kind: "filter",
      rowsIn: rows,
      rowsOut: rows - removed,
      removed,
      changed: 0,
      ...(detail ? { detail } : {}),
    };
    rows -= removed;
    return row;
  });
}
