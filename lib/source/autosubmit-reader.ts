/**
 * Real Autosubmit exports, the thesis's own kind of data (Tables 6–7): a folder holding
 * `experiments.{tsv,csv}` and `jobs.{tsv,csv}` (or `.gz`). The machine is MareNostrum4's unless given.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { JOB_COLUMN_NAMES, parseJobFile, readExperimentFile, readJobFile } from "../io/autosubmit";
import { MARENOSTRUM4 } from "../io/job-record";
import type { SourceReader } from "./source";

/** The first of `<base>.tsv`, `.csv`, `.tsv.gz`, `.csv.gz` in `dir`. */
export function autosubmitFile(dir: string, base: "experiments" | "jobs"): string | undefined {
  for (const ext of ["tsv", "csv", "tsv.gz", "csv.gz"]) {
    const p = path.join(dir, `${base}.${ext}`);
    if (fs.existsSync(p)) return p;
  }
  return undefined;
}

/** The Autosubmit folder's reader. */
export const AUTOSUBMIT_READER: SourceReader = {
  kind: "autosubmit",
  reads: "a folder with experiments.{tsv,csv} and jobs.{tsv,csv} (Autosubmit exports)",
  claim(text, resolved) {
    if (!fs.existsSync(resolved) || !fs.statSync(resolved).isDirectory()) return undefined;
    if (!autosubmitFile(resolved, "experiments") || !autosubmitFile(resolved, "jobs")) return undefined;
    return { kind: "autosubmit", text, path: resolved };
  },
  read(spec, options) {
    const e = autosubmitFile(spec.path!, "experiments")!,
      j = autosubmitFile(spec.path!, "jobs")!;
    return {
      spec,
      description: `Autosubmit files ${e} and ${j}`,
      synthetic: false,
      files: [e, j],
      experiments: readExperimentFile(e),
      jobs: options.experimentsOnly ? parseJobFile(JOB_COLUMN_NAMES.join(",") + "\n", j) : readJobFile(j),
      machine: { ...MARENOSTRUM4, ...options.machine },
      cleaning: { rules: "autosubmit", file: j },
      readLog: [],
      experimentsOnly: options.experimentsOnly,
    };
  },
};
