/**
 * Small workloads that illustrate thesis Section 3 (the scheduling mechanism): a large
 * high-priority job at the head of the queue on a busy machine, small short jobs behind it, and
 * optionally an urgent job that arrives later (BF_MOD vs BF_UNMOD). Plus helpers to run several
 * schedulers on one workload and to pad time limits.
 */
import { finiteNumber, integer } from "../util/options";
import type { Rng } from "../util/rng";
import { type SchedulerSpec, createScheduler } from "./create-scheduler";
import { type SimResult, simulate } from "./engine";
import type { SimJobInput } from "./job";
import { scheduleMetrics } from "./metrics";
import { type PriorityModel, priorityModel } from "./priority";

/** Options of {@link blockingScenario}. */
export interface BlockingScenarioOptions {
  /** Cluster size, nodes. Defaults to 100. */
  nodes?: number;
  /** Share of the nodes the running background jobs hold at t = 0. Defaults to 0.9. */
  busyShare?: number;
  /** Background jobs' remaining run time range, hours. Defaults to [1, 4]. */
  busyHours?: [number, number];
  /** The large job's share of the nodes (the thesis's example: 25%). Defaults to 0.25. */
  bigShare?: number;
  /** The large job's planned time, hours (the thesis: 10). Defaults to 10. */
  bigHours?: number;
  /** Small jobs behind it. Defaults to 40. */
  smallJobs?: number;
  /** Small jobs' size range as a share of the nodes (the thesis: 1–2%). Defaults to [0.01, 0.02]. */
  smallShare?: [number, number];
  /** Small jobs' planned time range, minutes (the thesis: under an hour). Defaults to [10, 60]. */
  smallMinutes?: [number, number];
  /** Real run time as a share of the planned time, uniform range. Defaults to [0.5, 1]. */
  runShare?: [number, number];
  /** Add an urgent large job (QoS "urgent") this many hours after the start; 0 = none. Defaults to 0. */
  urgentAfterHours?: number;
}

/**
 * The Section 3 example: background jobs (user "bg") already hold most of the machine, the large
 * job "BIG" (user "big") is submitted first, then the small jobs (users "s1".."s4"). Jobs of QoS
 * "urgent" outrank everything under {@link scenarioPriority}.
 */
export function blockingScenario(
  rng: Rng,
  options: BlockingScenarioOptions = {},
): { nodes: number; jobs: SimJobInput[] } {
  const W = integer(options.nodes ?? 100, "nodes", 4);
  const busy = Math.floor(W * finiteNumber(options.busyShare ?? 0.9, "busyShare", 0, 1));
  const [bh0, bh1] = options.busyHours ?? [1, 4];
  const [rs0, rs1] = options.runShare ?? [0.5, 1];
  const jobs: SimJobInput[] = [];
  let left = busy,
    k = 0;
  while (left > 0) {
    const n = Math.min(left, rng.int(1, Math.max(1, Math.round(W / 10))));
    const limit = Math.round(rng.uniform(bh0, bh1) * 3600);
    jobs.push({
      id: `bg${k++}`,
      submit: 0,
      nodes: n,
      limit,
      runtime: Math.round(limit * rng.uniform(rs0, rs1)),
      user: "bg",
      account: "bg",
    });
    left -= n;
  }
  const bigLimit = Math.round(finiteNumber(options.bigHours ?? 10, "bigHours", 0) * 3600);
  jobs.push({
    id: "BIG",
    submit: 1,
    nodes: Math.max(1, Math.round(W * (options.bigShare ?? 0.25))),
    limit: bigLimit,
    runtime: Math.round(bigLimit * rng.uniform(rs0, rs1)),
    user: "big",
    account: "big",
  });
  const [ss0, ss1] = options.smallShare ?? [0.01, 0.02];
  const [sm0, sm1] = options.smallMinutes ?? [10, 60];
  const nSmall = integer(options.smallJobs ?? 40, "smallJobs", 0);
  for (let i = 0; i < nSmall; i++) {
    const limit = rng.int(sm0, sm1) * 60;
    jobs.push({
      id: `s${i}`,
      submit: 2 + i,
      nodes: Math.max(1, Math.round(W * rng.uniform(ss0, ss1))),
      limit,
      runtime: Math.round(limit * rng.uniform(rs0, rs1)),
      user: `s${1 + (i % 4)}`,
      account: "small",
    });
  }
  const urgent = options.urgentAfterHours ?? 0;
  if (urgent > 0) {
    jobs.push({
      id: "URGENT",
      submit: Math.round(urgent * 3600),
      nodes: Math.max(1, Math.round(W * (options.bigShare ?? 0.25))),
      limit: 2 * 3600,
      runtime: 2 * 3600,
      user: "urgent",
      account: "urgent",
      qos: "urgent",
    });
  }
  return { nodes: W, jobs };
}

/** Priority for the scenarios: QoS "urgent" first, then submit order. */
export function scenarioPriority(): PriorityModel {
  return priorityModel((j) => (j.qos === "urgent" ? 1 : 0), { name: "urgent-first", calcPeriod: 0 });
}

/** Runs every scheduler on the same workload (fresh scheduler and priority model each). */
export function runSchedulers(
  jobs: readonly SimJobInput[],
  nodes: number,
  specs: readonly SchedulerSpec[],
  priority?: () => PriorityModel,
): SimResult[] {
  return specs.map((spec) =>
    simulate(jobs, { nodes, scheduler: createScheduler(spec), priority: priority?.() }),
  );
}

/** The same jobs with limit = max(runtime, 60 s) × factor (accurate at 1, padded above). */
export function withPaddedLimits(
  jobs: readonly SimJobInput[],
  factor: number,
  only?: (j: SimJobInput) => boolean,
): SimJobInput[] {
  finiteNumber(factor, "factor", 1);
  return jobs.map((j) =>
    only && !only(j) ? j : { ...j, limit: Math.ceil(Math.max(j.runtime, 60) * factor) },
  );
}

/** Mean wait (minutes) and utilisation per scheduler as time limits are padded by each factor. */
export function paddingSweep(
  jobs: readonly SimJobInput[],
  nodes: number,
  factors: readonly number[],
  specs: readonly SchedulerSpec[],
  only?: (j: SimJobInput) => boolean,
) {
  return factors.flatMap((f) =>
    runSchedulers(withPaddedLimits(jobs, f, only), nodes, specs).map((r) => {
      const m = scheduleMetrics(r);
      return {
        factor: f,
        scheduler: r.scheduler,
        meanWait_min: m.meanWait / 60,
        meanBsld: m.meanBsld,
        utilisation: m.utilisation,
      };
    }),
  );
}
