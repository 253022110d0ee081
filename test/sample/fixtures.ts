/** Literal job records for the sampling and mechanism tests. */
import type { JobRecord } from "../../lib/io/job-record";

/** A job with the given nodes / planned minutes / rtime. */
export function job(
  id: string,
  nnodes: number,
  minutes: number,
  rtime: number,
  type = "SIM",
  qtime = 1,
): JobRecord {
  return {
    id,
    type,
    submit: 0,
    nprocs: nnodes * 48,
    nnodes,
    minutes,
    qtime,
    rtime,
    user: "",
    account: "",
    qos: "",
    partition: "",
  };
}

/** 40 jobs: sizes 1…40 nodes, planned minutes cycling 40/60/120/30, rtime a bit below. */
export const JOBS: JobRecord[] = Array.from({ length: 40 }, (_, k) => {
  const minutes = [40, 60, 120, 30][k % 4];
  return job(
    `a000_${k}`,
    k + 1,
    minutes,
    Math.max(1, minutes - 7 - (k % 5)),
    ["SIM", "POST", "CLEAN"][k % 3],
    k % 7,
  );
});
