/**
 * The real-machines study's rows as notebook 15 reads them: checked field by field, from the
 * merged results file or from a study run here, with where they come from.
 */
import * as fs from "node:fs";
import { parseJsonLines } from "../io/json-lines";
import { invalidArgument, invalidField } from "../util/errors";
import { integer } from "../util/options";
import type { RealMachineRow } from "./real-machines";

function checkRow(row: Record<string, unknown>, where: string, line: number): RealMachineRow {
  const { source, special } = row;
  if (typeof source !== "string" || source === "")
    throw invalidField(where, line, "source", source, "a source name");
  if (typeof special !== "boolean") throw invalidField(where, line, "special", special, "true or false");
  const num = (field: string): number => {
    const v = row[field];
    if (v === null) return NaN; // JSON writes NaN (a feature of an empty sample) as null
    if (typeof v !== "number") throw invalidField(where, line, field, v, "a number");
    return v;
  };
  return {
    source,
    seed: num("seed"),
    sample: num("sample"),
    special,
    W: num("W"),
    n: num("n"),
    beta: num("beta"),
    TV_1A: num("TV_1A"),
    TV_1B: num("TV_1B"),
    TP_1A: num("TP_1A"),
    lambda: num("lambda"),
    PM_2B: num("PM_2B"),
    PM_3B: num("PM_3B"),
    TV_sim: num("TV_sim"),
    PoA: num("PoA"),
    plannedMedianNodeWeighted: num("plannedMedianNodeWeighted"),
    meanWidth: num("meanWidth"),
    plannedOverReal: num("plannedOverReal"),
  };
}

/**
 * The real-machines rows, each checked: from a JSON-lines file (the study's merged results; `""` or
 * a file that does not exist gives no rows), or from rows a study run returned.
 * @throws `<file>:<line>: invalid <field>: …; expected …` for a row without a field's type
 */
export function realMachineRows(input: string | readonly Record<string, unknown>[]): RealMachineRow[] {
  if (typeof input === "string") {
    if (input === "" || !fs.existsSync(input)) return [];
    const raw = parseJsonLines(fs.readFileSync(input, "utf8"), input);
    return raw.map((r, i) => checkRow(r, input, i + 1));
  }
  if (!Array.isArray(input)) throw new Error(`invalid input: ${String(input)}; expected a file name or rows`);
  return input.map((r, i) => checkRow(r, "rows", i + 1));
}

/** Ordinary samples per seed of the study run here when the results file is missing and `samples` is 0. */
const FEW_MACHINE_SAMPLES = 8;

/** The real-machines study run in notebook 15 itself (the `real-machines` study kind). */
export interface SmallMachinesStudy {
  name: string;
  experiment: string;
  /** The sample count is an axis, so that a run with another count never resumes this one's tasks. */
  grid: { source: string[]; seed: number[]; samples: number[] };
  params: Record<string, never>;
}

/** Where notebook 15's rows come from ({@link realMachinesInput}). */
export interface RealMachinesInput {
  /** The rows read from the results file; empty when `study` is to run here. */
  rows: RealMachineRow[];
  /** The study to run here when `rows` is empty. */
  study: SmallMachinesStudy;
  /** Where the rows come from: the results file, a study run here at `SMALL_SAMPLES`, or a small study run here for want of the file. */
  origin: "file" | "here" | "no file";
  /** The results file named. */
  file: string;
  /** The study run here: sources × seeds × ordinary samples per seed. */
  here: { sources: number; seeds: number; samples: number };
  /** Of the rows read: machines, source × seed tasks and ordinary samples (0 each when none is read). */
  read: { machines: number; tasks: number; ordinary: number };
}

/**
 * Notebook 15's rows: `samples` = 0 reads the full study's results file (the note says how it was
 * made and how to refresh it); `samples` = n runs the pipeline here on `sources` × `seeds` with n
 * ordinary samples (and one special sample) per seed, as does a missing file (with 8).
 * @throws `invalid samples: …` unless a whole number ≥ 0; `invalid sources: …`, `invalid seeds: …` when empty
 */
export function realMachinesInput(options: {
  resultsFile: string;
  sources: readonly string[];
  seeds: readonly number[];
  samples: number;
}): RealMachinesInput {
  const samples = integer(options.samples, "samples", 0);
  if (!options.sources.length) throw invalidArgument("sources", options.sources, "at least one source name");
  if (!options.seeds.length) throw invalidArgument("seeds", options.seeds, "at least one seed");
  const file = options.resultsFile;
  const rows = samples === 0 ? realMachineRows(file) : [];
  const n = samples || FEW_MACHINE_SAMPLES;
  const study: SmallMachinesStudy = {
    name: "real-machines-small",
    experiment: "real-machines",
    grid: { source: [...options.sources], seed: [...options.seeds], samples: [n] },
    params: {},
  };
  const here = { sources: options.sources.length, seeds: options.seeds.length, samples: n };
  const read = {
    machines: new Set(rows.map((r) => r.source)).size,
    tasks: new Set(rows.map((r) => `${r.source}/${r.seed}`)).size,
    ordinary: rows.filter((r) => !r.special).length,
  };
  const origin = rows.length ? "file" : samples ? "here" : "no file";
  return { rows, study, origin, file, here, read };
}
