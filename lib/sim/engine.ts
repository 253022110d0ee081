/**
 * The deterministic discrete-event engine. At each instant, in this order: jobs end (their nodes
 * are free before anything else), jobs are submitted, timers fire (priority recalculation, then the
 * main-scheduler timer, then the backfill timer: EVENT_PRIORITY); then, if any job is
 * pending, the scheduler runs once with a bitmask of what happened (TRIGGER), else it observes them
 * (Scheduler.observe).
 * Tie rules: events at equal (time, priority) keep the order they were queued in (ends: the order
 * the jobs started); submits at one instant go in input order; the queue order is priority
 * descending, then submit time ascending, then input index ascending (lib/sim/pending-queue.ts).
 * Nodes are identical and allocated whole (node-exclusive); a job runs min(runtime, limit) seconds
 * and holds its nodes `completing` seconds more.
 * A job with predecessors (`dependsOn`, afterok) enters the queue when it is eligible, as if
 * submitted then (lib/sim/dependencies.ts); without dependencies every job is eligible at submit.
 */
import { invalidArgument } from "../util/errors";
import { integer } from "../util/options";
import { dependencyIndices } from "./dependencies";
import { type SimJob, type SimJobInput, normalizeJobs } from "./job";
import type { SimResult, SimulateOptions } from "./sim-result";
import { Simulation } from "./simulation";

export type { SimResult, SimulateOptions, SprioRow, TraceEvent } from "./sim-result";

/**
 * Runs a workload through a scheduler.
 * @param jobs the workload (validated; see {@link normalizeJobs}; dependencies: unknown ids,
 *   self-dependencies and cycles are refused naming the job's `dependsOn`)
 * @param options cluster, scheduler, priority model, tracing
 * @example simulate(jobs, { nodes: 8, scheduler: createScheduler({ name: "easy" }) })
 */
export function simulate(jobs: readonly SimJobInput[], options: SimulateOptions): SimResult {
  const nodes = integer(options.nodes, "nodes", 1);
  const cpn = integer(options.coresPerNode ?? 1, "coresPerNode", 1);
  if (options.totalCpus !== undefined) integer(options.totalCpus, "totalCpus", 1);
  if (!options.scheduler || typeof options.scheduler.run !== "function") {
    throw invalidArgument("scheduler", options.scheduler, "a Scheduler (use createScheduler)");
  }
  const normalized = normalizeJobs(jobs, nodes, cpn);
  return _simulate(normalized, dependencyIndices(normalized), nodes, cpn, options);
}

function _simulate(
  jobs: SimJob[],
  preds: number[][] | undefined,
  W: number,
  cpn: number,
  options: SimulateOptions,
): SimResult {
  const sim = new Simulation(jobs, preds, W, cpn, options);
  while (sim.hasEvents()) {
    const now = sim.nextInstant();
    let flags = sim.endJobs(now); // 1. ends at `now`
    flags |= sim.submitJobs(now); // 2. submits (and jobs made eligible) at `now`
    flags |= sim.fireTimers(now); // 3. timers at `now`
    sim.takeSnapshot(now);
    if (sim.queue.size > 0)
      sim.schedule(flags); // 4. one scheduling pass
    else if (flags !== 0) sim.observe(flags); // (nothing pending: the scheduler only keeps its clocks)
    if (sim.stopped()) break;
    sim.rearmTimers(now);
  }
  return sim.result();
}
