/**
 * `sprio -l` (Slurm's priority factors of pending jobs, a fixed-width table with a header line) →
 * one record per job: the header names the columns (JOBID, PARTITION, USER, PRIORITY, SITE, AGE,
 * ASSOC, FAIRSHARE, JOBSIZE, PARTITION, QOS, NICE, TRES — the second PARTITION is the partition
 * factor); numbers are parsed, TRES kept as text. Used to compare Slurm's factors with ours.
 */
import { invalidField } from "../util/errors";

/** One pending job's priority and factors (weighted, as sprio prints them). */
export interface SprioRecord {
  jobId: string;
  partition: string;
  user: string;
  priority: number;
  /** Factor columns by sprio's name (AGE, FAIRSHARE, JOBSIZE, PARTITION_FACTOR, QOS, NICE, SITE, ASSOC). */
  factors: Record<string, number>;
  tres: string;
}

/**
 * Parses `sprio -l` output.
 * @throws `<file>:<line>: invalid header: …` without JOBID/PRIORITY columns; `… invalid <COLUMN>: …` for a non-number
 */
export function parseSprio(text: string, file = "sprio"): SprioRecord[] {
  const lines = text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  const h = lines.findIndex((l) => l.trim() !== "");
  if (h < 0) return [];
  const names = lines[h].trim().split(/\s+/);
  if (!names.includes("JOBID") || !names.includes("PRIORITY"))
    throw invalidField(file, h + 1, "header", lines[h].trim(), "sprio -l's header (JOBID … PRIORITY …)");
  const firstPartition = names.indexOf("PARTITION");
  const keys = names.map((n, i) => (n === "PARTITION" && i !== firstPartition ? "PARTITION_FACTOR" : n));
  const out: SprioRecord[] = [];
  for (let k = h + 1; k < lines.length; k++) {
    if (lines[k].trim() === "") continue;
    const f = lines[k].trim().split(/\s+/);
    // TRES is the last column and may be empty.
    if (f.length < keys.length - 1 || f.length > keys.length)
      throw invalidField(
        file,
        k + 1,
        "line",
        `${f.length} fields`,
        `${keys.length - 1} or ${keys.length} fields like the header`,
      );
    const rec: SprioRecord = { jobId: "", partition: "", user: "", priority: NaN, factors: {}, tres: "" };
    keys.forEach((key, i) => {
      const v = f[i] ?? "";
      if (key === "JOBID") rec.jobId = v;
      else if (key === "PARTITION") rec.partition = v;
      else if (key === "USER") rec.user = v;
      else if (key === "TRES") rec.tres = v;
      else {
        const x = Number(v);
        if (!Number.isFinite(x)) throw invalidField(file, k + 1, key, v, "a number");
        if (key === "PRIORITY") rec.priority = x;
        else rec.factors[key] = x;
      }
    });
    out.push(rec);
  }
  return out;
}
