/**
 * A loaded source (lib/clean/sources.ts) written as Autosubmit files, which load back as a source.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { writeExperimentFile, writeJobFile } from "../io/autosubmit";
import type { Source } from "../source/source";
import { projectRoot } from "../util/project-paths";

/**
 * Writes a loaded source's tables as Autosubmit files (`experiments.<ext>`, `jobs.<ext>`): the twin
 * into the git-ignored `data/generated/twin-<seed>/` by default, any other source into
 * `data/generated/<name>/`. The files load back with `loadSource(<folder>)`.
 * @returns the folder and the paths written
 */
export function writeSourceFiles(
  src: Source,
  options: { dir?: string; format?: "csv" | "tsv"; root?: string } = {},
): { dir: string; files: string[] } {
  const root = options.root ?? projectRoot();
  const slug = src.spec.twin
    ? `${src.spec.twin.version === 2 ? "twin" : `twin-v${src.spec.twin.version}`}-${String(src.spec.twin.seed)}`
    : path
        .basename(src.spec.path ?? src.spec.text)
        .replace(/\.swf(\.gz)?$/, "")
        .replace(/[^\w.-]+/g, "_");
  const dir = options.dir ?? path.join(root, "data", "generated", slug);
  const ext = options.format ?? "tsv";
  fs.mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  if (src.experiments) {
    files.push(path.join(dir, `experiments.${ext}`));
    writeExperimentFile(src.experiments, files[files.length - 1]);
  }
  files.push(path.join(dir, `jobs.${ext}`));
  writeJobFile(src.jobs, files[files.length - 1]);
  return { dir, files };
}
