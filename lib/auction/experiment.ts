/**
 * Many simulated runs of the standard environment under one mechanism, with common random numbers:
 * run i of seed s always draws the same jobs (stream `createRng(s).fork("run-i")`), whatever the
 * mechanism or the strategies, so comparisons see the same job sequence (seed 004, Section 4.1).
 */
import { integer, keyword } from "../util/options";
import { createRng } from "../util/rng";
import { bidVectorFamily } from "./bid-vector";
import {
  type AuctionEnvironment,
  type RenderJob,
  checkEnvironment,
  drawJobs,
  frameWorkMean,
} from "./environment";
import { AUCTION_MECHANISMS, type AuctionRun, type AuctionSimulationOptions, simulateRun } from "./simulator";

/** Options of {@link runAuctionExperiment}. */
export interface AuctionExperimentOptions extends Omit<AuctionSimulationOptions, "servers"> {
  /** The environment (agents, servers, job distributions). Defaults to STANDARD_ENVIRONMENT. */
  environment?: AuctionEnvironment;
  /** Number of runs. Defaults to 100. */
  runs?: number;
  /** The seed of the job sequence. Defaults to 1. */
  seed?: number | string;
  /** Index of the first run (runs firstRun … firstRun + runs − 1). Defaults to 0. */
  firstRun?: number;
}

/**
 * The jobs of run `run` of seed `seed` (common random numbers: the same for every mechanism).
 * @example runJobs(STANDARD_ENVIRONMENT, 1, 0)
 */
export function runJobs(environment: AuctionEnvironment, seed: number | string, run: number): RenderJob[] {
  integer(run, "run", 0);
  return drawJobs(environment, createRng(seed).fork(`run-${run}`));
}

/**
 * Simulates `runs` runs under one mechanism.
 * @param environment the environment
 * @param options mechanism, runs, seed and the simulation options
 * @returns one outcome per run, in run order
 * @example runAuctionExperiment(STANDARD_ENVIRONMENT, { mechanism: "fs", runs: 10, seed: 1 })
 */
export function runAuctionExperiment(
  environment: AuctionEnvironment,
  options: Omit<AuctionExperimentOptions, "environment"> = {},
): AuctionRun[] {
  const env = checkEnvironment(environment);
  const { runs = 100, seed = 1, firstRun = 0, mechanism = "ps", ...sim } = options;
  integer(runs, "runs", 0);
  integer(firstRun, "firstRun", 0);
  keyword(mechanism, "mechanism", AUCTION_MECHANISMS);
  bidVectorFamily(sim.bidVectorFamily ?? "power");
  const out: AuctionRun[] = [];
  for (let i = firstRun; i < firstRun + runs; i++) {
    out.push(
      simulateRun(runJobs(env, seed, i), {
        workPrior: frameWorkMean(env.frameWork),
        ...sim,
        mechanism,
        servers: env.servers,
      }),
    );
  }
  return out;
}
