/**
 * The local study runner: the study's pending tasks on worker threads (or this thread with
 * `workers: 0`), each finished task appended to the results store at once, so an interrupted study
 * resumes where it stopped — nothing recomputed, nothing duplicated, nothing lost — and the merged
 * table is written in task order, byte-identical for any worker count.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { Worker } from "node:worker_threads";
import { integer } from "../lib/util/options";
import { invalidArgument } from "../lib/util/errors";
import { claimResultsFolder, studyCodeKey, writeStamp } from "./code-key";
import { loadFresh, loadKind, resolveKind, type StudyKindRef } from "./kinds";
import { type StudySpec, type StudyTask, studyTasks } from "./spec";
import { type StoredTask, appendTask, mergedRows, readStore, resultFiles, studyDir } from "./store";

/** Progress after each task. */
export interface StudyProgress {
  done: number;
  total: number;
  /** Tasks found finished when the run started. */
  resumed: number;
  /** Seconds since the run started. */
  elapsed: number;
}

/** Options of {@link runStudy}. */
export interface RunStudyOptions {
  /** Worker threads (0 = this thread). Defaults to the available cores. */
  workers?: number;
  /** Continue a study whose results folder exists (else that is an error, except for a cached kind). Defaults to false. */
  resume?: boolean;
  /** Project root (kinds' modules and data/generated are found from it). Defaults to the working directory. */
  root?: string;
  /** Run only chunk `index` of `count` (tasks index ≡ chunk mod count; a Slurm array task) into its own file. Defaults to all. */
  chunk?: { index: number; count: number };
  /** Called after every finished task. Defaults to none. */
  onProgress?: (p: StudyProgress) => void;
}

/** What a run did. */
export interface StudyRun {
  dir: string;
  tasks: number;
  ran: number;
  resumed: number;
  /** Torn lines dropped from the store (tasks killed mid-write, re-run). */
  torn: number;
  /** The merged table (all finished tasks' rows in task order) and where it was written (absent for a chunk). */
  rows: Record<string, unknown>[];
  merged?: string;
  /** Where results of other code found in the folder were moved (they ran again); absent when none. */
  setAside?: string;
}

/** The tasks of chunk `index` of `count`. */
export function chunkTasks(tasks: readonly StudyTask[], index: number, count: number): StudyTask[] {
  integer(count, "chunk count", 1);
  integer(index, "chunk index", 0, count - 1);
  return tasks.filter((t) => t.index % count === index);
}

/** Writes the merged table as JSON lines (one row per line) and returns its path. */
export function writeMerged(dir: string, rows: readonly Record<string, unknown>[]): string {
  const file = path.join(dir, "merged.jsonl");
  fs.writeFileSync(file, rows.map((r) => JSON.stringify(r)).join("\n") + (rows.length ? "\n" : ""));
  return file;
}

/**
 * Runs (or resumes) a study.
 * @throws `invalid resume: …` when results exist and `resume` is false; a task's error, naming the task
 */
export async function runStudy(spec: StudySpec, options: RunStudyOptions = {}): Promise<StudyRun> {
  const root = options.root ?? process.cwd();
  const workers = integer(
    options.workers ?? Math.max(1, os.availableParallelism?.() ?? os.cpus().length),
    "workers",
    0,
    256,
  );
  const ref = resolveKind(spec.experiment);
  const dir = studyDir(spec.name, root);
  const all = studyTasks(spec);
  const mine = options.chunk ? chunkTasks(all, options.chunk.index, options.chunk.count) : all;
  const file = path.join(dir, options.chunk ? `results-${options.chunk.index}.jsonl` : "results.jsonl");
  if (fs.existsSync(file) && !options.resume && ref.fresh === undefined)
    throw invalidArgument(
      "resume",
      false,
      `true (--resume): ${path.relative(root, file)} exists; resume it or delete the folder`,
    );
  // one folder, one code (a cached kind re-runs its stale tasks itself)
  const key = studyCodeKey(spec, root);
  const setAside = ref.fresh === undefined ? claimResultsFolder(dir, key) : undefined;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "study.json"), JSON.stringify(spec, null, 2) + "\n");
  const unlock = lockResults(file, spec.name);
  try {
    return { ...(await _run(spec, options, root, workers, ref, dir, all, mine, file, key)), setAside };
  } finally {
    unlock();
  }
}

/**
 * Takes `<file>.lock` for this process, so two runs never append to one results file (a lock left by
 * a process that no longer exists is taken over).
 * @throws `study <name>: <file> is being written by process <pid>`
 */
function lockResults(file: string, name: string): () => void {
  const lock = `${file}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lock, { force: true });
    } catch {
      const pid = Number(fs.readFileSync(lock, "utf8"));
      let alive = false;
      try {
        process.kill(pid, 0);
        alive = true;
      } catch {
        alive = false;
      }
      if (alive)
        throw new Error(
          `study ${name}: ${path.basename(file)} is being written by process ${pid}; wait for it or stop it`,
        );
      fs.rmSync(lock, { force: true });
    }
  }
  throw new Error(`study ${name}: could not lock ${file}`);
}

async function _run(
  spec: StudySpec,
  options: RunStudyOptions,
  root: string,
  workers: number,
  ref: StudyKindRef,
  dir: string,
  all: StudyTask[],
  mine: StudyTask[],
  file: string,
  key: string,
): Promise<StudyRun> {
  const store = readStore(dir, { repair: true });
  dropStale(store.tasks, mine, loadFresh(ref, root), dir);
  const pending = mine.filter((t) => !store.tasks.has(t.key));
  const resumed = mine.length - pending.length;
  const t0 = Date.now();
  let done = resumed;
  const finish = (t: StudyTask, rows: Record<string, unknown>[]) => {
    const stored = { index: t.index, key: t.key, rows };
    appendTask(file, stored);
    store.tasks.set(t.key, stored);
    done++;
    options.onProgress?.({ done, total: mine.length, resumed, elapsed: (Date.now() - t0) / 1000 });
  };
  if (workers === 0) {
    const fn = loadKind(ref, root);
    for (const t of pending) finish(t, await runTask(() => fn(t.params), t));
  } else await _runOnWorkers(pending, ref, root, Math.min(workers, Math.max(1, pending.length)), finish);
  const mineKeys = new Set(mine.map((t) => t.key));
  const rows = mergedRows(new Map([...store.tasks].filter(([k]) => mineKeys.has(k))));
  const merged =
    options.chunk || all.some((t) => !store.tasks.has(t.key)) ? undefined : writeMerged(dir, rows);
  if (merged) writeStamp(dir, spec.name, key);
  return { dir, tasks: mine.length, ran: pending.length, resumed, torn: store.torn.length, rows, merged };
}

/**
 * A cached kind's stored tasks whose output is no longer fresh are forgotten: their lines are cut
 * out of the results files that hold them, so they run again and the merged table has only fresh
 * rows.
 */
function dropStale(
  tasks: Map<string, StoredTask>,
  mine: readonly StudyTask[],
  fresh: ((params: Record<string, unknown>) => boolean) | undefined,
  dir: string,
): void {
  if (!fresh) return;
  const stale = new Set(mine.filter((t) => tasks.has(t.key) && !fresh(t.params)).map((t) => t.key));
  if (!stale.size) return;
  for (const k of stale) tasks.delete(k);
  for (const f of resultFiles(dir)) {
    const lines = fs
      .readFileSync(f, "utf8")
      .split("\n")
      .filter((l) => l !== "");
    const kept = lines.filter((l) => !stale.has((JSON.parse(l) as StoredTask).key));
    if (kept.length < lines.length) fs.writeFileSync(f, kept.map((l) => l + "\n").join(""));
  }
}

async function runTask(
  fn: () => Record<string, unknown>[] | Promise<Record<string, unknown>[]>,
  t: StudyTask,
): Promise<Record<string, unknown>[]> {
  try {
    const rows = await fn();
    if (!Array.isArray(rows)) throw new Error("the kind returned no list of rows");
    return rows;
  } catch (e) {
    throw new Error(`study task ${t.index} ${t.key} failed: ${(e as Error).message}`);
  }
}

async function _runOnWorkers(
  tasks: StudyTask[],
  ref: StudyKindRef,
  root: string,
  n: number,
  finish: (t: StudyTask, rows: Record<string, unknown>[]) => void,
): Promise<void> {
  if (tasks.length === 0) return;
  const script = path.join(__dirname, "study-worker.cjs");
  const pool = Array.from({ length: n }, () => new Worker(script, { workerData: { root } }));
  let next = 0;
  try {
    await Promise.all(
      pool.map(async (w) => {
        while (next < tasks.length) {
          const t = tasks[next++];
          const rows = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
            const onMsg = (m: { rows?: Record<string, unknown>[]; error?: string }) => {
              w.off("error", onErr);
              if (m.error !== undefined)
                reject(new Error(`study task ${t.index} ${t.key} failed: ${m.error}`));
              else resolve(m.rows ?? []);
            };
            const onErr = (e: Error) => reject(e);
            w.once("message", onMsg);
            w.once("error", onErr);
            w.postMessage({ id: t.index, module: ref.module, export: ref.export, params: t.params });
          });
          finish(t, rows);
        }
      }),
    );
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
}
