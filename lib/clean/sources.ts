/**
 * One entry point for every data source, all through the same job schema and pipeline:
 *
 * - `"twin"` (or `"twin:<seed>"`): the calibrated synthetic twin of the thesis's Autosubmit files
 *   (synthetic, generated in memory, calibrated to the published statistics), joint shape v2;
 *   `"twin-v1"` (or `"twin-v1:<seed>"`) joint shape v1 (longer jobs wider), `"twin-v3"` an input
 *   counterfactual (Figure 22's words read as strong majorities), `"twin-v4"` another (heavy jobs
 *   wide), `"twin-v5"` v2 calibrated also to F7 and F8, input facts read off the thesis's 1A results
 *   (declared in data/twin/v5.json; see lib/twin/joint.ts);
 * - a folder holding real Autosubmit exports `experiments.{csv,tsv}` and `jobs.{csv,tsv}` (Tables 6–7);
 * - an SWF trace name (e.g. "SDSC-SP2-1998-4.2-cln", found with findTrace) or a path to a .swf/.swf.gz;
 * - `"sacct:<file>"`: a `sacct --parsable2` export of a Slurm cluster (lib/clean/sacct-source.ts).
 *
 * loadCleanJobs (lib/clean/clean-source.ts) is what sampling, mechanisms and the simulator call: the
 * cleaned job table, its JobRecords and the log of every removed row; writeSourceFiles
 * (lib/clean/source-files.ts) writes a source as Autosubmit files.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { ColumnTable } from "arquero";
import { JOB_COLUMN_NAMES, parseJobFile, readExperimentFile, readJobFile } from "../io/autosubmit";
import { type Machine, MARENOSTRUM4 } from "../io/job-record";
import { headerJobCount } from "../io/swf";
import { readSwfCached } from "../io/swf-cache";
import { type SwfMappingOptions, swfMachine, swfToJobTable } from "../io/swf-jobs";
import { requireTrace } from "../io/trace-paths";
import type { SacctOptions } from "../io/sacct";
import { sacctSource } from "./sacct-source";
import { generateTwinCached } from "../twin/twin-cache";
import { TWIN_DESCRIPTIONS, type TwinVersion } from "../twin/joint";
import { invalidArgument } from "../util/errors";
import type { JobCleanOptions } from "./jobs";
import type { LogRow } from "./pipeline";
import { readThesisSection4 } from "./reference";

/** Where the data came from. */
export type SourceKind = "twin" | "autosubmit" | "swf" | "sacct";

/** A loaded source: raw tables, machine, and the pipeline options that fit it. */
export interface LoadedSource {
  kind: SourceKind;
  /** The source string as given. */
  name: string;
  /** One line saying what the data is (synthetic or real, and from where). */
  description: string;
  /** The Experiment File (Autosubmit sources only). */
  experiments?: ColumnTable;
  /** The Job File, or the SWF trace mapped into its schema. */
  jobs: ColumnTable;
  machine: Machine;
  /** Job pipeline options for this source (Table 9 defaults for Autosubmit; no experiments/platforms for SWF). */
  jobOptions: JobCleanOptions;
  /** The SWF header's stated job count and the count loaded (SWF only). */
  swfJobs?: { header?: number; loaded: number };
  /** True when loaded with `experimentsOnly` (the job table is empty by request; cleaning does not guard it). */
  experimentsOnly?: boolean;
  /** What the reader folded or set apart before cleaning (sacct: steps, heterogeneous components, jobs that never started), as log rows of stage "read". */
  readLog?: LogRow[];
}

/** Why the twin's job ids need no duplicate check (test/twin/twin.test.ts checks it on the generated twin). */
export const TWIN_IDS_UNIQUE = "the twin's job ids are unique by construction (checked by test/twin)";

/** Options of {@link loadSource}. */
export interface LoadSourceOptions {
  /** Twin seed when the source is "twin". Defaults to 1 (or the `twin:<seed>` suffix). */
  seed?: number | string;
  /** Machine override (SWF logs with a stripped header need it). Defaults to MareNostrum4 for Autosubmit, the header for SWF. */
  machine?: Partial<Machine>;
  /** SWF processor mapping. Defaults to requested-else-allocated. */
  swf?: SwfMappingOptions;
  /** Project root for data/reference and traces. Defaults to the working directory. */
  root?: string;
  /** Load (or generate) only the Experiment File; the job table is then empty. Defaults to false. */
  experimentsOnly?: boolean;
  /** Twin: read it from / write it to the content-addressed cache in data/generated/twin-cache (lib/twin/twin-cache.ts). Defaults to true. */
  twinCache?: boolean;
  /** SWF: read the parsed trace from / write it to the content-addressed cache in data/generated/trace-cache (lib/io/swf-cache.ts). Defaults to true. */
  traceCache?: boolean;
  /** sacct: the column order of a header-less export (`columns`) or its delimiter. Defaults to the header line (or Open XDMoD's layout) and the detected delimiter. */
  sacct?: SacctOptions;
}

function firstExisting(dir: string, base: string): string | undefined {
  for (const ext of ["tsv", "csv", "tsv.gz", "csv.gz"]) {
    const p = path.join(dir, `${base}.${ext}`);
    if (fs.existsSync(p)) return p;
  }
  return undefined;
}

/**
 * Loads a source (see the module comment).
 * @throws `invalid source: …` when the string is neither "twin", a folder of Autosubmit files, nor a trace
 */
export function loadSource(source: string, options: LoadSourceOptions = {}): LoadedSource {
  if (typeof source !== "string" || source.trim() === "")
    throw invalidArgument(
      "source",
      source,
      '"twin", a folder with experiments/jobs files, or an SWF trace name',
    );
  const root = options.root ?? process.cwd();
  const table09 = () => readThesisSection4(path.join(root, "data", "reference", "thesis")).table09;
  const m = /^twin(?:-v([1-5]))?(?::(.+))?$/.exec(source);
  if (m) {
    const version = (m[1] === undefined ? 2 : Number(m[1])) as TwinVersion;
    const seed = options.seed ?? (m[2] === undefined ? 1 : /^\d+$/.test(m[2]) ? Number(m[2]) : m[2]);
    const { twin } = generateTwinCached(
      seed,
      readThesisSection4(path.join(root, "data", "reference", "thesis")),
      { jobs: !options.experimentsOnly, version },
      options.twinCache === false ? false : { root },
    );
    const machine = { ...MARENOSTRUM4, ...options.machine };
    return {
      kind: "twin",
      name: source,
      description: `synthetic twin v${version} (seed ${String(seed)}) calibrated to the thesis's published statistics${TWIN_DESCRIPTIONS[version]} — not real data`,
      experiments: twin.experiments,
      jobs: twin.jobs,
      machine,
      jobOptions: {
        wallclockDefaults: table09(),
        coresPerNode: machine.coresPerNode,
        maxNodes: machine.nodes,
        idsUniqueBecause: TWIN_IDS_UNIQUE,
      },
      experimentsOnly: options.experimentsOnly,
    };
  }
  const asPath = path.resolve(root, source);
  // A log's machine: the caller's when given ({} means none), else what the log states or implies.
  const callerMachine = options.machine && Object.keys(options.machine).length ? options.machine : undefined;
  if (fs.existsSync(asPath) && fs.statSync(asPath).isDirectory()) {
    const e = firstExisting(asPath, "experiments"),
      j = firstExisting(asPath, "jobs");
    if (!e || !j)
      throw invalidArgument(
        "source",
        source,
        `a folder holding experiments.{tsv,csv}[.gz] and jobs.{tsv,csv}[.gz] (found ${fs.readdirSync(asPath).join(", ") || "nothing"})`,
      );
    const machine = { ...MARENOSTRUM4, ...options.machine };
    return {
      kind: "autosubmit",
      name: source,
      description: `Autosubmit files ${e} and ${j}`,
      experiments: readExperimentFile(e),
      jobs: options.experimentsOnly ? parseJobFile(JOB_COLUMN_NAMES.join(",") + "\n", j) : readJobFile(j),
      machine,
      jobOptions: {
        wallclockDefaults: table09(),
        coresPerNode: machine.coresPerNode,
        maxNodes: machine.nodes,
        file: j,
      },
      experimentsOnly: options.experimentsOnly,
    };
  }
  const sacct = /^sacct:(.+)$/.exec(source);
  if (sacct) {
    const file = path.resolve(root, sacct[1]);
    const { dump, machine, description, readLog } = sacctSource(file, callerMachine, options.sacct);
    return {
      kind: "sacct",
      name: source,
      description,
      jobs: dump.jobs,
      machine,
      jobOptions: logJobOptions(machine, file, { minProcs: 1, status: "COMPLETED", debugQueues: [] }),
      readLog,
    };
  }
  const file = requireTrace(source, root);
  const { trace } = readSwfCached(file, { root, cache: options.traceCache !== false });
  const machine = swfMachine(trace, callerMachine);
  // A log that records no status at all (NASA iPSC: −1 throughout) keeps its "UNKNOWN" jobs instead of losing all of them.
  const noStatus = trace.columns.status.every((v: number) => v === -1);
  const synthetic = /(^|\/)synthetic\//.test(file) || /lublin/i.test(file);
  return {
    kind: "swf",
    name: source,
    description: `SWF trace ${path.basename(file)} (${synthetic ? "a synthetic workload model, not a real log" : "real workload log"}, Parallel Workloads Archive format)${noStatus ? "; it records no job status, so status UNKNOWN is kept" : ""}; machine ${machine.nodes} nodes × ${machine.coresPerNode} cores (${machine.origin})${trace.bom ? "; a UTF-8 byte-order mark was removed" : ""}`,
    jobs: swfToJobTable(trace, options.swf),
    machine,
    swfJobs: { header: headerJobCount(trace.header), loaded: trace.jobs },
    jobOptions: logJobOptions(machine, file, {
      minProcs: machine.nodeSizeStated ? machine.coresPerNode : 1,
      status: noStatus ? "UNKNOWN" : "COMPLETED",
    }),
  };
}

/** Job pipeline options of a log (SWF, sacct): no experiments, platforms, queue or wallclock fixes; the machine's size and the file for the sanity steps. */
function logJobOptions(
  machine: Machine,
  file: string,
  own: Pick<JobCleanOptions, "minProcs" | "status" | "debugQueues">,
): JobCleanOptions {
  return {
    experimentIds: null,
    platforms: null,
    defaultQueue: null,
    wallclockDefaults: {},
    submitAbove: -1,
    coresPerNode: machine.coresPerNode,
    missingMinutes: "rtime",
    maxNodes: machine.nodes,
    file,
    ...own,
  };
}
