/**
 * The cleaning of a read source (lib/source): the experiment pipeline (Autosubmit sources) and the
 * job pipeline run on it, every step logged, with the options its cleaning facts call for
 * ({@link sourceJobOptions}); and {@link loadCleanJobs}, what sampling, mechanisms and the
 * simulator call: the cleaned job table, its JobRecords and the log of every removed row.
 */
import type { ColumnTable } from "arquero";
import type { Machine, JobRecord } from "../io/job-record";
import { type ExperimentFilterOptions, cleanExperiments } from "./experiments";
import { type JobCleanOptions, cleanJobs } from "./jobs";
import type { LogRow } from "./pipeline";
import { toJobRecords } from "./records";
import { checkKept } from "./kept";
import { readThesisSection4 } from "../io/thesis-section4";
import { readSource } from "../source/readers";
import type { ReadSourceOptions, Source } from "../source/source";
import { projectPaths } from "../util/project-paths";

/** The cleaning of a source: experiment log (Autosubmit only), job log, and the tables. */
export interface SourceCleaning {
  source: Source;
  /** Experiments after the five filters (Figure 2 set) and after the model filter. */
  experiments?: { figure2: ColumnTable; final: ColumnTable };
  /** Jobs after the first filters (Figure 9 set) and the final set (Figure 11). */
  jobs: { figure9: ColumnTable; final: ColumnTable };
  /** Every step, experiments first. */
  log: LogRow[];
}

/**
 * Runs the experiment and job pipelines on a loaded source; `overrides` replace the source's options.
 * @throws `invalid source …` when cleaning keeps no job or under 1% of them (see lib/clean/kept.ts)
 */
export function cleanSource(
  src: Source,
  overrides: { jobs?: JobCleanOptions; experiments?: ExperimentFilterOptions } = {},
): SourceCleaning {
  const log: LogRow[] = src.readLog.map((r) => ({ stage: "read", kind: "filter", changed: 0, ...r }));
  let experiments: SourceCleaning["experiments"];
  const options = sourceJobOptions(src);
  let experimentIds: number[] | null | undefined = options.experimentIds;
  if (src.experiments) {
    const e = cleanExperiments(src.experiments, overrides.experiments);
    log.push(...e.log);
    experiments = { figure2: e.beforeModels, final: e.table };
    experimentIds = Array.from(e.table.array("id") as ArrayLike<number>);
  }
  const j = cleanJobs(src.jobs, { ...options, experimentIds, ...overrides.jobs });
  log.push(...j.log);
  if (!src.experimentsOnly) checkKept(src.spec.text, log);
  return { source: src, experiments, jobs: { figure9: j.figure9, final: j.table }, log };
}

/** The cleaned jobs of a source, as a table and as JobRecords, with the log and machine. */
export interface CleanJobs {
  table: ColumnTable;
  records: JobRecord[];
  log: LogRow[];
  machine: Machine;
  source: Source;
}

/**
 * The job pipeline's options for a source: the thesis's Autosubmit rules with Table 9's wallclock
 * defaults, or a log's (no experiments, platforms or queue fixes; a missing request becomes the
 * run time), on the source's machine.
 */
export function sourceJobOptions(src: Source, root?: string): JobCleanOptions {
  const c = src.cleaning,
    m = src.machine;
  const machine = { coresPerNode: m.coresPerNode, maxNodes: m.nodes };
  if (c.rules === "autosubmit")
    return {
      wallclockDefaults: readThesisSection4(projectPaths(root).thesisReference).table09,
      ...machine,
      ...(c.idsUniqueBecause ? { idsUniqueBecause: c.idsUniqueBecause } : {}),
      ...(c.file ? { file: c.file } : {}),
    };
  return {
    experimentIds: null,
    platforms: null,
    defaultQueue: null,
    wallclockDefaults: {},
    submitAbove: -1,
    missingMinutes: "rtime",
    ...machine,
    file: c.file,
    minProcs: c.minProcs ?? 1,
    status: c.status ?? "COMPLETED",
    ...(c.debugQueues ? { debugQueues: c.debugQueues } : {}),
  };
}

/**
 * The cleaned job set of a source, ready for sampling and simulation: `loadCleanJobs("twin")`
 * (the thesis's 88,047 jobs, synthetic) or `loadCleanJobs("SDSC-SP2-1998-4.2-cln")` (a real trace).
 * @param source a source's text (lib/source/readers.ts parses it) or a read source
 * @param options reading options plus pipeline overrides
 */
export function loadCleanJobs(
  source: string | Source,
  options: ReadSourceOptions & { jobs?: JobCleanOptions; experiments?: ExperimentFilterOptions } = {},
): CleanJobs {
  const src = typeof source === "string" ? readSource(source, options) : source;
  const c = cleanSource(src, options);
  return {
    table: c.jobs.final,
    records: toJobRecords(c.jobs.final),
    log: c.log,
    machine: src.machine,
    source: src,
  };
}
