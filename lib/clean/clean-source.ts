/**
 * The cleaning of a loaded source (lib/clean/sources.ts): the experiment pipeline (Autosubmit
 * sources) and the job pipeline run on it, every step logged; and {@link loadCleanJobs}, what
 * sampling, mechanisms and the simulator call: the cleaned job table, its JobRecords and the log of
 * every removed row.
 */
import type { ColumnTable } from "arquero";
import type { Machine, JobRecord } from "../io/job-record";
import { type ExperimentFilterOptions, cleanExperiments } from "./experiments";
import { type JobCleanOptions, cleanJobs } from "./jobs";
import type { LogRow } from "./pipeline";
import { toJobRecords } from "./records";
import { checkKept } from "./kept";
import { type LoadSourceOptions, type LoadedSource, loadSource } from "./sources";

/** The cleaning of a source: experiment log (Autosubmit only), job log, and the tables. */
export interface SourceCleaning {
  source: LoadedSource;
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
  src: LoadedSource,
  overrides: { jobs?: JobCleanOptions; experiments?: ExperimentFilterOptions } = {},
): SourceCleaning {
  const log: LogRow[] = [...(src.readLog ?? [])];
  let experiments: SourceCleaning["experiments"];
  let experimentIds: number[] | null | undefined = src.jobOptions.experimentIds;
  if (src.experiments) {
    const e = cleanExperiments(src.experiments, overrides.experiments);
    log.push(...e.log);
    experiments = { figure2: e.beforeModels, final: e.table };
    experimentIds = Array.from(e.table.array("id") as ArrayLike<number>);
  }
  const j = cleanJobs(src.jobs, { ...src.jobOptions, experimentIds, ...overrides.jobs });
  log.push(...j.log);
  if (!src.experimentsOnly) checkKept(src.name, log);
  return { source: src, experiments, jobs: { figure9: j.figure9, final: j.table }, log };
}

/** The cleaned jobs of a source, as a table and as JobRecords, with the log and machine. */
export interface CleanJobs {
  table: ColumnTable;
  records: JobRecord[];
  log: LogRow[];
  machine: Machine;
  source: LoadedSource;
}

/**
 * The cleaned job set of a source, ready for sampling and simulation: `loadCleanJobs("twin")`
 * (the thesis's 88,047 jobs, synthetic) or `loadCleanJobs("SDSC-SP2-1998-4.2-cln")` (a real trace).
 * @param source "twin", "twin:<seed>", a folder of Autosubmit files, an SWF trace name or path
 * @param options loading options plus pipeline overrides
 */
export function loadCleanJobs(
  source: string,
  options: LoadSourceOptions & { jobs?: JobCleanOptions; experiments?: ExperimentFilterOptions } = {},
): CleanJobs {
  const src = loadSource(source, options);
  const c = cleanSource(src, options);
  return {
    table: c.jobs.final,
    records: toJobRecords(c.jobs.final),
    log: c.log,
    machine: src.machine,
    source: src,
  };
}
