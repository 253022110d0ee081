/** Thesis-style job records for the simulator's tests: every job submitted at 0, running its planned minutes. */
import type { JobRecord } from "../../lib/io/job-record";
import type { Sample } from "../../lib/sample/draw";

/** A job of `nnodes` nodes planned and running `minutes`. */
export const rec = (id: string, nnodes: number, minutes: number): JobRecord => ({
  id,
  type: "SIM",
  submit: 0,
  nprocs: nnodes,
  nnodes,
  minutes,
  qtime: 0,
  rtime: minutes,
  user: "u",
  account: "a",
  qos: "",
  partition: "",
});

/** A sample of jobs given as [nodes, minutes]. */
export const sample = (name: string, jobs: readonly (readonly [number, number])[]): Sample => ({
  name,
  seed: 0,
  source: "test",
  jobs: jobs.map(([n, m], i) => rec(`j${i}`, n, m)),
});
