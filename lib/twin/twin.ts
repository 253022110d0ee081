/**
 * The calibrated synthetic twin of the thesis's private Autosubmit files (Section 4.2): an
 * Experiment File of 2,734 rows and a Job File of 1,639,409 rows, generated from a seed, whose
 * cleaning reproduces every published count and summary of Section 4.4 by construction:
 *
 * - experiments: see {@link generateExperiments} (Figure 2 exact; defects per {@link TWIN_EXPERIMENT_DEFECTS});
 * - the 102,868 jobs that pass the first job filters: {@link buildCoreJobs} (Figures 9 and 11 exact,
 *   294 jobs with rtime > minutes, 40-minute jobs running about 20 minutes on about 16 nodes);
 * - every other job carries exactly one defect, the first filter it fails in the thesis's order,
 *   in the published amounts where published (valid experiment 794,028; platform 722,187) and in
 *   the amounts of {@link TWIN_JOB_DEFECTS} for the five filters whose split is not published;
 * - fixes: 4 % of the valid jobs have an empty queue (→ bsc_es) and the 2,880-minute jobs of
 *   bsc_es an empty wallclock (→ Table 9's 48:00).
 *
 * Everything else (users, dates, names, non-valid jobs' values) is plausible filler, not calibrated.
 * Same seed → identical tables. The published numbers are read from data/reference (not typed in).
 */
import * as aq from "arquero";
import type { ColumnTable } from "arquero";
import { createRng } from "../util/rng";
import { invalidArgument, invariantViolated } from "../util/errors";
import { THESIS_DEBUG_QUEUES, THESIS_PLATFORMS } from "../io/thesis-section4";
import { type ThesisSection4, readThesisSection4 } from "../io/thesis-section4";
import { JOB_COLUMN_NAMES } from "../io/autosubmit";
import { buildCoreJobs } from "./job-core";
import { coreTargets, twinTargets } from "./targets";
import { TWIN_JOINT, TWIN_VERSIONS, type TwinVersion } from "./joint";
import { generateExperiments } from "./experiments";
import { weightedPicker } from "./weighted-picker";
import { fillerJobs } from "./filler-jobs";
import { jobFileWriter } from "./job-file-writer";

/** Valid-experiment jobs removed by each of the five first job filters (our split of the published 619,319). */
export const TWIN_JOB_DEFECTS = Object.freeze({
  submitNotPositive: 9_319,
  notCompleted: 310_000,
  debugQueue: 12_000,
  procsMissing: 8_000,
  procsBelow48: 280_000,
});

const OTHER_PLATFORMS = ["local", "cca", "ecmwf-xc40", "nord3", "transfer_node", "power9"];
const OTHER_STATUSES = ["FAILED", "FAILED", "FAILED", "WAITING", "READY", "SUSPENDED", "UNKNOWN", "QUEUING"];
const CALIOPE_TYPES = new Set(["HERMES", "WRF", "CCTM_EU", "CCTM_IP", "CCTM_CAT"]);

/** The twin: the two tables, the seed, and what was targeted. */
export interface Twin {
  seed: number | string;
  /** The joint-shape version ({@link TWIN_JOINT}). */
  version: TwinVersion;
  experiments: ColumnTable;
  jobs: ColumnTable;
}

/**
 * Generates the twin in memory (`npm run bench -- data` times it).
 * @param seed the seed (the thesis's numbers do not depend on it; filler values do). Defaults to 1.
 * @param ref the published numbers; defaults to reading data/reference/thesis
 * @param options `jobs: false` generates the Experiment File only (the Job File is then empty). Defaults to jobs.
 *   `version`: the joint shape of nodes, minutes and run times ({@link TWIN_JOINT}): 1–5. Defaults to 2.
 */
export function generateTwin(
  seed: number | string = 1,
  ref: ThesisSection4 = readThesisSection4(),
  options: { jobs?: boolean; version?: TwinVersion } = {},
): Twin {
  const version = options.version ?? 2;
  if (!TWIN_VERSIONS.includes(version)) throw invalidArgument("version", version, TWIN_VERSIONS.join(", "));
  const rng = createRng(seed);
  const t = twinTargets(ref);
  const { table: experiments, valid } = generateExperiments(
    {
      raw: t.experimentsRaw,
      models: t.models,
      hpcs: t.hpcs,
      completed: ref.summaries.fig02_experiments_1265.completed,
      total: ref.summaries.fig02_experiments_1265.total,
    },
    rng.fork("experiments"),
  );
  if (options.jobs === false) {
    return {
      seed,
      version,
      experiments,
      jobs: aq.table(Object.fromEntries(JOB_COLUMN_NAMES.map((c) => [c, []]))),
    };
  }
  const core = buildCoreJobs(coreTargets(ref), rng.fork("core"), TWIN_JOINT[version]);
  if (core.n !== t.jobsFirstFilters || core.nFinal !== t.finalJobs)
    throw invariantViolated(
      `twin: core ${core.n}/${core.nFinal} vs published ${t.jobsFirstFilters}/${t.finalJobs}`,
    );
  const d = TWIN_JOB_DEFECTS;
  const five = d.submitNotPositive + d.notCompleted + d.debugQueue + d.procsMissing + d.procsBelow48;
  if (t.jobsPlatform - five !== core.n)
    throw invariantViolated(`twin: ${t.jobsPlatform} - ${five} != ${core.n}`);

  // ---- experiment lookup
  const eId = experiments.array("id") as ArrayLike<number>,
    eName = experiments.array("name") as string[],
    eModel = experiments.array("model") as string[];
  const eCreated = (experiments.array("created") as string[]).map(
    (s) => Date.parse(s.replace(" ", "T") + "Z") / 1000,
  );
  const eTotal = experiments.array("total") as ArrayLike<number>;
  const keep = new Set(["auto-ecearth3", "auto-monarch", "auto-caliope"]);
  const validRows: number[] = [],
    otherRows: number[] = [],
    simRows: number[] = [],
    caliopeRows: number[] = [];
  for (let r = 0; r < experiments.numRows(); r++) {
    if (valid[r] && keep.has(eModel[r])) {
      validRows.push(r);
      if (eModel[r] === "auto-caliope") caliopeRows.push(r);
      else simRows.push(r);
    } else otherRows.push(r);
  }
  const jr = rng.fork("jobs");
  const pickValid = weightedPicker(validRows, eTotal, jr),
    pickOther = weightedPicker(otherRows, eTotal, jr);
  const pickSim = weightedPicker(simRows, eTotal, jr),
    pickCaliope = weightedPicker(caliopeRows, eTotal, jr);

  // ---- columns
  const N = t.jobsRaw;
  const nValidExp = t.jobsValidExperiment,
    nOtherPlatform = t.jobsValidExperiment - t.jobsPlatform;
  const writer = jobFileWriter(N, { id: eId, name: eName, created: eCreated }, jr);
  const emit = writer.emit;
  const mnPlatform = () =>
    jr.next() < 0.8 ? "marenostrum4" : THESIS_PLATFORMS[Math.floor(jr.next() * THESIS_PLATFORMS.length)];
  const okQueue = () => {
    const u = jr.next();
    return u < 0.85 ? "bsc_es" : u < 0.9 ? "prace" : u < 0.95 ? "class_a" : "xlarge";
  };
  // Core jobs (pass the first job filters).
  for (let k = 0; k < core.n; k++) {
    const ty = core.type[k];
    const e = ty === "SIM" ? pickSim() : CALIOPE_TYPES.has(ty) ? pickCaliope() : pickValid();
    let queue = jr.next() < 0.04 ? "" : okQueue();
    const minutes = core.minutes[k];
    let wall = minutes;
    if (minutes === 2880) {
      queue = jr.next() < 0.5 ? "" : "bsc_es";
      wall = NaN;
    }
    emit(e, ty, core.qtime[k], core.rtime[k], wall, core.nprocs[k], queue, mnPlatform());
  }
  const filler = fillerJobs(jr);
  const block = (count: number, make: () => void) => {
    for (let k = 0; k < count; k++) make();
  };
  block(nOtherPlatform, () => {
    const f = filler();
    emit(
      pickValid(),
      f.type,
      f.q,
      f.r,
      f.minutes,
      f.procs,
      okQueue(),
      OTHER_PLATFORMS[Math.floor(jr.next() * OTHER_PLATFORMS.length)],
    );
  });
  block(d.submitNotPositive, () => {
    const f = filler();
    emit(
      pickValid(),
      f.type,
      f.q,
      f.r,
      f.minutes,
      f.procs,
      okQueue(),
      mnPlatform(),
      "COMPLETED",
      jr.next() < 0.9 ? 0 : -1,
    );
  });
  block(d.notCompleted, () => {
    const f = filler();
    emit(
      pickValid(),
      f.type,
      f.q,
      f.r,
      f.minutes,
      f.procs,
      okQueue(),
      mnPlatform(),
      OTHER_STATUSES[Math.floor(jr.next() * OTHER_STATUSES.length)],
    );
  });
  block(d.debugQueue, () => {
    const f = filler();
    emit(
      pickValid(),
      f.type,
      f.q,
      f.r,
      Math.min(120, f.minutes),
      f.procs,
      THESIS_DEBUG_QUEUES[Math.floor(jr.next() * THESIS_DEBUG_QUEUES.length)],
      mnPlatform(),
    );
  });
  block(d.procsMissing, () => {
    const f = filler();
    emit(pickValid(), f.type, f.q, f.r, f.minutes, NaN, okQueue(), mnPlatform());
  });
  block(d.procsBelow48, () => {
    const f = filler();
    emit(pickValid(), f.type, f.q, f.r, f.minutes, 1 + Math.floor(jr.next() * 47), okQueue(), mnPlatform());
  });
  if (writer.emitted() !== nValidExp)
    throw invariantViolated(`twin: ${writer.emitted()} valid-experiment jobs, wanted ${nValidExp}`);
  block(N - nValidExp, () => {
    const f = filler();
    const u = jr.next();
    emit(
      pickOther(),
      f.type,
      f.q,
      f.r,
      f.minutes,
      u < 0.3 ? 1 + Math.floor(jr.next() * 47) : f.procs,
      okQueue(),
      u < 0.9 ? mnPlatform() : "local",
      jr.next() < 0.6 ? "COMPLETED" : "FAILED",
    );
  });
  return {
    seed,
    version,
    experiments,
    jobs: aq.table(writer.columns as unknown as Record<string, ArrayLike<unknown>>),
  };
}
