/**
 * Calibration of the frame work content, which seed 004 does not give. The seed chose its environment
 * "to maximise the difference in performance between the bidding algorithms, by avoiding scenarios
 * that are either too easy or too hard", and reports that fair share completes every frame in 25.7 % of
 * the jobs. We scale the work-content distribution (keeping its shape) until fair share completes
 * every frame in the target share of jobs, by bisection on the scale with common random numbers (the
 * same job sets at every step), which makes the share close to monotone in the scale.
 */
import { finiteNumber, integer } from "../util/options";
import { invariantViolated } from "../util/errors";
import {
  type AuctionEnvironment,
  type FrameWorkDistribution,
  checkEnvironment,
  frameWorkMean,
  scaleFrameWork,
} from "./environment";
import { runAuctionExperiment } from "./experiment";
import { auctionStatistics } from "./statistics";

/** Options of {@link calibrateFrameWork}. */
export interface CalibrationOptions {
  /** Target percentage of FS jobs with every frame complete. Defaults to 25.7 (seed 004). */
  targetCompletePct?: number;
  /** Runs per evaluation. Defaults to 200. */
  runs?: number;
  /** Seed of the job sets. Defaults to "calibration". */
  seed?: number | string;
  /** Bisection steps. Defaults to 12. */
  steps?: number;
  /** Bracket for the scale factor applied to the environment's distribution. Defaults to [0.1, 10]. */
  bracket?: [number, number];
}

/** One bisection step. */
export interface CalibrationStep {
  /** Scale factor and resulting mean work per frame, server·rounds. */
  scale: number;
  meanWork: number;
  /** FS jobs with every frame complete, %. */
  completePct: number;
}

/** The calibrated distribution and the bisection trace. */
export interface CalibrationResult {
  frameWork: FrameWorkDistribution;
  /** FS completion share at the calibrated distribution, %. */
  completePct: number;
  steps: CalibrationStep[];
}

/**
 * Scales the environment's frame work content so that FS completes every frame in the target share of jobs.
 * @example calibrateFrameWork(STANDARD_ENVIRONMENT, { runs: 100 }).frameWork
 */
export function calibrateFrameWork(
  environment: AuctionEnvironment,
  options: CalibrationOptions = {},
): CalibrationResult {
  const env = checkEnvironment(environment);
  const {
    targetCompletePct = 25.7,
    runs = 200,
    seed = "calibration",
    steps = 12,
    bracket = [0.1, 10],
  } = options;
  finiteNumber(targetCompletePct, "targetCompletePct", 0, 100);
  integer(runs, "runs", 1);
  integer(steps, "steps", 1);
  let lo = finiteNumber(bracket?.[0], "bracket[0]", 1e-6);
  let hi = finiteNumber(bracket?.[1], "bracket[1]", lo);
  const trace: CalibrationStep[] = [];
  const evaluate = (scale: number): CalibrationStep => {
    const frameWork = scaleFrameWork(env.frameWork, scale);
    const pct = auctionStatistics(
      runAuctionExperiment({ ...env, frameWork }, { mechanism: "fs", runs, seed }),
    ).completePct;
    const step = { scale, meanWork: frameWorkMean(frameWork), completePct: pct };
    trace.push(step);
    return step;
  };
  // Larger work → fewer complete jobs: keep lo above the target and hi below it.
  let best: CalibrationStep | undefined;
  for (let i = 0; i < steps; i++) {
    const step = evaluate(Math.sqrt(lo * hi));
    if (
      !best ||
      Math.abs(step.completePct - targetCompletePct) < Math.abs(best.completePct - targetCompletePct)
    )
      best = step;
    if (step.completePct > targetCompletePct) lo = step.scale;
    else hi = step.scale;
  }
  if (!best) throw invariantViolated("calibration made no step");
  return {
    frameWork: scaleFrameWork(env.frameWork, best.scale),
    completePct: best.completePct,
    steps: trace,
  };
}
