/**
 * Cleaned job tables as {@link JobRecord}s, the record every later stage (sampling, mechanisms,
 * simulator) uses. Units: submit seconds, minutes whole minutes, qtime/rtime minutes.
 */
import type { ColumnTable } from "arquero";
import { invalidArgument } from "../util/errors";
import type { JobRecord } from "../io/job-record";

const REQUIRED = ["job_name", "type", "submit", "nprocs", "nnodes", "minutes", "qtime", "rtime"];

/**
 * Converts a cleaned job table (the output of {@link cleanJobs}) into job records. Optional
 * columns user, account, partition fill those fields ("" when absent); `qos` is the queue.
 * @throws `invalid table: …` when a derived column is missing (the table was not cleaned)
 */
export function toJobRecords(table: ColumnTable): JobRecord[] {
  for (const c of REQUIRED)
    if (!table.column(c))
      throw invalidArgument(
        "table",
        table.columnNames(),
        `a cleaned job table with column ${c} (run cleanJobs first)`,
      );
  const col = (name: string) => (table.column(name) ? (table.array(name) as ArrayLike<unknown>) : undefined);
  const [id, type, submit, nprocs, nnodes, minutes, qtime, rtime] = REQUIRED.map((c) => col(c)!);
  const user = col("user"),
    account = col("account"),
    queue = col("queue"),
    partition = col("partition");
  const out: JobRecord[] = new Array(table.numRows());
  for (let i = 0; i < out.length; i++) {
    out[i] = {
      id: String(id[i]),
      type: String(type[i] ?? ""),
      submit: Number(submit[i]),
      nprocs: Number(nprocs[i]),
      nnodes: Number(nnodes[i]),
      minutes: Math.ceil(Number(minutes[i])),
      qtime: Number(qtime[i]),
      rtime: Number(rtime[i]),
      user: user ? String(user[i] ?? "") : "",
      account: account ? String(account[i] ?? "") : "",
      qos: queue ? String(queue[i] ?? "") : "",
      partition: partition ? String(partition[i] ?? "") : "",
    };
  }
  return out;
}
