/**
 * Experiments with the budget scheduler (thesis Section 8): against Slurm's Fair Tree multifactor
 * priority and EASY on a replayed workload (utilisation, wait, bounded slowdown, per-user fairness);
 * its first scheduling iteration on the thesis's samples as budgets tighten (Total Value beside
 * Slurm's and the greedy 1B's); and a counterexample showing that truthful bidding stops being a
 * dominant strategy once budgets bind across rounds.
 */
import type { Sample } from "../sample/draw";
import { finiteNumber } from "../util/options";
import type { Contender } from "../sim/contender";
import { createScheduler } from "../sim/create-scheduler";
import { simulate } from "../sim/engine";
import { firstIteration } from "../sim/first-iteration";
import { jobsFromRecords, type SimJob, type SimJobInput } from "../sim/job";
import { scheduleMetrics } from "../sim/metrics";
import { poaRows, type PoaOptions } from "../sim/poa";
import { slurmPriority } from "../sim/slurm-priority";
import { type BudgetSchedulerOptions, budgetScheduler } from "./budget-scheduler";
import { userFairness } from "./fairness";

/** One scheduler's row in {@link budgetComparison}. */
export interface BudgetComparisonRow {
  scheduler: string;
  jobs: number;
  utilisation: number;
  meanWait: number;
  p95Wait: number;
  meanBsld: number;
  /** Jain's index of received / entitled node-seconds over users, in the fairness window (default: the first half of the submit span). */
  jain: number;
  /** The lowest budget after a charge (budget schedulers), currency. */
  minBudget: number;
}

/**
 * EASY, Slurm with the Fair Tree multifactor priority, and the budget scheduler under each set of
 * options (defaults: the original greedy, the modified greedy, and unlimited budgets, refilled every
 * `period`), on the same workload.
 */
export function budgetComparison(
  jobs: readonly SimJobInput[],
  options: {
    nodes: number;
    coresPerNode?: number;
    budgets?: readonly { name: string; options: BudgetSchedulerOptions }[];
    /** Refill period of the default budgets, seconds (ignored with `budgets`). Defaults to the scheduler's. */
    period?: number;
    fairnessWindow?: [number, number];
    /** Schedulers of your own (contender.ts), after every built-in row; a part one leaves out is Slurm's scheduler with the Fair Tree multifactor priority. Defaults to none. */
    contenders?: readonly Contender[];
  },
): BudgetComparisonRow[] {
  const period = options.period;
  const variants: readonly { name: string; options: BudgetSchedulerOptions }[] = options.budgets ?? [
    { name: "budget, greedy", options: { period } },
    { name: "budget, modified greedy", options: { period, rule: "modified" } },
    { name: "budget, unlimited (plain greedy per pass)", options: { period, refill: Infinity } },
  ];
  const runs: { name: string; run: () => ReturnType<typeof simulate>; min?: () => number }[] = [
    {
      name: "EASY (FIFO)",
      run: () =>
        simulate(jobs, {
          nodes: options.nodes,
          coresPerNode: options.coresPerNode,
          scheduler: createScheduler({ name: "easy" }),
        }),
    },
    {
      name: "Slurm, Fair Tree multifactor",
      run: () =>
        simulate(jobs, {
          nodes: options.nodes,
          coresPerNode: options.coresPerNode,
          scheduler: createScheduler({ name: "slurm" }),
          priority: slurmPriority({}),
        }),
    },
  ];
  for (const v of variants) {
    const s = budgetScheduler(v.options);
    runs.push({
      name: v.name,
      run: () => simulate(jobs, { nodes: options.nodes, coresPerNode: options.coresPerNode, scheduler: s }),
      min: () => s.minBudgetSeen(),
    });
  }
  for (const c of options.contenders ?? [])
    runs.push({
      name: c.label,
      run: () =>
        simulate(jobs, {
          nodes: options.nodes,
          coresPerNode: options.coresPerNode,
          scheduler: c.scheduler?.() ?? createScheduler({ name: "slurm" }),
          priority: c.priority?.() ?? slurmPriority({}),
        }),
    });
  // Jain's index over the fairness window, by default the first half of the submit span
  const window = options.fairnessWindow ?? [0, (Math.max(...jobs.map((j) => j.submit)) || 1) / 2];
  return runs.map(({ name, run, min }) => comparisonRow(name, run(), window, min?.()));
}

// one run's row: its metrics and Jain's index over the window
function comparisonRow(
  scheduler: string,
  r: ReturnType<typeof simulate>,
  window: [number, number],
  minBudget = NaN,
): BudgetComparisonRow {
  const m = scheduleMetrics(r);
  return {
    scheduler,
    jobs: m.jobs,
    utilisation: m.utilisation,
    meanWait: m.meanWait,
    p95Wait: m.p95Wait,
    meanBsld: m.meanBsld,
    jain: userFairness(r, undefined, window).jain,
    minBudget,
  };
}

/** One sample at one budget level: the first iteration's Total Value under the budget scheduler, Slurm and the greedy 1B. */
export interface BudgetFirstIterationRow {
  sample: string;
  /** The users' budgets as a share of the sample's total bid Σ w·min (Infinity: unlimited). */
  level: number;
  tvBudget: number;
  tvSlurm: number;
  tvGreedy: number;
  /** Each contender's first-iteration TV on the sample (no budget), in the contenders' order. */
  tvYours: { label: string; TV: number }[];
}

/**
 * The first scheduling iteration of each thesis sample (all jobs at t = 0, W nodes) under the budget
 * scheduler with the users' budgets at each `level` (a fraction of the sample's total bid Σ w·min),
 * beside Slurm's first iteration and the greedy 1B's Total Value.
 */
export function budgetFirstIteration(
  samples: readonly Sample[],
  options: PoaOptions & { levels?: readonly number[]; contenders?: readonly Contender[] },
): BudgetFirstIterationRow[] {
  const W = options.nodes ?? 3456;
  const levels = options.levels ?? [0.05, 0.25, 1, Infinity];
  levels.forEach((l) => finiteNumber(l === Infinity ? 1 : l, "levels", Number.MIN_VALUE));
  return samples.flatMap((s) => {
    const slurm = poaRows([s], options)[0];
    const tvYours = (options.contenders ?? []).map((c) => ({
      label: c.label,
      TV: poaRows([s], { ...options, contender: c })[0].TV,
    }));
    const jobs = jobsFromRecords(s.jobs, { submit: "zero", maxNodes: W });
    const total = jobs.reduce((a, j) => a + j.nodes * j.limit, 0);
    return levels.map((level) => {
      const sch = budgetScheduler({ refill: level === Infinity ? Infinity : level * total, period: 1e9 });
      const fi = firstIteration(simulate(jobs, { nodes: W, scheduler: sch, stopAfterStartedNodes: W }), {
        capacity: W,
        overflow: options.overflow,
      });
      return {
        sample: s.name,
        level,
        tvBudget: fi.byStartOrder.TV,
        tvSlurm: slurm.TV,
        tvGreedy: slurm.TV_1B1,
        tvYours,
      };
    });
  });
}

/** One strategy's outcome in {@link truthfulnessCounterexample}. */
export interface CounterexampleRow {
  strategy: string;
  /** Jobs of user A that started in their round, and what A paid in all. */
  aWon: string;
  aPaid: number;
  /** A's utility Σ (value − payment). */
  aUtility: number;
}

/**
 * A two-user, one-node market over two rounds in which bidding truthfully is not a best response
 * once budgets bind. Both users get 10 per period (one period covers both rounds). Round 1 (t = 0):
 * A's job a1 (value 8) against B's b1 (6). Round 2 (t = 100): A's a2 (value 10) against B's b2 (5).
 * A job is worth its value only when it starts in its round (at its submit time); a job that loses
 * runs later for free but is worth nothing then. Truthful: A wins a1 and pays 6, is left with 4, and
 * loses a2 to b2. Withholding a1 (bidding 0): A keeps 10 and wins a2 paying 5 — a higher utility.
 */
export function truthfulnessCounterexample(): CounterexampleRow[] {
  const value = new Map([
    ["a1", 8],
    ["b1", 6],
    ["a2", 10],
    ["b2", 5],
  ]);
  const job = (id: string, user: string, submit: number): SimJob =>
    ({ id, user, account: user, submit, nodes: 1, limit: 50, runtime: 50 }) as SimJob;
  const all = [job("a1", "A", 0), job("b1", "B", 0), job("a2", "A", 100), job("b2", "B", 100)];
  const run = (strategy: string, jobs: SimJob[]): CounterexampleRow => {
    const s = budgetScheduler({ refill: 20, period: 1e6, bid: (j) => value.get(j.id)!, interval: 1000 });
    simulate(jobs, { nodes: 1, scheduler: s });
    const submitOf = new Map(jobs.map((j) => [j.id, j.submit]));
    const a = s.charges().filter((c) => c.payer === "A");
    const inRound = a.filter((c) => c.time === submitOf.get(c.job));
    return {
      strategy,
      aWon: inRound.map((c) => c.job).join(", ") || "none",
      aPaid: a.reduce((x, c) => x + c.payment, 0),
      aUtility: a.reduce(
        (x, c) => x + (c.time === submitOf.get(c.job) ? value.get(c.job)! : 0) - c.payment,
        0,
      ),
    };
  };
  return [
    run("truthful (bid 8 on a1)", all),
    run(
      "withhold a1 (bid 0)",
      all.filter((j) => j.id !== "a1"),
    ),
  ];
}
