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
import { experimentBasis } from "./explanation";
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

/** One row per stored counterfactual experiment. */
export interface StoredExperimentRow {
  experiment: string;
  switches: string;
  notebooks: string;
  /** How the setting was obtained (lib/scorecard/tiers.ts). */
  setting: string;
  /** Samples of it in each results file found ("07: 5, 10: 5"), or "not stored". */
  stored: string;
}

/** One row per results file. */
export interface ResultsFileRow {
  notebook: string;
  file: string;
  written: boolean;
  parameters: string;
  "statistics samples": number;
  "counterfactual tables": number;
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
): { experiments: StoredExperimentRow[]; files: ResultsFileRow[]; findings: string } {
  if (typeof source !== "string" || source === "")
    throw invalidArgument("source", source, 'a job source such as "twin"');
  const found = RESULT_NOTEBOOKS.map((nb) => ({ nb, file: readResults(nb, root, source) }));
  const files = found.map(({ nb, file }) => ({
    notebook: nb,
    file: path.relative(root, resultsPath(nb, root, source)),
    written: file !== undefined,
    parameters: file
      ? Object.entries(file.parameters)
          .map(([k, v]) => `${k}=${v}`)
          .join(", ")
      : "—",
    "statistics samples": file ? new Set((file.tables.many ?? []).map((r) => r.sample)).size : 0,
    "counterfactual tables": file ? Object.keys(file.tables).filter((k) => k.startsWith("cf:")).length : 0,
  }));
  const rows = experiments(source).map((e) => {
    const stored = found
      .filter(({ file }) => file?.tables[`cf:${e.label}`] !== undefined)
      .map(
        ({ nb, file }) =>
          `${nb.slice(0, 2)}: ${new Set(file!.tables[`cf:${e.label}`].map((r) => r.sample)).size}`,
      );
    const basis = experimentBasis(e.label);
    return {
      experiment: e.label,
      switches: e.switches,
      notebooks: e.notebooks,
      setting: `${basis.basis}: ${basis.reading}`,
      stored: stored.length ? stored.join(", ") : "not stored",
    };
  });
  const postHoc = rows.filter((r) => r.setting.startsWith("post-hoc")).length;
  const written = files.filter((f) => f.written);
  const findings =
    `- **Counterfactual experiments:** ${rows.length} defined, ${rows.length - postHoc} fixed in advance from the thesis's text ` +
    `and ${postHoc} post-hoc; ${rows.filter((r) => r.stored !== "not stored").length} stored in the results files.\n` +
    `- **Results files** of ${source}: ${written.length} of ${files.length} written` +
    (written.length
      ? ` (statistics samples: ${written.map((f) => `${f.notebook.slice(0, 2)}: ${f["statistics samples"]}`).join(", ")}).`
      : "; run notebooks 07–10 to write them.");
  return { experiments: rows, files, findings };
}
