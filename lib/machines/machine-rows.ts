/**
 * The real-machines study's rows as notebook 15 reads them: checked field by field (from the
 * merged results file or from a study run here), and summarised one line per machine beside the
 * sources study's verdict on whether the machine can feed the pipeline at all.
 */
import { localeNumber } from "../display/format";
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

/** One line per machine: the machine. */
export interface MachineLine {
  source: string;
  /** Machine nodes W (empty when unknown: the sources study writes -1 or NaN). */
  W: string;
  /** Whether its cleaned log can feed the pipeline, and why not. */
  eligible: string;
  "ordinary samples": string;
  "special samples": string;
  /** Mean PoA over the ordinary samples with its 95% interval: this study's PoA (Table 5's knobs, its own samples), not notebook 10's Table 29 estimate. */
  "PoA, this study's samples (95% CI)": string;
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
  /** Where the rows come from, a few words for the findings. */
  origin: string;
  /** A sentence (markdown) saying where the rows come from and how to change or refresh them. */
  note: string;
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
  const here = `${options.sources.length} sources × ${options.seeds.length} seeds × ${n} ordinary samples`;
  const refresh =
    "refresh it with `npm run study -- studies/real-machines.json --workers 2` and copy " +
    `\`data/generated/studies/real-machines/merged.jsonl\` to \`${file || "data/studies/real-machines.jsonl"}\``;
  if (rows.length) {
    const machines = new Set(rows.map((r) => r.source)).size;
    const seeds = new Set(rows.map((r) => `${r.source}/${r.seed}`)).size;
    const ordinary = rows.filter((r) => !r.special).length;
    return {
      rows,
      study,
      origin: `\`${file}\``,
      note:
        `The rows are **read from \`${file}\`** (${machines} machines, ${seeds} source × seed tasks, ` +
        `${localeNumber(ordinary)} ordinary samples: the study \`studies/real-machines.json\`). ` +
        "`SMALL_SAMPLES = 0` reads it; set `SMALL_SAMPLES` to n to run the pipeline here instead on " +
        `\`SMALL_SOURCES\` × \`SMALL_SEEDS\` with n samples per seed, or ${refresh}.`,
    };
  }
  if (samples)
    return {
      rows,
      study,
      origin: `a study run here (${here}, \`SMALL_SAMPLES = ${samples}\`)`,
      note:
        `The rows are **computed here** on ${here} per seed (\`SMALL_SAMPLES = ${samples}\`); ` +
        `\`SMALL_SAMPLES = 0\` reads the full study's \`${file}\` instead.`,
    };
  return {
    rows,
    study,
    origin: `a small study run here (${here}; no results file)`,
    note:
      `**No results file** \`${file}\`: the rows are computed here on ${here} per seed; to make the file, ` +
      `${refresh.replace(/^refresh it/, "run the full study")}.`,
  };
}
