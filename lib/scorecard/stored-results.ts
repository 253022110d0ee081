/**
 * What the results files of notebooks 07–10 hold, for the appendix: each stored counterfactual
 * experiment (what it switches, where, and how its setting was obtained: {@link experimentBasis})
 * and each results file under data/generated/results/<source>/ (written or not, with which
 * parameters, how many samples). Reads only; nothing is recomputed.
 */
import { DEFAULT_EXPERIENCED_ROUNDING, EXPERIENCED_ROUNDINGS } from "../mechanism/experiments";
import { invalidArgument } from "../util/errors";
import {
  CF_LABELS,
  INPUT_COUNTERFACTUALS,
  NARROWEST_FIRST_CF,
  inputCounterfactualSource,
} from "./counterfactuals";
import { RESULT_NOTEBOOKS, readResults, resultsPath } from "./results-file";
import { type ExperimentBasis, experimentBasis } from "./explanation";
import * as path from "node:path";

const ROUND_NOTEBOOKS = "07, 08, 09";

/** The counterfactual experiments the notebooks store at their default settings, in a fixed order. */
function experiments(source: string): { label: string; switches: string; notebooks: string }[] {
  const out = [
    {
      label: CF_LABELS.rerunCapacity("W"),
      switches: 'capacity of the Clarke re-runs without each winner: "covered" → "W"',
      notebooks: ROUND_NOTEBOOKS,
    },
    ...EXPERIENCED_ROUNDINGS.filter((r) => r !== DEFAULT_EXPERIENCED_ROUNDING).map((r) => ({
      label: CF_LABELS.rounding(r),
      switches: `rounding of the experienced bids (2B, 4B): "${DEFAULT_EXPERIENCED_ROUNDING}" → "${r}"`,
      notebooks: ROUND_NOTEBOOKS,
    })),
    {
      label: CF_LABELS.priorityList(false),
      switches: "the priority list at a job that does not fit: skips it → halts",
      notebooks: "09",
    },
    {
      label: NARROWEST_FIRST_CF,
      switches: "tie order among equal keys: drawing order → narrowest first",
      notebooks: ROUND_NOTEBOOKS,
    },
    ...INPUT_COUNTERFACTUALS.filter((c) => inputCounterfactualSource(source, c.version) !== undefined).map(
      (c) => ({
        label: c.label,
        switches: `the input: twin v2 → twin v${c.version}, drawn with the same seed (lib/twin/joint.ts)`,
        notebooks: `${ROUND_NOTEBOOKS}, 10`,
      }),
    ),
    {
      label: CF_LABELS.favorLarge,
      switches: "Slurm's PriorityFavorSmall: YES (the BSC template) → NO",
      notebooks: "10",
    },
    {
      label: CF_LABELS.table5,
      switches: "the simulator's Slurm knobs and weights: the BSC template → Table 5's",
      notebooks: "10",
    },
    {
      label: CF_LABELS.overflowSkip,
      switches: "the first iteration at a job that overflows: stops → skips it",
      notebooks: "10",
    },
  ];
  return out;
}

/** One stored counterfactual experiment. */
export interface StoredExperiment {
  experiment: string;
  /** What it switches, from what to what. */
  switches: string;
  /** The notebooks that store it ("07, 08, 09", "10"). */
  notebooks: string;
  /** How its setting was obtained. */
  basis: ExperimentBasis;
  /** Its samples in each results file that stores it. */
  stored: { notebook: string; samples: number }[];
}

/** One results file. */
export interface ResultsFileInfo {
  notebook: string;
  /** Its path, relative to the root. */
  file: string;
  written: boolean;
  /** The parameters it was made with (null when not written). */
  parameters: Readonly<Record<string, unknown>> | null;
  statisticsSamples: number;
  counterfactualTables: number;
}

/**
 * The stored counterfactual experiments and the results files of notebooks 07–10 for a job source.
 * @param source the job source whose results folder is read. Defaults to "twin".
 * @param root the project root. Defaults to the working directory.
 * @throws `invalid source: …` for an empty source; `<file>:1: invalid …` for a malformed results file
 */
export function storedResults(
  source = "twin",
  root = process.cwd(),
): { experiments: StoredExperiment[]; files: ResultsFileInfo[] } {
  if (typeof source !== "string" || source === "")
    throw invalidArgument("source", source, 'a job source such as "twin"');
  const found = RESULT_NOTEBOOKS.map((nb) => ({ nb, file: readResults(nb, root, source) }));
  const files = found.map(({ nb, file }) => ({
    notebook: nb,
    file: path.relative(root, resultsPath(nb, root, source)),
    written: file !== undefined,
    parameters: file ? file.parameters : null,
    statisticsSamples: file ? new Set((file.tables.many ?? []).map((r) => r.sample)).size : 0,
    counterfactualTables: file ? Object.keys(file.tables).filter((k) => k.startsWith("cf:")).length : 0,
  }));
  const rows = experiments(source).map((e) => ({
    experiment: e.label,
    switches: e.switches,
    notebooks: e.notebooks,
    basis: experimentBasis(e.label),
    stored: found
      .filter(({ file }) => file?.tables[`cf:${e.label}`] !== undefined)
      .map(({ nb, file }) => ({
        notebook: nb,
        samples: new Set(file!.tables[`cf:${e.label}`].map((r) => r.sample)).size,
      })),
  }));
  return { experiments: rows, files };
}
