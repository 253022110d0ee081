/** What the results files of notebooks 07–10 hold (lib/scorecard/stored-results.ts), as the appendix's two tables and findings. */
import type { ResultsFileInfo, StoredExperiment, Switch } from "../../lib/scorecard/stored-results";

/** What a stored experiment switches, from what to what, in words. */
export function switchText(s: Switch): string {
  switch (s.setting) {
    case "rerun capacity":
      return `capacity of the Clarke re-runs without each winner: "${s.from}" → "${s.to}"`;
    case "experienced rounding":
      return `rounding of the experienced bids (2B, 4B): "${s.from}" → "${s.to}"`;
    case "priority list at a misfit":
      return "the priority list at a job that does not fit: skips it → halts";
    case "tie order":
      return `tie order among equal keys: ${s.from} → ${s.to}`;
    case "twin version":
      return `the input: twin v${s.from} → twin v${s.to}, drawn with the same seed (lib/twin/joint.ts)`;
    case "PriorityFavorSmall":
      return "Slurm's PriorityFavorSmall: YES (the BSC template) → NO";
    case "Slurm settings":
      return "the simulator's Slurm knobs and weights: the BSC template → Table 5's";
    case "first iteration at an overflow":
      return "the first iteration at a job that overflows: stops → skips it";
  }
}

/** The stored experiments and the results files as display rows, and the findings' two bullets (markdown). */
export function storedResultsTables(
  stored: {
    experiments: readonly StoredExperiment[];
    files: readonly ResultsFileInfo[];
  },
  source: string,
): {
  experiments: Record<string, string>[];
  files: Record<string, string | number | boolean>[];
  findings: string;
} {
  const experiments = stored.experiments.map((e) => ({
    experiment: e.experiment,
    switches: switchText(e.switches),
    notebooks: e.notebooks,
    setting: `${e.basis.basis}: ${e.basis.reading}`,
    stored: e.stored.length
      ? e.stored.map((x) => `${x.notebook.slice(0, 2)}: ${x.samples}`).join(", ")
      : "not stored",
  }));
  const files = stored.files.map((f) => ({
    notebook: f.notebook,
    file: f.file,
    written: f.written,
    parameters: f.parameters
      ? Object.entries(f.parameters)
          .map(([k, v]) => `${k}=${v}`)
          .join(", ")
      : "—",
    "statistics samples": f.statisticsSamples,
    "counterfactual tables": f.counterfactualTables,
  }));
  const postHoc = stored.experiments.filter((e) => e.basis.basis === "post-hoc").length;
  const written = stored.files.filter((f) => f.written);
  const findings =
    `- **Counterfactual experiments:** ${experiments.length} defined, ${experiments.length - postHoc} fixed in advance from the thesis's text ` +
    `and ${postHoc} post-hoc; ${stored.experiments.filter((e) => e.stored.length).length} stored in the results files.\n` +
    `- **Results files** of ${source}: ${written.length} of ${stored.files.length} written` +
    (written.length
      ? ` (statistics samples: ${written.map((f) => `${f.notebook.slice(0, 2)}: ${f.statisticsSamples}`).join(", ")}).`
      : "; run notebooks 07–10 to write them.");
  return { experiments, files, findings };
}
