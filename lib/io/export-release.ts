/**
 * Which Slurm release wrote an export, for the defaults that moved between releases (bf_max_job_test
 * 100 → 500 and the backfill reservation's end rounded down → up at 21.08; slurm.conf's defaults,
 * lib/io/slurm-conf-site.ts). `scontrol show config` prints it (SLURM_VERSION); a slurm.conf and a
 * sacct export do not, so it is inferred from what sacct printed, each rule from sacct's source:
 * - ReqMem with a `c` or `n` suffix: printed up to 20.11 (21.08 prints the job's whole memory);
 * - ReqMem of a job's memory without a suffix: 21.08 or later;
 * - a ReqGRES or AllocGRES column: 17.11 to 20.02; a SubmitLine column: 21.08 or later;
 *   Constraints or Flags: 19.05 or later.
 * The inference gives the range the evidence allows, and reads it as its latest release when it is
 * bounded above (a site on 20.x reads as 20.11), else as its earliest; with no evidence, "" (the
 * readers then take 22.05's defaults). The basis is said.
 */
import type { SacctDump } from "./sacct";

/** A release as a number: 20.11 → 2011. */
const num = (v: string) => {
  const m = /^(\d+)\.(\d+)/.exec(v);
  return m ? Number(m[1]) * 100 + Number(m[2]) : NaN;
};

/** The releases of the range's ends. */
const RELEASES = ["17.11", "18.08", "19.05", "20.02", "20.11", "21.08", "22.05", "23.02", "23.11", "24.05"];

/** The Slurm release an export's sacct implies (see the module comment), and on what basis. */
export function exportRelease(sacct?: SacctDump): { version: string; basis: string } {
  if (!sacct) return { version: "", basis: "no sacct export: Slurm 22.05's defaults" };
  let low = 1711,
    high = Infinity;
  const why: string[] = [];
  const bound = (lo: number, hi: number, reason: string) => {
    low = Math.max(low, lo);
    high = Math.min(high, hi);
    why.push(reason);
  };
  const mem = sacct.records.filter((j) => j.reqMem !== undefined && !(j.reqMem.mib === 0));
  if (mem.some((j) => j.reqMem!.per !== "job"))
    bound(1711, 2011, "ReqMem with a c or n suffix (sacct up to 20.11)");
  else if (mem.length > 0) bound(2108, Infinity, "ReqMem without a suffix (sacct 21.08 and later)");
  const cols = new Set(sacct.columns);
  if (cols.has("ReqGRES") || cols.has("AllocGRES"))
    bound(1711, 2002, "a ReqGRES or AllocGRES column (17.11 to 20.02)");
  if (cols.has("SubmitLine")) bound(2108, Infinity, "a SubmitLine column (21.08 and later)");
  if (cols.has("Constraints") || cols.has("Flags"))
    bound(1905, Infinity, "a Constraints or Flags column (19.05 and later)");
  if (why.length === 0)
    return { version: "", basis: "nothing in sacct's export dates it: Slurm 22.05's defaults" };
  if (low > high)
    return { version: "", basis: `the evidence disagrees (${why.join("; ")}): Slurm 22.05's defaults` };
  const inRange = RELEASES.filter((r) => num(r) >= low && num(r) <= high);
  const version = Number.isFinite(high) ? inRange[inRange.length - 1] : inRange[0];
  return { version, basis: `Slurm ${version}, inferred: ${why.join("; ")}` };
}
