/**
 * Studies that outgrow one machine, as Slurm job arrays: the tasks are split into chunks (task
 * index mod chunks), one array task per chunk runs the same CLI on its chunk into its own results
 * file, `--array=0-(K−1)%L` limits how many run at once, and a merge step checks that every task
 * finished (naming the chunks that did not) before writing the merged table.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { spawnSync } from "node:child_process";
import { integer } from "../lib/util/options";
import { type StudySpec, studyTasks } from "./spec";
import { mergedRows, readStore, studyDir } from "./store";
import { studyCodeKey, writeStamp } from "./code-key";
import { writeMerged } from "./runner";

/** Options of {@link sbatchArrayScript}. */
export interface ArrayOptions {
  /** Array tasks (chunks). Defaults to min(tasks, 32). */
  chunks?: number;
  /** Array tasks running at once (`%L`). Defaults to 4. */
  concurrency?: number;
  /** Worker threads per array task. Defaults to 1. */
  workers?: number;
  /** Extra `#SBATCH` lines (e.g. "--partition=debug", "--time=01:00:00"). Defaults to none. */
  sbatch?: readonly string[];
}

/**
 * The sbatch script of a study as a job array.
 * @param studyFile the study's JSON file (absolute, or relative to `root`)
 */
export function sbatchArrayScript(
  spec: StudySpec,
  studyFile: string,
  root: string,
  options: ArrayOptions = {},
): string {
  const tasks = studyTasks(spec).length;
  const chunks = integer(options.chunks ?? Math.min(tasks, 32), "chunks", 1, tasks);
  const limit = integer(options.concurrency ?? 4, "concurrency", 1);
  const workers = integer(options.workers ?? 1, "workers", 0);
  const dir = studyDir(spec.name, root);
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  return [
    "#!/bin/bash",
    `#SBATCH --job-name=study-${spec.name}`,
    `#SBATCH --array=0-${chunks - 1}%${limit}`,
    `#SBATCH --output=${dir}/slurm-%A_%a.out`,
    "#SBATCH --nodes=1",
    `#SBATCH --cpus-per-task=${Math.max(1, workers)}`,
    ...(options.sbatch ?? []).map((l) => `#SBATCH ${l}`),
    "set -euo pipefail",
    `cd ${q(root)}`,
    // node with tsx's loader in-process, so scancel's signals reach the study itself
    `exec ${q(process.execPath)} --require tsx/cjs scripts/study.ts ${q(path.resolve(root, studyFile))} --root ${q(root)} --chunk "$SLURM_ARRAY_TASK_ID/${chunks}" --workers ${workers} --resume`,
    "",
  ].join("\n");
}

/** Writes the array script into the study's folder and submits it when sbatch is on PATH. */
export function submitStudyArray(
  spec: StudySpec,
  studyFile: string,
  root: string,
  options: ArrayOptions & { env?: NodeJS.ProcessEnv } = {},
): { script: string; jobId?: string; command: string } {
  const dir = studyDir(spec.name, root);
  fs.mkdirSync(dir, { recursive: true });
  const script = path.join(dir, "array.sbatch");
  fs.writeFileSync(script, sbatchArrayScript(spec, studyFile, root, options), { mode: 0o755 });
  const command = `sbatch --parsable ${script}`;
  const which = spawnSync("sh", ["-c", "command -v sbatch"], { env: options.env ?? process.env });
  if (which.status !== 0) return { script, command };
  const r = spawnSync("sbatch", ["--parsable", script], {
    encoding: "utf8",
    env: options.env ?? process.env,
  });
  if (r.status !== 0) throw new Error(`sbatch failed (exit ${r.status}): ${(r.stderr || r.stdout).trim()}`);
  return { script, jobId: r.stdout.trim().split(";")[0], command };
}

/**
 * Merges a study's results files after an array run: checks every task finished and writes the
 * merged table.
 * @throws `study <name>: N of M tasks missing (chunks i, j of K …)` naming the chunks to re-run
 */
export function mergeStudy(
  spec: StudySpec,
  root: string,
  chunks?: number,
): { rows: Record<string, unknown>[]; merged: string; torn: number } {
  const dir = studyDir(spec.name, root);
  const store = readStore(dir);
  const tasks = studyTasks(spec);
  const missing = tasks.filter((t) => !store.tasks.has(t.key));
  if (missing.length) {
    const where = chunks
      ? ` (chunks ${[...new Set(missing.map((t) => t.index % chunks))].join(", ")} of ${chunks}; re-run them with --chunk i/${chunks} --resume)`
      : "";
    throw new Error(
      `study ${spec.name}: ${missing.length} of ${tasks.length} tasks missing${where}; first missing: task ${missing[0].index} ${missing[0].key}`,
    );
  }
  const keys = new Set(tasks.map((t) => t.key));
  const rows = mergedRows(new Map([...store.tasks].filter(([k]) => keys.has(k))));
  const merged = writeMerged(dir, rows);
  writeStamp(dir, spec.name, studyCodeKey(spec, root));
  return { rows, merged, torn: store.torn.length };
}
