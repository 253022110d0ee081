/**
 * Notebook 11's planned-time accuracy sweep as a study kind (study/): one task = one trace and
 * one mode; the rows of {@link plannedAccuracyOnTrace} with the trace's name.
 */
import { loadTraceWorkload } from "../sim/swf-workload";
import { createRng } from "../util/rng";
import { studyMachine } from "../machines/real-machines";
import { plannedAccuracyOnTrace, type TraceAccuracyRow } from "./planned-accuracy-trace";

/**
 * Parameters: `source` (a trace name), `mode` ("all" | "users"), optional `jobs` (prefix length,
 * default 5000), `alphas` (default [0, 0.25, 0.5, 0.75, 1]), `target` (default 1), `seed` (users' draw, default 3),
 * `machine` (`{ nodes, coresPerNode }` overriding the log's header).
 */
export function plannedAccuracyStudyTask(
  params: Record<string, unknown>,
): (TraceAccuracyRow & { source: string; target: number })[] {
  const source = String(params.source);
  const w = loadTraceWorkload(source, {
    limit: (params.jobs as number | undefined) ?? 5000,
    machine: studyMachine(params.machine),
  });
  const target = (params.target as number | undefined) ?? 1;
  return plannedAccuracyOnTrace(w.jobs, {
    nodes: w.nodes,
    coresPerNode: w.coresPerNode,
    target,
    mode: (params.mode as "all" | "users" | undefined) ?? "all",
    alphas: (params.alphas as number[] | undefined) ?? [0, 0.25, 0.5, 0.75, 1],
    rng: createRng((params.seed as number | undefined) ?? 3),
  }).map((r) => ({ source, target, ...r }));
}
