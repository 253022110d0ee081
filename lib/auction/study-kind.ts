/**
 * The auction robustness study as a study kind (study/): one task = one seed × GA budget, in the
 * environment notebook 14 calibrates with its default parameters (log-normal work content cv 0.5,
 * FS completes every frame in 25.7 % of jobs, calibration seed "1/calibration").
 */
import { invalidArgument } from "../util/errors";
import { calibrateFrameWork } from "./calibrate";
import { STANDARD_ENVIRONMENT } from "./environment";
import { type AuctionSweepRow, GA_BUDGETS, auctionSweepTask } from "./robustness";
import type { BidVectorFamilyName } from "./bid-vector";

/**
 * Runs one task. Parameters: `seed` (integer), `budget` (a GA_BUDGETS name), optional `runs`
 * (default 300) and `families` (default both).
 * @throws `invalid budget: …` for an unknown budget name
 */
export async function auctionSweepStudyTask(params: Record<string, unknown>): Promise<AuctionSweepRow[]> {
  const budget = GA_BUDGETS.find((b) => b.name === params.budget);
  if (!budget)
    throw invalidArgument("budget", params.budget, GA_BUDGETS.map((b) => JSON.stringify(b.name)).join(", "));
  const cal = calibrateFrameWork(
    { ...STANDARD_ENVIRONMENT, frameWork: { kind: "lognormal", mean: 6.6, cv: 0.5 } },
    { targetCompletePct: 25.7, runs: 200, steps: 10, seed: "1/calibration", bracket: [0.2, 5] },
  );
  return auctionSweepTask(
    { seed: params.seed as number, budget, families: params.families as BidVectorFamilyName[] | undefined },
    {
      environment: { ...STANDARD_ENVIRONMENT, frameWork: cal.frameWork },
      runs: (params.runs as number | undefined) ?? 300,
    },
  );
}
