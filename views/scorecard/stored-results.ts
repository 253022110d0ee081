/** What the results files of notebooks 07–10 hold (lib/scorecard/stored-results.ts), as the appendix's two tables and findings. */
import type { ResultsFileInfo, StoredExperiment } from "../../lib/scorecard/stored-results";

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
    switches: e.switches,
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
