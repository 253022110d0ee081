/**
 * The cells of a sacct table read as sacct's value types (lib/io/slurm-time.ts, slurm-tres.ts,
 * slurm-gres.ts, submit-line.ts), each error naming the file, line and column. A column the export
 * does not have reads as empty; {@link SacctCells.has} tells the two apart.
 */
import type { ParsableRow, ParsableTable } from "./parsable";
import { type JobGres, parseJobGres } from "./slurm-gres";
import { NO_DURATION, NO_TIME, slurmDuration, slurmTime } from "./slurm-time";
import { type SlurmTres, parseTres, slurmCount } from "./slurm-tres";
import { type SubmitRequest, parseSubmitLine } from "./submit-line";
import { invalidField } from "../util/errors";

/** The columns the job reader reads. */
export const SACCT_READ_COLUMNS: readonly string[] = Object.freeze(
  (
    "JobID JobName User Account Partition QOS State Submit Eligible Start End Elapsed Timelimit AllocCPUS " +
    "NCPUS ReqCPUS NNodes AllocNodes ReqNodes ReqMem ReqTRES AllocTRES ReqGRES AllocGRES NodeList Flags " +
    "Reservation Constraints SubmitLine"
  ).split(" "),
);

/** A sacct table's cells, one record at a time ({@link SacctCells.at}). */
export class SacctCells {
  private readonly ix: Record<string, number>;
  /** The record's line. */
  line = 0;
  private values: string[] = [];
  constructor(
    table: ParsableTable,
    readonly file: string,
  ) {
    this.ix = Object.fromEntries(SACCT_READ_COLUMNS.map((c) => [c, table.columns.indexOf(c)]));
  }
  /** Moves to a record. */
  at(row: ParsableRow): this {
    this.line = row.line;
    this.values = row.values;
    return this;
  }
  /** Whether the export has the column. */
  has(name: string): boolean {
    return (this.ix[name] ?? -1) >= 0;
  }
  /** The cell, trimmed ("" without the column). */
  get(name: string): string {
    const k = this.ix[name];
    return k >= 0 ? this.values[k].trim() : "";
  }
  /** An ISO time → epoch seconds; NaN for Unknown, None or empty. */
  time(name: string): number {
    const v = this.get(name);
    const t = slurmTime(v);
    if (Number.isNaN(t) && !NO_TIME.test(v))
      throw invalidField(this.file, this.line, name, v, "an ISO time YYYY-MM-DDTHH:MM:SS, Unknown or None");
    return t;
  }
  /** A duration → seconds; NaN for UNLIMITED, Partition_Limit or empty. */
  duration(name: string): number {
    const v = this.get(name);
    const d = slurmDuration(v);
    if (Number.isNaN(d) && !NO_DURATION.test(v))
      throw invalidField(
        this.file,
        this.line,
        name,
        v,
        "[D-]HH:MM:SS, HH:MM:SS, MM:SS, MM, D-HH, UNLIMITED or Partition_Limit",
      );
    return d;
  }
  /** A whole number; NaN when empty. */
  count(name: string): number {
    const v = this.get(name);
    if (!/^\d*$/.test(v)) throw invalidField(this.file, this.line, name, v, "a whole number or empty");
    return v === "" ? NaN : Number(v);
  }
  /** A count through convert_num_unit2 (AllocNodes, ReqNodes: `1K` = 1024); NaN when empty. */
  unitCount(name: string): number {
    const v = this.get(name);
    if (v === "") return NaN;
    const n = slurmCount(v);
    if (Number.isNaN(n))
      throw invalidField(
        this.file,
        this.line,
        name,
        v,
        "a whole number, or one with K (1024) as 1K or 1.50K",
      );
    return n;
  }
  /** A TRES string; undefined when empty. */
  tres(name: string): SlurmTres | undefined {
    const v = this.get(name);
    return v === "" ? undefined : parseTres(v, { file: this.file, line: this.line, column: name });
  }
  /** A ReqGRES or AllocGRES value; undefined without the column, [] when the job has none. */
  gres(name: string): JobGres[] | undefined {
    return this.has(name)
      ? parseJobGres(this.get(name), { file: this.file, line: this.line, column: name })
      : undefined;
  }
  /** SubmitLine read; undefined when empty or absent. */
  submitLine(): SubmitRequest | undefined {
    return parseSubmitLine(this.get("SubmitLine"));
  }
}
