/**
 * A `sacct --parsable2` export of a Slurm cluster (lib/io/sacct.ts): `"sacct:<file>"`, or a file
 * whose first line is sacct's header. The reader's jobs (steps and heterogeneous components folded
 * in, jobs that never started set apart), the machine the jobs imply unless given, and the
 * reader's folding as the cleaning log's first steps, so every record of the file is accounted
 * for: records = steps folded + heterogeneous components folded + orphan steps + jobs that never
 * started + jobs loaded. As a site (lib/site) it is an export of sacct alone.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { type SacctDump, readSacct, sacctMachine } from "../io/sacct";
import type { Source, ReadStep, SourceReader } from "./source";

/** Whether the start of a file is a sacct parsable export's header (JobID first, `|` or TAB between). */
export function looksLikeSacct(head: string): boolean {
  const first = head.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0];
  return /^JobID(Raw)?[|\t\u001f]/.test(first);
}

/** The first bytes of a file as text ("" for a folder or a file that cannot be read). */
export function fileHead(file: string, bytes = 4096): string {
  try {
    if (!fs.statSync(file).isFile()) return "";
    const fd = fs.openSync(file, "r");
    try {
      const buf = Buffer.alloc(bytes);
      const n = fs.readSync(fd, buf, 0, bytes, 0);
      return buf.subarray(0, n).toString("utf8");
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return "";
  }
}

/** The sacct export's reader. */
export const SACCT_READER: SourceReader = {
  kind: "sacct",
  reads: '"sacct:<file>", or a file beginning with sacct --parsable2\'s header (JobID|…)',
  claim(text, resolved, root) {
    const m = /^sacct:(.+)$/.exec(text);
    if (m) return { kind: "sacct", text, path: path.resolve(root, m[1]) };
    return looksLikeSacct(fileHead(resolved)) ? { kind: "sacct", text, path: resolved } : undefined;
  },
  read(spec, options) {
    const file = spec.path!;
    const dump = readSacct(file, options.sacct);
    return sacctSource(spec, dump, options.machine);
  },
};

/**
 * A read sacct export as a source (also the jobs of an export folder).
 * @param machine the caller's machine, field by field. Defaults to the one the jobs imply (lib/io sacctMachine).
 */
export function sacctSource(
  spec: Source["spec"],
  dump: SacctDump,
  machine?: { nodes?: number; coresPerNode?: number },
  site: Source["site"] = {
    kind: "slurm",
    export: { dir: path.dirname(dump.file), sacct: dump, missing: [], files: [dump.file], notes: [] },
  },
): Source {
  const given = machine && Object.keys(machine).length ? machine : undefined;
  const m = sacctMachine(dump, given);
  const n = dump.counts;
  const never = Object.entries(n.neverStartedBy).map(([why, k]) => `${k} ${why}`);
  const layout = `${dump.layout.columnsFrom === "header" ? "" : `, columns from ${dump.layout.columnsFrom}`}${dump.layout.delimiter === "|" ? "" : `, delimiter ${JSON.stringify(dump.layout.delimiter)}`}`;
  const k = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const description =
    `sacct export ${path.basename(dump.file)} (Slurm accounting, real jobs${layout}): ${k(n.lines, "record", "records")}, ${k(n.steps, "job step", "job steps")} folded into their jobs` +
    `${n.hetComponents ? `, ${k(n.hetComponents, "heterogeneous component", "heterogeneous components")} folded` : ""}${n.orphanSteps ? `, ${k(n.orphanSteps, "step", "steps")} without their job` : ""}` +
    `${n.neverStarted ? `, ${k(n.neverStarted, "job", "jobs")} that never started set apart (${never.join(", ")})` : ""}, ${k(n.jobs, "job", "jobs")}` +
    `${n.recovered ? `, ${k(n.recovered, "record", "records")} with ${JSON.stringify(dump.layout.delimiter)} or a line break inside a free-text value recovered` : ""}` +
    `${n.noTimeLimit ? `, ${n.noTimeLimit} without a time limit (UNLIMITED/Partition_Limit)` : ""}${n.endFromElapsed ? `, ${k(n.endFromElapsed, "End time", "End times")} from Start + Elapsed` : ""}` +
    `; machine ${m.nodes} nodes × ${m.coresPerNode} cores (${m.origin})`;
  return {
    spec,
    description,
    synthetic: false,
    files: [dump.file],
    jobs: dump.jobs,
    machine: m,
    cleaning: { rules: "log", file: dump.file, minProcs: 1, status: "COMPLETED", debugQueues: [] },
    readLog: sacctReadLog(dump),
    site,
  };
}

/** The sacct reader's folding as read steps: records in, jobs out, every record accounted for. */
function sacctReadLog(d: SacctDump): ReadStep[] {
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
    const row: ReadStep = { step, rule, rowsIn: rows, rowsOut: rows - removed, removed };
    if (detail) row.detail = detail;
    rows -= removed;
    return row;
  });
}
