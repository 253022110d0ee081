/**
 * The results store of a study: JSON lines under `data/generated/studies/<name>/`, one line per
 * finished task (`{"index", "key", "rows"}`), appended with one write as each task ends, so a study
 * killed at any moment loses at most the task in flight. JSON lines rather than Parquet: an append
 * is one write with no footer to rewrite, a torn last line is detectable and dropped, and the files
 * are readable without a library. Chunks of a Slurm job array write their own files
 * (`results-<chunk>.jsonl`), merged later.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { invalidField } from "../lib/util/errors";

/** One finished task as stored. */
export interface StoredTask {
  index: number;
  key: string;
  rows: Record<string, unknown>[];
}

/** What reading a store found. */
export interface StoreContents {
  /** Finished tasks by key (a key stored twice keeps its first line). */
  tasks: Map<string, StoredTask>;
  /** Torn (unterminated or unparsable) last lines dropped, per file. */
  torn: { file: string; bytes: number }[];
  /** Lines whose key was already stored (not used again). */
  duplicates: number;
}

/** The folder of a study's results. */
export function studyDir(name: string, root = process.cwd()): string {
  return path.join(root, "data", "generated", "studies", name);
}

/** The results files in a study folder (`results.jsonl` and `results-<chunk>.jsonl`), sorted. */
export function resultFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => /^results(-\d+)?\.jsonl$/.test(f))
    .sort()
    .map((f) => path.join(dir, f));
}

/**
 * Reads every results file of a folder. A last line without its newline, or one that is not JSON,
 * is a task killed mid-write: it is dropped and reported (with `repair`, cut off the file). Any
 * other bad line is an error naming the file and line.
 */
export function readStore(dir: string, options: { repair?: boolean } = {}): StoreContents {
  const out: StoreContents = { tasks: new Map(), torn: [], duplicates: 0 };
  for (const file of resultFiles(dir)) {
    const text = fs.readFileSync(file, "utf8");
    const lines = text.split("\n");
    const complete = text.endsWith("\n") ? lines.slice(0, -1) : lines.slice(0, -1);
    let tornBytes = text.endsWith("\n") ? 0 : Buffer.byteLength(lines[lines.length - 1]);
    let keep = complete.length;
    complete.forEach((line, i) => {
      let t: StoredTask;
      try {
        t = JSON.parse(line);
      } catch {
        if (i === complete.length - 1 && tornBytes === 0) {
          tornBytes = Buffer.byteLength(line) + 1;
          keep = i;
          return;
        }
        throw invalidField(file, i + 1, "line", line.slice(0, 60), "one JSON object per line");
      }
      if (typeof t.key !== "string" || !Number.isInteger(t.index) || !Array.isArray(t.rows))
        throw invalidField(file, i + 1, "task", line.slice(0, 60), '{"index", "key", "rows"}');
      if (out.tasks.has(t.key)) out.duplicates++;
      else out.tasks.set(t.key, t);
    });
    if (tornBytes > 0) {
      out.torn.push({ file, bytes: tornBytes });
      if (options.repair)
        fs.writeFileSync(
          file,
          complete
            .slice(0, keep)
            .map((l) => l + "\n")
            .join(""),
        );
    }
  }
  return out;
}

/** Appends one finished task to a results file with a single write. */
export function appendTask(file: string, task: StoredTask): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.appendFileSync(file, JSON.stringify(task) + "\n");
}

/** The merged table: every stored task's rows in task order (the same for any worker count or chunking). */
export function mergedRows(tasks: ReadonlyMap<string, StoredTask>): Record<string, unknown>[] {
  return [...tasks.values()].sort((a, b) => a.index - b.index).flatMap((t) => t.rows);
}
