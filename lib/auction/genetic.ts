/**
 * The genetic algorithm of seed 004 (Section 4.4) that evolves the coefficients of the PS (6) or GV
 * (18) bid-function family. Each generation every individual plays the same fresh set of scenarios
 * (common random numbers, see fitness.ts) against the opponents' strategy: the seed's default
 * strategy, or — with `opponents: "elite"` (co-evolution) — the previous generation's best individual.
 *
 * Operators: elitism (the best `elite` individuals survive unchanged), tournament selection, uniform
 * crossover and Gaussian mutation with a per-coefficient scale (the coefficients of d², t² … act on
 * values up to ~50², so each gets a step matched to its term). The initial population is the default
 * strategy plus mutated copies of it. Everything random comes from the seed: the same seed and options
 * give the same result whatever the number of worker threads.
 */
import { finiteNumber, integer, keyword } from "../util/options";
import { invalidArgument } from "../util/errors";
import { mean } from "../util/stats";
import { createRng, type Rng } from "../util/rng";
import type { BidVectorFamilyName } from "./bid-vector";
import { type AuctionEnvironment, STANDARD_ENVIRONMENT } from "./environment";
import { type FitnessTask, type FitnessWeights, _evaluateStrategies, checkFitnessTask } from "./fitness";
import { DEFAULT_GV_COEFFICIENTS, DEFAULT_PS_COEFFICIENTS } from "./strategies";
import { createWorkerPool } from "./worker-pool";

/** Progress of a genetic run, reported after every generation. */
export interface GeneticProgress {
  /** Generation just scored (1-based) and the total. */
  generation: number;
  generations: number;
  /** Best, mean and worst score of the generation (lower is better). */
  best: number;
  mean: number;
  worst: number;
  /** Milliseconds the generation took. */
  ms: number;
}

/** Options of {@link evolveStrategy}. */
export interface GeneticOptions extends FitnessWeights {
  /** The market whose bid family is evolved. Defaults to "ps". */
  mechanism?: "ps" | "gv";
  /** The environment. Defaults to STANDARD_ENVIRONMENT. */
  environment?: AuctionEnvironment;
  /** Individuals per generation. Defaults to 16. */
  populationSize?: number;
  /** Generations. Defaults to 10. */
  generations?: number;
  /** Scenarios (simulated runs) per individual per generation. Defaults to 24. */
  scenarios?: number;
  /** The seed. Defaults to 1. */
  seed?: number | string;
  /** "default" (the seed's default strategy), "elite" (last generation's best) or fixed coefficients. Defaults to "default". */
  opponents?: "default" | "elite" | number[];
  /** Individuals kept unchanged each generation. Defaults to 2. */
  elite?: number;
  /** Tournament size for parent selection. Defaults to 3. */
  tournament?: number;
  /** Probability that a coefficient mutates. Defaults to 0.3. */
  mutationRate?: number;
  /** Mutation step, in units of each coefficient's scale. Defaults to 0.5. */
  mutationSd?: number;
  /** Worker threads scoring each generation in parallel (0 = this thread). Defaults to 0. */
  workers?: number;
  /** Cycling period of the mechanisms, rounds. Defaults to 3. */
  period?: number;
  /** The GV bid-vector family. Defaults to "power". */
  bidVectorFamily?: BidVectorFamilyName;
  /** What the strategies' d is. Defaults to "deadline". */
  horizon?: "deadline" | "predicted";
  /** Called after every generation (e.g. to print {@link formatGeneticProgress}). Defaults to none. */
  onProgress?: (p: GeneticProgress) => void;
}

/** One generation's record. */
export interface GenerationRecord {
  generation: number;
  best: number;
  mean: number;
  worst: number;
  /** The best individual's coefficients. */
  bestCoefficients: number[];
}

/** The result of a genetic run. */
export interface GeneticResult {
  mechanism: "ps" | "gv";
  seed: number | string;
  /** The best individual of the last generation. */
  best: number[];
  /** The last generation, best first, and its scores. */
  population: number[][];
  scores: number[];
  /** One record per generation. */
  history: GenerationRecord[];
}

/** Mutation scale of the six coefficients of one rational polynomial (c1/d, 1, d, d², t, t²). */
const BLOCK_SCALE = [1, 0.05, 0.002, 0.0001, 0.02, 0.0005];

/** The per-coefficient mutation scales of a family (GV blocks: N_max/N ×5, b_max/B ×1, r ×10). */
export function coefficientScales(mechanism: "ps" | "gv"): number[] {
  if (mechanism === "ps") return BLOCK_SCALE.slice();
  return [...BLOCK_SCALE.map((s) => 5 * s), ...BLOCK_SCALE, ...BLOCK_SCALE.map((s) => 10 * s)];
}

function mutate(
  c: readonly number[],
  scales: readonly number[],
  rate: number,
  sd: number,
  rng: Rng,
): number[] {
  return c.map((x, i) => (rng.next() < rate ? x + rng.normal(0, sd * scales[i]) : x));
}

/** A one-line text progress bar for a generation. */
export function formatGeneticProgress(p: GeneticProgress, width = 20): string {
  const filled = Math.round((width * p.generation) / p.generations);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] generation ${p.generation}/${p.generations}: best ${p.best.toFixed(3)}, mean ${p.mean.toFixed(3)} (${(p.ms / 1000).toFixed(1)} s)`;
}

/**
 * Evolves a bid strategy.
 * @param options market, environment, GA sizes, seed, opponents, operators, workers, progress callback
 * @returns the best strategy, the final population and the per-generation history
 * @example const r = await evolveStrategy({ mechanism: "ps", generations: 5, seed: 1 }); r.best
 */
export async function evolveStrategy(options: GeneticOptions = {}): Promise<GeneticResult> {
  const {
    mechanism = "ps",
    environment = STANDARD_ENVIRONMENT,
    populationSize = 16,
    generations = 10,
    scenarios = 24,
    seed = 1,
    opponents = "default",
    elite = 2,
    tournament = 3,
    mutationRate = 0.3,
    mutationSd = 0.5,
    workers = 0,
    period = 3,
    bidVectorFamily = "power",
    horizon = "deadline",
    workWeight = 0,
    moneyWeight = 0,
    onProgress,
  } = options;
  keyword(mechanism, "mechanism", ["ps", "gv"] as const);
  integer(populationSize, "populationSize", 2);
  integer(generations, "generations", 1);
  integer(elite, "elite", 0, populationSize - 1);
  integer(tournament, "tournament", 1, populationSize);
  finiteNumber(mutationRate, "mutationRate", 0, 1);
  finiteNumber(mutationSd, "mutationSd", 0);
  integer(workers, "workers", 0, 64);
  if (onProgress !== undefined && typeof onProgress !== "function")
    throw invalidArgument("onProgress", onProgress, "a function");
  const def = (mechanism === "ps" ? DEFAULT_PS_COEFFICIENTS : DEFAULT_GV_COEFFICIENTS).slice();
  const fixedOpp = opponents === "default" ? def : opponents === "elite" ? def : opponents;
  if (typeof opponents === "string") keyword(opponents, "opponents", ["default", "elite"] as const);
  const base: FitnessTask = {
    mechanism,
    environment,
    candidates: [],
    opponents: fixedOpp.slice(),
    seed: `${String(seed)}/ga`,
    scenarioStart: 0,
    scenarios,
    period,
    bidVectorFamily,
    horizon,
    workWeight,
    moneyWeight,
  };
  checkFitnessTask(base);
  const rng = createRng(seed).fork("ga");
  const scales = coefficientScales(mechanism);
  let population: number[][] = [def.slice()];
  while (population.length < populationSize) population.push(mutate(def, scales, 1, mutationSd * 2, rng));
  const pool = workers > 0 ? createWorkerPool(workers) : undefined;
  const history: GenerationRecord[] = [];
  let scores: number[] = [];
  let opp = fixedOpp.slice();
  try {
    for (let g = 0; g < generations; g++) {
      const t0 = Date.now();
      const task: FitnessTask = {
        ...base,
        candidates: population,
        opponents: opp,
        scenarioStart: g * scenarios,
      };
      scores = pool ? await pool.evaluate(task) : _evaluateStrategies(task);
      const order = population.map((_, i) => i).sort((a, b) => scores[a] - scores[b] || a - b);
      population = order.map((i) => population[i]);
      scores = order.map((i) => scores[i]);
      const meanScore = mean(scores);
      history.push({
        generation: g + 1,
        best: scores[0],
        mean: meanScore,
        worst: scores[scores.length - 1],
        bestCoefficients: population[0].slice(),
      });
      onProgress?.({
        generation: g + 1,
        generations,
        best: scores[0],
        mean: meanScore,
        worst: scores[scores.length - 1],
        ms: Date.now() - t0,
      });
      if (g === generations - 1) break;
      if (opponents === "elite") opp = population[0].slice();
      const pick = () => {
        let bestIdx = rng.int(0, populationSize - 1);
        for (let k = 1; k < tournament; k++) bestIdx = Math.min(bestIdx, rng.int(0, populationSize - 1));
        return population[bestIdx];
      };
      const next = population.slice(0, elite).map((c) => c.slice());
      while (next.length < populationSize) {
        const a = pick();
        const b = pick();
        const child = a.map((x, i) => (rng.next() < 0.5 ? x : b[i]));
        next.push(mutate(child, scales, mutationRate, mutationSd, rng));
      }
      population = next;
    }
  } finally {
    await pool?.close();
  }
  return { mechanism, seed, best: population[0].slice(), population, scores, history };
}
