/**
 * One way in for every data source. A notebook's `SOURCE` text is parsed once into a
 * {@link SourceSpec} by the readers (lib/source/readers.ts), and the reader of its kind reads it
 * into a {@link Source}: typed jobs, the machine and where everything came from. Cleaning,
 * sampling, the scorecard and lib/site take a spec or a source and never look at the text.
 * A new log format is a {@link SourceReader} in a file of its own, added to the readers' list.
 */
import type { ColumnTable } from "arquero";
import type { Machine } from "../io/job-record";
import type { SlurmExport } from "../io/slurm-export-folder";
import type { SacctOptions } from "../io/sacct";
import type { SwfTrace } from "../io/swf";
import type { SwfMappingOptions } from "../io/swf-jobs";
import type { TwinVersion } from "../twin/joint";

/** A source as parsed from its text: its kind and what it names. */
export interface SourceSpec {
  /** The reader's kind: "twin", "autosubmit", "swf", "sacct", "slurm-export", "live", "jobcomp", or a user's. */
  kind: string;
  /** The text as given (a notebook's SOURCE). */
  text: string;
  /** The file or folder it names, absolute; undefined for the twin and "live". */
  path?: string;
  /** The twin's version and seed (twin sources only). */
  twin?: { version: TwinVersion; seed: number | string };
}

/** How the cleaning treats a source's jobs (lib/clean/clean-source.ts turns these into its options). */
export interface CleaningFacts {
  /**
   * "autosubmit": the thesis's rules (Table 9's wallclock defaults, the platform and queue fixes,
   * whole-node jobs); "log": a scheduler's log (no experiments, platforms or queue fixes; a missing
   * request becomes the run time).
   */
  rules: "autosubmit" | "log";
  /** The file named in the sanity steps' reports. */
  file?: string;
  /** Why ids need no duplicate check (a generator that makes them unique, tested). Defaults to none: checked. */
  idsUniqueBecause?: string;
  /** Fewest processors a job may have ("log" rules). Defaults to 1. */
  minProcs?: number;
  /** The status kept ("log" rules). Defaults to "COMPLETED". */
  status?: string;
  /** Queues left out ("log" rules). Defaults to the thesis's debug queues (lib/clean/jobs.ts). */
  debugQueues?: string[];
}

/** One step of what a reader folded or set apart before cleaning (the cleaning log's stage "read"). */
export interface ReadStep {
  step: string;
  rule: string;
  rowsIn: number;
  rowsOut: number;
  removed: number;
  /** Where the rows set apart are (the first file lines). */
  detail?: string;
}

/** A Slurm site's own records, as lib/site reads them: an export (any subset of its files) or an SWF trace. */
export type SiteRecords = { kind: "slurm"; export: SlurmExport } | { kind: "swf"; trace: SwfTrace };

/** A read source: typed jobs, machine and provenance. */
export interface Source {
  spec: SourceSpec;
  /** One line saying what the data is (synthetic or real, and from where). */
  description: string;
  /** Whether the data is generated (the twin, a synthetic workload model) rather than a real log. */
  synthetic: boolean;
  /** The files read, absolute (none for data generated in memory). */
  files: string[];
  /** The Experiment File (Autosubmit sources). */
  experiments?: ColumnTable;
  /** The jobs in the Job File's schema (lib/io/autosubmit.ts), what the cleaning reads. */
  jobs: ColumnTable;
  machine: Machine;
  cleaning: CleaningFacts;
  /** What the reader folded or set apart before cleaning. */
  readLog: ReadStep[];
  /** An SWF trace's stated job count and the count loaded. */
  swfJobs?: { header?: number; loaded: number };
  /** True when read with `experimentsOnly` (the job table is empty by request). */
  experimentsOnly?: boolean;
  /** A Slurm site's records (sacct exports, export folders, SWF traces): what lib/site replays. */
  site?: SiteRecords;
}

/** Options of a read. */
export interface ReadSourceOptions {
  /** Twin seed. Defaults to the text's `:<seed>`, else 1. */
  seed?: number | string;
  /** The machine, field by field over what the source states or implies ({} = none). */
  machine?: Partial<Machine>;
  /** Project root (data/reference, traces, caches). Defaults to lib/util/project-paths.ts's. */
  root?: string;
  /** Read (or generate) only the Experiment File; the job table is then empty. Defaults to false. */
  experimentsOnly?: boolean;
  /** Twin: the content-addressed cache in data/generated/twin-cache. Defaults to true. */
  twinCache?: boolean;
  /** SWF: the parsed-trace cache in data/generated/trace-cache. Defaults to true. */
  traceCache?: boolean;
  /** SWF: processors from requested or allocated. Defaults to requested-else-allocated. */
  swf?: SwfMappingOptions;
  /** sacct: the column order of a header-less export, or its delimiter. Defaults to the file's own. */
  sacct?: SacctOptions;
}

/** A reader of one kind of source. */
export interface SourceReader {
  /** The kind it reads (SourceSpec.kind). */
  kind: string;
  /** What it reads, in a few words (listed when a text names no source). */
  reads: string;
  /**
   * The spec of `text` when this reader reads it, else undefined. It may look at the file or
   * folder `resolved` (the text resolved from the project root) but reads no whole file.
   */
  claim(text: string, resolved: string, root: string): SourceSpec | undefined;
  /** Reads what `spec` names. */
  read(spec: SourceSpec, options: ReadSourceOptions): Source;
}
