/**
 * The fitness of bidding strategies (seed 004, Section 4.1): a strategy's performance is measured by
 * simulating runs in which one agent uses it and the others use the opponents' strategy, over many
 * random job sets; two strategies are compared on the same job sets (common random numbers). Here every
 * candidate of a task meets exactly the same scenarios: scenario i is run `scenarioStart + i` of the
 * task's seed (see runJobs), with the candidate in agent slot i mod agents.
 *
 * The score (lower is better) is the mean over scenarios of
 *   incomplete frames + workWeight · work left (server·rounds) − moneyWeight · money left / budget,
 * the seed's three core metrics; by default only incomplete frames count.
 *
 * A {@link FitnessTask} is plain data (structured-clonable), so it can be sent to worker threads.
 */
import { finiteNumber, integer, keyword } from "../util/options";
import { invalidArgument } from "../util/errors";
import { BID_VECTOR_FAMILIES, type BidVectorFamilyName, bidVectorFamily } from "./bid-vector";
import { type AuctionEnvironment, type RenderJob, checkEnvironment, frameWorkMean } from "./environment";
import { runJobs } from "./experiment";
import { _simulateRun } from "./simulator";
import { checkCoefficients } from "./strategies";

/** Weights of the three metrics in the score. */
export interface FitnessWeights {
  /** Weight of the work left, per server·round. Defaults to 0. */
  workWeight?: number;
  /** Weight of the share of the budget left (subtracted). Defaults to 0. */
  moneyWeight?: number;
}

/** One batch of strategy evaluations (plain data). */
export interface FitnessTask extends FitnessWeights {
  /** The market: "ps" (6 coefficients) or "gv" (18). */
  mechanism: "ps" | "gv";
  /** The environment. */
  environment: AuctionEnvironment;
  /** The candidates' coefficient vectors. */
  candidates: number[][];
  /** The coefficients every other agent uses. */
  opponents: number[];
  /** The seed of the job sets. */
  seed: number | string;
  /** The first run index and the number of scenarios. */
  scenarioStart: number;
  scenarios: number;
  /** FS/PS/GV cycling period, rounds. Defaults to 3. */
  period?: number;
  /** The GV bid-vector family (a built-in name, so the task stays plain data). Defaults to "power". */
  bidVectorFamily?: BidVectorFamilyName;
  /** What the strategies' d is (see AuctionSimulationOptions.horizon). Defaults to "deadline". */
  horizon?: "deadline" | "predicted";
}

/** Validates a task; throws the house `invalid …` error. */
export function checkFitnessTask(task: FitnessTask): void {
  if (!task || typeof task !== "object") throw invalidArgument("task", task, "a FitnessTask object");
  const mechanism = keyword(task.mechanism, "mechanism", ["ps", "gv"] as const);
  const len = mechanism === "ps" ? 6 : 18;
  checkEnvironment(task.environment);
  if (!Array.isArray(task.candidates))
    throw invalidArgument("candidates", task.candidates, "an array of coefficient vectors");
  task.candidates.forEach((c, i) => checkCoefficients(c, len, `candidates[${i}]`));
  checkCoefficients(task.opponents, len, "opponents");
  integer(task.scenarioStart, "scenarioStart", 0);
  integer(task.scenarios, "scenarios", 1);
  integer(task.period ?? 3, "period", 1);
  keyword(task.bidVectorFamily ?? "power", "bidVectorFamily", BID_VECTOR_FAMILIES);
  keyword(task.horizon ?? "deadline", "horizon", ["deadline", "predicted"] as const);
  finiteNumber(task.workWeight ?? 0, "workWeight");
  finiteNumber(task.moneyWeight ?? 0, "moneyWeight");
}

/**
 * Scores every candidate of a task (lower is better).
 * @returns one score per candidate, in order
 * @example evaluateStrategies({ mechanism: "ps", environment: STANDARD_ENVIRONMENT, candidates: [[2,0,0,0,0,0]], opponents: [2,0,0,0,0,0], seed: 1, scenarioStart: 0, scenarios: 10 })
 */
export function evaluateStrategies(task: FitnessTask): number[] {
  checkFitnessTask(task);
  return _evaluateStrategies(task);
}

/** {@link evaluateStrategies} without validation (what the worker threads run). */
export function _evaluateStrategies(task: FitnessTask): number[] {
  const env = task.environment;
  const family = bidVectorFamily(task.bidVectorFamily ?? "power");
  const prior = task.horizon === "predicted" ? frameWorkMean(env.frameWork) : -1;
  const { workWeight = 0, moneyWeight = 0, period = 3 } = task;
  const jobSets: RenderJob[][] = [];
  for (let i = 0; i < task.scenarios; i++) jobSets.push(runJobs(env, task.seed, task.scenarioStart + i));
  return task.candidates.map((cand) => {
    let total = 0;
    for (let i = 0; i < task.scenarios; i++) {
      const slot = i % env.agents;
      const strategies = jobSets[i].map((_, a) => (a === slot ? cand : task.opponents));
      const out = _simulateRun(jobSets[i], task.mechanism, env.servers, strategies, period, family, prior)
        .agents[slot];
      const budget = out.moneyLeft + out.spent;
      total +=
        out.incomplete +
        workWeight * out.workLeft -
        (budget > 0 ? (moneyWeight * out.moneyLeft) / budget : 0);
    }
    return total / task.scenarios;
  });
}
