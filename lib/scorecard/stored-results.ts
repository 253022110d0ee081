/**
 * What the results files of notebooks 07–10 hold, for the appendix: each stored counterfactual
 * experiment (what it switches, where, and how its setting was obtained: {@link experimentBasis})
 * and each results file under data/generated/results/<source>/ (written or not, with which
 * parameters, how many samples). Reads only; nothing is recomputed.
 */
import {
  DEFAULT_EXPERIENCED_ROUNDING,
  EXPERIENCED_ROUNDINGS,
  type ExperiencedRounding,
} from "../mechanism/experiments";
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
import { projectRoot } from "../util/project-paths";

const ROUND_NOTEBOOKS = "07, 08, 09";

/** What a stored experiment switches: the setting, from the notebooks' default to the experiment's. */
export type Switch =
  /** The capacity of the Clarke re-runs without each winner. */
  | { setting: "rerun capacity"; from: "covered"; to: "W" }
  /** The rounding of the experienced bids (2B, 4B). */
  | { setting: "experienced rounding"; from: ExperiencedRounding; to: ExperiencedRounding }
  /** The priority list at a job that does not fit. */
  | { setting: "priority list at a misfit"; from: "skip"; to: "halt" }
  /** The order among equal keys. */
  | { setting: "tie order"; from: "drawing order"; to: "narrowest first" }
  /** The input: twin versions drawn with the same seed (lib/twin/joint.ts). */
  | { setting: "twin version"; from: number; to: number }
  /** Slurm's PriorityFavorSmall (the BSC template has it). */
  | { setting: "PriorityFavorSmall"; from: true; to: false }
  /** The simulator's Slurm knobs and weights. */
  | { setting: "Slurm settings"; from: "BSC template"; to: "Table 5" }
  /** The first iteration at a job that overflows. */
  | { setting: "first iteration at an overflow"; from: "stop"; to: "skip" };

/** The counterfactual experiments the notebooks store at their default settings, in a fixed order. */
function experiments(source: string): { label: string; switches: Switch; notebooks: string }[] {
  return [
    {
      label: CF_LABELS.rerunCapacity("W"),
      switches: { setting: "rerun capacity", from: "covered", to: "W" },
      notebooks: ROUND_NOTEBOOKS,
    },
    ...EXPERIENCED_ROUNDINGS.filter((r) => r !== DEFAULT_EXPERIENCED_ROUNDING).map((r) => ({
      label: CF_LABELS.rounding(r),
      switches: { setting: "experienced rounding", from: DEFAULT_EXPERIENCED_ROUNDING, to: r } as const,
      notebooks: ROUND_NOTEBOOKS,
    })),
    {
      label: CF_LABELS.priorityList(false),
      switches: { setting: "priority list at a misfit", from: "skip", to: "halt" },
      notebooks: "09",
    },
    {
      label: NARROWEST_FIRST_CF,
      switches: { setting: "tie order", from: "drawing order", to: "narrowest first" },
      notebooks: ROUND_NOTEBOOKS,
    },
    ...INPUT_COUNTERFACTUALS.filter((c) => inputCounterfactualSource(source, c.version) !== undefined).map(
      (c) => ({
        label: c.label,
        switches: { setting: "twin version", from: 2, to: c.version } as const,
        notebooks: `${ROUND_NOTEBOOKS}, 10`,
      }),
    ),
    {
      label: CF_LABELS.favorLarge,
      switches: { setting: "PriorityFavorSmall", from: true, to: false },
      notebooks: "10",
    },
    {
      label: CF_LABELS.table5,
      switches: { setting: "Slurm settings", from: "BSC template", to: "Table 5" },
      notebooks: "10",
    },
    {
      label: CF_LABELS.overflowSkip,
      switches: { setting: "first iteration at an overflow", from: "stop", to: "skip" },
      notebooks: "10",
    },
  ];
}

/** One stored counterfactual experiment. */
export interface StoredExperiment {
  experiment: string;
  /** What it switches, from what to what. */
  switches: Switch;
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
  root = projectRoot(),
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
