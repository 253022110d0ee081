/**
 * The real logs tests read: the Parallel Workloads Archive traces are not shipped, so a test that
 * needs one skips with a message naming the trace and the command that gets it, and fails under
 * CI=true, where the shared traces are always beside the project.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { findTrace, listTraces, traceDirectories } from "../lib/io/trace-paths";

const GET = "run 'npm run traces:download' (needs internet) or set SCHEDGAME_TRACES";

/** Says why a trace test is skipped; under CI=true throws instead (traces are required there). */
export function traceSkip(what: string): void {
  const msg = `skipping: ${what} not found in ${traceDirectories().join(", ")}; ${GET}`;
  if (process.env.CI === "true") throw new Error(`${msg} (required under CI=true)`);
  console.warn(msg);
}

/** The path of a trace by name, or undefined after {@link traceSkip}. */
export function sharedTrace(name: string): string | undefined {
  const p = findTrace(name);
  if (!p) traceSkip(`trace ${name}`);
  return p;
}

/** The shared traces' names (lib/io listTraces: synthetic/ included, no extension), or [] after {@link traceSkip}. */
export function sharedTraceNames(): string[] {
  const found = listTraces();
  if (!found) traceSkip("the shared traces");
  return found?.names ?? [];
}

/** The traces' manifest (file name and job count each header states), or [] after {@link traceSkip}. */
export function sharedTraceManifest(): { file: string; jobs: number }[] {
  const p = traceDirectories()
    .map((d) => path.join(d, "manifest.json"))
    .find((f) => fs.existsSync(f));
  if (!p) {
    traceSkip("the shared traces' manifest.json");
    return [];
  }
  return JSON.parse(fs.readFileSync(p, "utf8"));
}
