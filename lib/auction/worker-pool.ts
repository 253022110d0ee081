/**
 * A small pool of worker threads that score strategies in parallel for the genetic algorithm. lib is
 * TypeScript run by tsx, vitest or tslab, none of which a worker thread inherits, so each worker starts
 * from `ga-worker.cjs`, a plain CommonJS file that registers tsx (`require("tsx/cjs")`) and then loads
 * fitness.ts. A task's candidates are split into one contiguous chunk per worker; the scores do not
 * depend on the split, so results are identical for any number of workers.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { Worker } from "node:worker_threads";
import { integer } from "../util/options";
import { invalidArgument } from "../util/errors";
import type { FitnessTask } from "./fitness";
import { projectRoot } from "../util/project-paths";

/** A running pool. Call {@link WorkerPool.close} when done (workers keep the process alive). */
export interface WorkerPool {
  /** Number of worker threads. */
  readonly size: number;
  /** Scores the task's candidates on the workers; same result as `evaluateStrategies(task)`. */
  evaluate(task: FitnessTask): Promise<number[]>;
  /** Terminates every worker. */
  close(): Promise<void>;
}

/** The path of the worker entry file (next to this module; falls back to `<cwd>/lib/auction`). */
export function workerScriptPath(): string {
  const candidates: string[] = [];
  if (typeof __dirname === "string") candidates.push(path.join(__dirname, "ga-worker.cjs"));
  candidates.push(path.resolve(projectRoot(), "lib", "auction", "ga-worker.cjs"));
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw invalidArgument("worker script", candidates, "an existing lib/auction/ga-worker.cjs");
  return found;
}

interface Pending {
  resolve: (v: number[]) => void;
  reject: (e: Error) => void;
}

/**
 * Starts `size` worker threads.
 * @param size number of threads (≥ 1)
 * @param script the worker entry file. Defaults to {@link workerScriptPath}().
 * @example const pool = createWorkerPool(2); const scores = await pool.evaluate(task); await pool.close();
 */
export function createWorkerPool(size: number, script = workerScriptPath()): WorkerPool {
  integer(size, "workers", 1);
  let nextId = 0;
  const pending = new Map<number, Pending>();
  const exited = new Map<Worker, Error>(); // workers that are gone: a task sent there is failed at once
  const workers = Array.from({ length: size }, () => {
    const w = new Worker(script);
    w.on("message", (msg: { id: number; fitness?: number[]; error?: string }) => {
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      if (msg.error !== undefined) p.reject(new Error(`fitness worker failed: ${msg.error}`));
      else p.resolve(msg.fitness as number[]);
    });
    const failAll = (e: Error) => {
      for (const p of pending.values()) p.reject(e);
      pending.clear();
    };
    w.on("error", (e) => failAll(e instanceof Error ? e : new Error(String(e))));
    // a worker that exits (killed, out of memory) leaves its tasks unanswered: fail them, never wait
    w.on("exit", (code) => {
      const e = new Error(`fitness worker exited (code ${code}) before answering`);
      exited.set(w, e);
      failAll(e);
    });
    return w;
  });
  const run = (w: Worker, task: FitnessTask) =>
    new Promise<number[]>((resolve, reject) => {
      const gone = exited.get(w);
      if (gone) return reject(gone);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      w.postMessage({ id, task });
    });
  return {
    size,
    async evaluate(task) {
      const n = task.candidates.length;
      const chunk = Math.ceil(n / size);
      const parts: Promise<number[]>[] = [];
      for (let k = 0; k < size && k * chunk < n; k++) {
        parts.push(
          run(workers[k], { ...task, candidates: task.candidates.slice(k * chunk, (k + 1) * chunk) }),
        );
      }
      return (await Promise.all(parts)).flat();
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
