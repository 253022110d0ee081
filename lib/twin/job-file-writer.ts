/**
 * The twin's Job File as it is written (lib/twin/twin.ts): its columns, filled one job at a time
 * at rows drawn by a random permutation, each job's name, submit, start and end times and wallclock
 * text following from its experiment and its values.
 */
import { type Rng, shuffleInPlace } from "../util/rng";
import { wallclockText } from "../io/autosubmit";
import { TWIN_DATA_END } from "./experiments";

const DAY = 86400;

/** The experiment columns a job row reads, by experiment row. */
export interface JobFileExperiments {
  id: ArrayLike<number>;
  name: string[];
  /** Creation time, Unix seconds. */
  created: number[];
}

/** The Job File's columns (Table 7's). */
export interface JobFileColumns {
  exp_id: Float64Array;
  exp_name: string[];
  job_name: string[];
  type: string[];
  /** Unix seconds (0 or −1 for a defective submit). */
  submit: Float64Array;
  /** Unix seconds, 0 for a job that did not run. */
  start: Float64Array;
  /** Unix seconds, 0 for a job that did not run. */
  finish: Float64Array;
  status: string[];
  wallclock: string[];
  procs: Float64Array;
  threads: Float64Array;
  tasks: Float64Array;
  queue: string[];
  platform: string[];
}

/** Writes the Job File's rows: see {@link jobFileWriter}. */
export interface JobFileWriter {
  /** The columns, complete once every row is emitted. */
  columns: JobFileColumns;
  /**
   * Writes one job of experiment row `e` at the next row of the permutation.
   * @param qmin wait, minutes
   * @param rmin run time, minutes
   * @param minutes wallclock, minutes (NaN: empty)
   * @param procs cores (NaN: missing)
   * @param status Defaults to "COMPLETED"; start and finish are 0 unless COMPLETED or FAILED.
   * @param submitOverride a defective submit time (start and finish are then 0). Defaults to a
   *   random time after the experiment's creation.
   */
  emit(
    e: number,
    type: string,
    qmin: number,
    rmin: number,
    minutes: number,
    procs: number,
    queue: string,
    platform: string,
    status?: string,
    submitOverride?: number,
  ): void;
  /** How many jobs were emitted. */
  emitted(): number;
}

/**
 * A writer of `N` Job File rows: shuffles the row permutation with `jr` at once (so no block
 * structure leaks into the file), then draws each job's submit time from `jr`.
 */
export function jobFileWriter(N: number, experiments: JobFileExperiments, jr: Rng): JobFileWriter {
  const { id: eId, name: eName, created: eCreated } = experiments;
  const c: JobFileColumns = {
    exp_id: new Float64Array(N),
    exp_name: new Array<string>(N),
    job_name: new Array<string>(N),
    type: new Array<string>(N),
    submit: new Float64Array(N),
    start: new Float64Array(N),
    finish: new Float64Array(N),
    status: new Array<string>(N),
    wallclock: new Array<string>(N),
    procs: new Float64Array(N),
    threads: new Float64Array(N),
    tasks: new Float64Array(N),
    queue: new Array<string>(N),
    platform: new Array<string>(N),
  };
  const counter = new Uint32Array(eName.length);
  const wcCache = new Map<number, string>();
  const wc = (m: number) => {
    let s = wcCache.get(m);
    if (s === undefined) wcCache.set(m, (s = wallclockText(m)));
    return s;
  };
  // Rows are written straight into a random permutation so no block structure leaks into the file.
  const perm = new Uint32Array(N);
  for (let k = 0; k < N; k++) perm[k] = k;
  shuffleInPlace(perm, jr);
  let emitted = 0;
  const emit = (
    e: number,
    type: string,
    qmin: number,
    rmin: number,
    minutes: number,
    procs: number,
    queue: string,
    platform: string,
    status = "COMPLETED",
    submitOverride?: number,
  ) => {
    const k = counter[e]++;
    const i = perm[emitted++];
    c.exp_id[i] = eId[e];
    c.exp_name[i] = eName[e];
    // joined, not a template literal: V8 keeps a template's pieces as a tree of strings, about four
    // times the flat name's memory, which every full collection walks (1.6 M names)
    c.job_name[i] = [eName[e], `${1990 + (k % 30)}0101`, `fc${Math.floor(k / 900) % 10}`, k, type].join("_");
    c.type[i] = type;
    const span = Math.max(DAY, Math.min(300 * DAY, TWIN_DATA_END - eCreated[e] - 2 * DAY));
    const submit = submitOverride ?? eCreated[e] + 60 + Math.floor(jr.next() * span);
    c.submit[i] = submit;
    const ran = status === "COMPLETED" || status === "FAILED";
    c.start[i] = submitOverride !== undefined || !ran ? 0 : submit + 60 * qmin;
    c.finish[i] = submitOverride !== undefined || !ran ? 0 : submit + 60 * qmin + 60 * rmin;
    c.status[i] = status;
    c.wallclock[i] = Number.isNaN(minutes) ? "" : wc(minutes);
    c.procs[i] = procs;
    c.threads[i] = 1;
    c.tasks[i] = Number.isNaN(procs) ? NaN : procs;
    c.queue[i] = queue;
    c.platform[i] = platform;
  };
  return { columns: c, emit, emitted: () => emitted };
}
