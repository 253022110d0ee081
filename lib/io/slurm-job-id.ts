/**
 * sacct's `JobID` (Slurm's `slurmdb_get_job_id_str` and `log_build_step_id_str`): a job `123`; an
 * array task `123_4`, or the not yet split remainder of an array `123_[1-3]`, `123_[1,5-7%2]`
 * (`%2`: at most two tasks at once); a heterogeneous job's component `123+0`, `123+1`; and after a
 * dot a step of any of them: `batch`, `extern`, `interactive`, `TDB` (a pending step) or a number,
 * itself possibly a heterogeneous step component (`123.0+1`).
 */

/** A parsed JobID. */
export interface SlurmJobId {
  /** The job's number: the array's or the heterogeneous job's (the leader's) id. */
  jobId: number;
  /** Array task: `"4"`, or the bracketed remainder `"[1-3]"`; undefined outside arrays. */
  arrayTask?: string;
  /** Heterogeneous job component offset (0, 1, …); undefined outside heterogeneous jobs. */
  hetOffset?: number;
  /** Step name (`batch`, `extern`, `interactive`, `TDB`, `0`, `0+1`); undefined for the job itself. */
  step?: string;
  /** The job the line belongs to, without its step and het offset: `123`, `123_4`, `123_[1-3]`. */
  job: string;
}

const JOB_ID = /^(\d+)(?:_(\d+|\[[\d,%:-]+\])|\+(\d+))?(?:\.(batch|extern|interactive|TDB|\d+)(\+\d+)?)?$/;

/** Parses a JobID; undefined when `v` is not one (see the module comment). */
export function parseSlurmJobId(v: string): SlurmJobId | undefined {
  const m = JOB_ID.exec(v.trim());
  if (!m) return undefined;
  const out: SlurmJobId = { jobId: Number(m[1]), job: m[2] === undefined ? m[1] : `${m[1]}_${m[2]}` };
  if (m[2] !== undefined) out.arrayTask = m[2];
  if (m[3] !== undefined) out.hetOffset = Number(m[3]);
  if (m[4] !== undefined) out.step = m[4] + (m[5] ?? "");
  return out;
}

/** True when `v` is a JobID. */
export function isSlurmJobId(v: string): boolean {
  return JOB_ID.test(v.trim());
}

/** The number of tasks an array's bracketed remainder stands for: `[1-3]` → 3, `[1,5-7%2]` → 4, `[0-9:3]` → 4. */
export function arrayTaskCount(task: string): number {
  if (!task.startsWith("[")) return 1;
  let n = 0;
  for (const part of task.slice(1, -1).replace(/%\d+$/, "").split(",")) {
    const r = /^(\d+)(?:-(\d+)(?::(\d+))?)?$/.exec(part);
    if (!r) continue;
    const lo = Number(r[1]),
      hi = Number(r[2] ?? r[1]),
      step = Number(r[3] ?? 1);
    if (hi >= lo && step > 0) n += Math.floor((hi - lo) / step) + 1;
  }
  return n;
}
