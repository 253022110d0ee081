/**
 * The thesis's "first scheduling iteration" of a simulated sample (Section 6.3.4): the simulator's
 * jobs ordered by start time (ties: input order), kept while they fit in W nodes; and, beside it,
 * the jobs that actually started at the first instant. Value of a job v = w·min (nodes × planned
 * minutes, the inexperienced bid); Total Value TV = Σ v over the kept jobs; the Price of Anarchy of a
 * sample is TV(ideal knapsack) / TV(simulator).
 */
import { integer, keyword } from "../util/options";
import type { SimResult } from "./engine";

/** Options of {@link firstIteration}. */
export interface FirstIterationOptions {
  /** Capacity W, nodes. Defaults to the simulated cluster's size. */
  capacity?: number;
  /**
   * "stop": keep jobs in start order until the first that would overflow W (the thesis's "while
   * they fit"); "skip": skip an overflowing job and keep trying later ones. Defaults to "stop".
   */
  overflow?: "stop" | "skip";
}

/** One set of jobs with its total value and nodes. */
export interface JobSetValue {
  /** Job ids, in start order. */
  ids: string[];
  /** Σ nodes · planned minutes (node·minutes). */
  TV: number;
  /** Σ nodes. */
  nodes: number;
}

/** The first iteration of a simulation. */
export interface FirstIteration {
  /** Jobs kept in start order while they fit in W (the thesis's comparison set). */
  byStartOrder: JobSetValue;
  /** Jobs that started at the first start instant of the simulation. */
  atFirstInstant: JobSetValue & { time: number };
}

/** The thesis's value of a simulated job: nodes × planned minutes. */
export function jobValue(job: { nodes: number; limit: number }): number {
  return job.nodes * (job.limit / 60);
}

/** The first scheduling iteration of a simulated sample. */
export function firstIteration(result: SimResult, options: FirstIterationOptions = {}): FirstIteration {
  const W = integer(options.capacity ?? result.nodes, "capacity", 1);
  const overflow = keyword(options.overflow ?? "stop", "overflow", ["stop", "skip"] as const);
  const idx = result.jobs.map((_, i) => i).filter((i) => !Number.isNaN(result.start[i]));
  idx.sort((a, b) => result.start[a] - result.start[b] || a - b);
  const kept: JobSetValue = { ids: [], TV: 0, nodes: 0 };
  for (const i of idx) {
    const j = result.jobs[i];
    if (kept.nodes + j.nodes > W) {
      if (overflow === "stop") break;
      continue;
    }
    kept.ids.push(j.id);
    kept.TV += jobValue(j);
    kept.nodes += j.nodes;
  }
  const t = idx.length ? result.start[idx[0]] : NaN;
  const first: JobSetValue & { time: number } = { ids: [], TV: 0, nodes: 0, time: t };
  for (const i of idx) {
    if (result.start[i] !== t) break;
    const j = result.jobs[i];
    first.ids.push(j.id);
    first.TV += jobValue(j);
    first.nodes += j.nodes;
  }
  return { byStartOrder: kept, atFirstInstant: first };
}
