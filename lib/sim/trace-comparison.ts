/** Several schedulers on the same shared traces, one metrics row per trace × scheduler (notebook 15). */
import type { Contender } from "./contender";
import { simulate } from "./engine";
import { scheduleMetrics } from "./metrics";
import { slurmPriority } from "./slurm-priority";
import { slurmScheduler } from "./slurm-scheduler";
import { loadTraceWorkload } from "./swf-workload";

/**
 * Metrics of each contender on the first `limit` jobs of each trace (one row per trace × contender,
 * in the contenders' order); a contender without a scheduler runs Slurm's at its defaults, without a
 * priority the multifactor priority of Table 2.
 */
export function compareSchedulersOnTraces(
  traces: readonly string[],
  contenders: readonly Contender[],
  options: { limit?: number; root?: string } = {},
) {
  return traces.flatMap((name) => {
    const w = loadTraceWorkload(name, { limit: options.limit, root: options.root });
    return contenders.map((c) => {
      const r = simulate(w.jobs, {
        nodes: w.nodes,
        coresPerNode: w.coresPerNode,
        scheduler: c.scheduler?.() ?? slurmScheduler(),
        priority: c.priority?.() ?? slurmPriority(),
      });
      const m = scheduleMetrics(r);
      return {
        trace: name,
        scheduler: c.label,
        nodes: w.nodes,
        jobs: m.jobs,
        meanWait_h: m.meanWait / 3600,
        p95Wait_h: m.p95Wait / 3600,
        meanBsld: m.meanBsld,
        p95Bsld: m.p95Bsld,
        utilisation: m.utilisation,
        makespan_d: m.makespan / 86400,
      };
    });
  });
}
