/**
 * The job-size study of notebook 12 (seed 001 §5.4, Figs. 14–17): the paper's seven operators swept
 * once over every reading of the method (lib/operators/job-size-readings.ts), with the readings the
 * notebook names picked out: the primary one (the captions' worst case by default), the same with the
 * paper's Eq. 23, the smallest job, the mean, and the reading whose Fig. 17 is closest to the paper's.
 * The sweep takes seconds and is reused: it is cached in `data/generated/job-size-cache/`
 * (lib/util/cache-dir.ts), keyed by this module's source closure and every input, so an edit to
 * the operators or the analysis gives a new key. `SCHEDGAME_JOBSIZE_CACHE=off` turns the cache off.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { memoOnDisk } from "../util/cache-dir";
import { invalidArgument } from "../util/errors";
import { finiteNumber } from "../util/options";
import { sourceKey } from "../util/source-key";
import type { GridScenario } from "./job-size";
import { type JobSizeRow, jobSizeReadings } from "./job-size-analysis";
import { type JobSizeReading, allReadings, readingIndex } from "./job-size-readings";
import { bestReading, fig17Agreement } from "./fig17-agreement";
import type { NamedReading } from "./fig17-readings";
import { paperOperators } from "./operator";
import { type PaperResolutionBits, readPaperResolutionBits } from "./reference";
import { type ResolutionBitsRow, minimumResolutionBits } from "./resolution-bits";
import { projectRoot } from "../util/project-paths";

/** Options of {@link jobSizeStudy}. */
export interface JobSizeStudyOptions {
  /** Exponent of Relative-n and root of Sigmoid-n. Defaults to 2 (the paper's). */
  n?: number;
  /** Absolute weight k of Combined. Defaults to 0.5. */
  k?: number;
  /** The primary reading. Defaults to the captions' worst case: corrected formula, lower state, max. */
  reading?: JobSizeReading;
  /** The job of Fig. 17, node·hours. Defaults to 2000. */
  jobHours?: number;
  /** Window and machine. Defaults to 1 year × 600 nodes. */
  scenario?: GridScenario;
  /** Resolutions in bits. Defaults to 3 … 20. */
  bits?: number[];
  /** Targets. Defaults to 0, 0.1, …, 0.9 (the paper's). */
  targets?: number[];
  /** Project root (the cache key reads `<root>/lib`; without it the cache is off). Defaults to the current directory. */
  root?: string;
}

/** Fig. 17 of one reading, ours beside the paper's. */
export interface Fig17Result {
  /** Minimum bits per operator and context. */
  bits: ResolutionBitsRow[];
  /** Cells equal to the paper's, of `cells` (4 per operator). */
  agree: number;
  cells: number;
}

/** What {@link jobSizeStudy} gives. */
export interface JobSizeStudy {
  /** Every reading (18), in the order of the rows' `reading` index. */
  readings: Required<JobSizeReading>[];
  /** Rows of every reading. */
  rows: JobSizeRow[];
  /** Whether the sweep was read from the cache ("hit"), computed and stored ("miss") or computed ("off"). */
  cache: "hit" | "miss" | "off";
  /** The paper's Fig. 17. */
  paperBits: PaperResolutionBits[];
  jobHours: number;
  /**
   * The readings the notebook names ("formula, state, aggregate"): the primary one, the same with the
   * paper's Eq. 23, with the smallest job, with the mean, and the best match to the paper's Fig. 17.
   */
  primary: NamedReading;
  paperFormula: NamedReading;
  smallest: NamedReading;
  mean: NamedReading;
  best: NamedReading;
  /** Fig. 17 under each named reading. */
  fig17: Record<"primary" | "paperFormula" | "smallest" | "mean" | "best", Fig17Result>;
}

const ENTRY = path.join("lib", "operators", "job-size-study.ts");
const NUMBER_FIELDS = new Set(["jobHours", "share", "target", "level"]);

function encodeRows(rows: JobSizeRow[]): string {
  return JSON.stringify(rows, (_, v) => (typeof v === "number" && !Number.isFinite(v) ? String(v) : v));
}

function decodeRows(bytes: Buffer, file: string): JobSizeRow[] {
  const rows = JSON.parse(bytes.toString("utf8"), (k, v) =>
    NUMBER_FIELDS.has(k) && typeof v === "string" ? Number(v) : v,
  );
  if (!Array.isArray(rows))
    throw invalidArgument(file, typeof rows, "a cached job-size sweep (a JSON array)");
  return rows;
}

/** The rows of one reading. */
function rowsOf(rows: readonly JobSizeRow[], index: number): JobSizeRow[] {
  return rows.filter((r) => r.reading === index);
}

/**
 * The job-size analysis of the paper's operators under every reading, through the cache, with the
 * named readings and their Fig. 17 beside the paper's.
 * @throws `invalid jobHours: …` unless positive, and the errors of jobSizeReadings and paperOperators
 */
export function jobSizeStudy(options: JobSizeStudyOptions = {}): JobSizeStudy {
  const { n = 2, k = 0.5, jobHours = 2000, root = projectRoot() } = options;
  finiteNumber(jobHours, "jobHours", Number.MIN_VALUE);
  const ops = paperOperators({ n, k });
  const readings = allReadings();
  const analysis = { bits: options.bits, targets: options.targets, scenario: options.scenario };
  const entry = path.join(root, ENTRY);
  const inputs = { n, k, ...analysis };
  const memo = memoOnDisk(
    {
      dir: path.join(root, "data", "generated", "job-size-cache"),
      ext: ".json",
      keep: 4,
      env: "SCHEDGAME_JOBSIZE_CACHE",
      encode: encodeRows,
      decode: decodeRows,
    },
    () => (fs.existsSync(entry) ? sourceKey(entry, inputs, root).slice(0, 32) : undefined),
    () => jobSizeReadings(ops, readings, analysis),
  );
  const rows = memo.value;
  const paperBits = readPaperResolutionBits();
  const primaryReading: Required<JobSizeReading> = {
    formula: options.reading?.formula ?? "corrected",
    stateAt: options.reading?.stateAt ?? "lower",
    aggregate: options.reading?.aggregate ?? "max",
  };
  const named = (name: string, reading: JobSizeReading): NamedReading => ({
    name,
    reading,
    index: readingIndex(readings, reading),
  });
  const f = primaryReading.formula,
    s = primaryReading.stateAt;
  const nameOf = (x: Required<JobSizeReading>) => `${x.formula}, ${x.stateAt}, ${x.aggregate}`;
  const variant = (x: Partial<JobSizeReading>) =>
    named(nameOf({ ...primaryReading, ...x }), { ...primaryReading, ...x });
  const primary = variant({});
  const paperFormula = variant({ formula: "paper" });
  const smallest = variant({ aggregate: "min" });
  const mean = variant({ aggregate: "mean" });
  const b = bestReading(rows, readings, paperBits, jobHours).index;
  const best = { name: nameOf(readings[b]), reading: readings[b], index: b };
  const fig17Of = (x: NamedReading): Fig17Result => {
    const bits = minimumResolutionBits(rowsOf(rows, x.index), jobHours);
    return { bits, ...fig17Agreement(bits, paperBits) };
  };
  return {
    readings,
    rows,
    cache: memo.cache,
    paperBits,
    jobHours,
    primary,
    paperFormula,
    smallest,
    mean,
    best,
    fig17: {
      primary: fig17Of(primary),
      paperFormula: fig17Of(paperFormula),
      smallest: fig17Of(smallest),
      mean: fig17Of(mean),
      best: fig17Of(best),
    },
  };
}

/** The rows of one named reading of a study. */
export function studyRows(study: JobSizeStudy, reading: NamedReading): JobSizeRow[] {
  return rowsOf(study.rows, reading.index);
}
