/** Several schedulers on the same shared traces, one metrics row per trace × scheduler (notebook 15). */
import { type SchedulerSpec, createScheduler } from "./create-scheduler";
import { simulate } from "./engine";
import { scheduleMetrics } from "./metrics";
import type { UserScheduler } from "./extra-schedulers";
import type { PriorityModel } from "./priority";
import { slurmPriority } from "./slurm-priority";
import { loadTraceWorkload } from "./swf-workload";

/** A scheduler to compare: a label, its spec and optionally a priority model factory. */
export interface ComparedScheduler {
  label: string;
  spec: SchedulerSpec;
  priority?: () => PriorityModel;
}

/**
 * Metrics of several schedulers on the first `limit` jobs of each trace (one row per trace ×
 * scheduler), then of `extra`, schedulers of your own (`extraSchedulers`; a `slurm` base without a
 * formula runs the multifactor priority of Table 2).
 */
export function compareSchedulersOnTraces(
  traces: readonly string[],
  schedulers: readonly ComparedScheduler[],
  options: { limit?: number; root?: string; extra?: readonly UserScheduler[] } = {},
) {
  const all = schedulers.concat(
    (options.extra ?? []).map((u) => ({
      label: u.label,
      spec: u.scheduler ?? { name: "slurm" },
      priority: () => u.priorityModel ?? slurmPriority(),
    })),
  );
  return traces.flatMap((name) => {
    const w = loadTraceWorkload(name, { limit: options.limit, root: options.root });
    return all.map((s) => {
      const r = simulate(w.jobs, {
        nodes: w.nodes,
        coresPerNode: w.coresPerNode,
        scheduler: createScheduler(s.spec),
        priority: s.priority?.(),
      });
      const m = scheduleMetrics(r);
      return {
        trace: name,
        scheduler: s.label,
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
