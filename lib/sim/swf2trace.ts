/**
 * Export of a sample in the input format of the BSC Slurm simulator's `swf2trace` (thesis
 * Appendix A.2): one job per line, 12 comma-separated integers — job id, submit time, 0, running
 * minutes, −1, −1, −1, total cores, planned minutes, −1, 1, 1 — and an empty line at the end
 * (the parser ignores the last job otherwise).
 */
import type { JobRecord } from "../io/job-record";
import { invalidArgument } from "../util/errors";

/** Options of {@link formatSwf2TraceInput}. */
export interface Swf2TraceOptions {
  /** Cores per node (total cores = nnodes × coresPerNode). Defaults to 48 (MareNostrum4). */
  coresPerNode?: number;
  /** Submit times: "zero" (the thesis's samples, all at t = 0) or "record". Defaults to "zero". */
  submit?: "zero" | "record";
  /** Field separator. Defaults to ",". */
  separator?: string;
}

/**
 * The swf2trace input text of a list of jobs; job ids are 1, 2, … in list order (the BSC tool wants
 * integers). Running minutes are rounded up so a job never runs for 0 minutes unless its rtime is 0.
 */
export function formatSwf2TraceInput(jobs: readonly JobRecord[], options: Swf2TraceOptions = {}): string {
  const cpn = options.coresPerNode ?? 48;
  if (!(Number.isInteger(cpn) && cpn >= 1)) throw invalidArgument("coresPerNode", cpn, "an integer >= 1");
  const sep = options.separator ?? ",";
  const zero = (options.submit ?? "zero") === "zero";
  const lines = jobs.map((j, k) => {
    if (!(Number.isInteger(j.minutes) && j.minutes >= 1))
      throw invalidArgument(`jobs[${k}].minutes`, j.minutes, "an integer >= 1");
    const submit = zero ? 0 : Math.round(j.submit);
    return [k + 1, submit, 0, Math.ceil(j.rtime), -1, -1, -1, j.nnodes * cpn, j.minutes, -1, 1, 1].join(sep);
  });
  return lines.join("\n") + "\n\n";
}
