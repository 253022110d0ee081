/**
 * The search that fits twin v5's joint shape ({@link DerivedFit}) to the F7 and F8 targets of its
 * declaration (data/twin/v5.json), and nothing else. Each candidate builds the core jobs of the
 * seed (the twin's own rng fork "core", so the candidate's final jobs are the twin's) with
 * {@link derivedFitShape} and measures F7 and F8 on the final jobs ({@link measureDerivedFacts}).
 *
 * 1. `fortyTop` on its grid (range[0] + k·step): the share of jobs planned for more than 40
 *    minutes falls as the 40-minute band grows, so bisection finds the two neighbouring grid values
 *    around F7's target; the one whose F7 is closer wins (tie: the smaller value). F7 does not
 *    depend on `tailRho` (it moves nodes only), which stays 0 here.
 * 2. With `fortyTop` fixed, `tailRho` the same way on F8 (F8 grows with the correlation; for one
 *    seed it is monotone up to the copula's noise, and the bisection's path is fixed, so the result
 *    is deterministic).
 *
 * About 20 core builds of about a second each; {@link TWIN_V5_FIT} holds the result for seed 1.
 */
import type { ThesisSection4 } from "../io/thesis-section4";
import { MARENOSTRUM4 } from "../io/job-record";
import { invalidArgument, invariantViolated } from "../util/errors";
import { createRng } from "../util/rng";
import type { DeclaredParameter, TwinDeclaration } from "./declaration";
import { measureDerivedFacts } from "./derived-facts";
import { buildCoreJobs } from "./job-core";
import { type DerivedFit, derivedFitShape } from "./joint";
import { coreTargets } from "./targets";

/** One candidate the search built and measured. */
export interface DerivedFitStep {
  /** The parameter being searched at this step. */
  parameter: "fortyTop" | "tailRho";
  /** Both parameters of the candidate. */
  fit: DerivedFit;
  /** F7: share of the final jobs planned for more than 40 minutes. */
  aboveShare: number;
  /** F8: node-minutes beyond 40 minutes of those jobs, per sample of 2W nodes. */
  excessNodeMinutes: number;
}

/** What the search found: the parameters, what they give, and every candidate in the order built. */
export interface DerivedFitResult {
  fit: DerivedFit;
  aboveShare: number;
  excessNodeMinutes: number;
  steps: DerivedFitStep[];
}

/** Options of {@link fitDerivedShape}. */
export interface DerivedFitOptions {
  /** The twin's seed. Defaults to 1. */
  seed?: number | string;
  /** W, nodes: a sample holds 2W. Defaults to MareNostrum4's 3456. */
  capacity?: number;
}

/** The planned minutes of the band where W is crossed (F4), above which F7 and F8 count. */
const BAND_MINUTES = 40;

/**
 * Runs the declared search (module comment).
 * @param declaration twin v5's declaration ({@link readTwinDeclaration}): F7's and F8's targets and
 *   the ranges and steps of `fortyTop` and `tailRho`
 * @param ref the published numbers the twin is built to
 * @throws `invalid declaration: …` when F7, F8, fortyTop or tailRho is missing from it
 */
export function fitDerivedShape(
  declaration: TwinDeclaration,
  ref: ThesisSection4,
  options: DerivedFitOptions = {},
): DerivedFitResult {
  const target = (id: string) => {
    const f = declaration.facts.find((x) => x.id === id);
    if (typeof f?.target !== "number")
      throw invalidArgument("declaration", declaration.file, `a numeric target for ${id}`);
    return f.target;
  };
  const param = (name: string) => {
    const p = declaration.fit.free.find((x) => x.name === name);
    if (!p) throw invalidArgument("declaration", declaration.file, `a free parameter ${name} under fit.free`);
    return p;
  };
  const [f7, f8, top, rho] = [target("F7"), target("F8"), param("fortyTop"), param("tailRho")];
  const seed = options.seed ?? 1,
    capacity = options.capacity ?? MARENOSTRUM4.nodes;
  const core = coreTargets(ref);
  const steps: DerivedFitStep[] = [];
  const measure = (parameter: DerivedFitStep["parameter"], fit: DerivedFit): DerivedFitStep => {
    const c = buildCoreJobs(core, createRng(seed).fork("core"), derivedFitShape(fit));
    const jobs = Array.from({ length: c.nFinal }, (_, i) => ({
      nnodes: Math.ceil(c.nprocs[i] / 48),
      minutes: c.minutes[i],
    }));
    const step = { parameter, fit, ...measureDerivedFacts(jobs, capacity, BAND_MINUTES) };
    steps.push(step);
    return step;
  };
  const fortyTop = gridSearch(
    top,
    f7,
    -1,
    (v) => measure("fortyTop", { fortyTop: v, tailRho: 0 }).aboveShare,
  );
  const tailRho = gridSearch(
    rho,
    f8,
    1,
    (v) => measure("tailRho", { fortyTop, tailRho: v }).excessNodeMinutes,
  );
  const last = steps.find((s) => s.fit.fortyTop === fortyTop && s.fit.tailRho === tailRho);
  if (!last) throw invariantViolated("the chosen tailRho was never measured");
  return {
    fit: { fortyTop, tailRho },
    aboveShare: last.aboveShare,
    excessNodeMinutes: last.excessNodeMinutes,
    steps,
  };
}

/** The grid value range[0] + k·step, written with the step's decimals (no float noise). */
function gridValue(p: DeclaredParameter, k: number): number {
  const decimals = (String(p.step).split(".")[1] ?? "").length;
  return Number((p.range[0] + k * p.step).toFixed(decimals));
}

/**
 * The grid value whose measure is closest to `target`, found by bisection for a measure that moves
 * in `direction` (+1 grows, −1 falls) along the grid; tie: the smaller value. Each value measured once.
 */
function gridSearch(
  p: DeclaredParameter,
  target: number,
  direction: 1 | -1,
  f: (v: number) => number,
): number {
  const last = Math.round((p.range[1] - p.range[0]) / p.step);
  const memo = new Map<number, number>();
  const at = (k: number) => {
    if (!memo.has(k)) memo.set(k, f(gridValue(p, k)));
    return memo.get(k)!;
  };
  const reached = (k: number) => direction * (at(k) - target) >= 0;
  let lo = 0,
    hi = last;
  if (reached(lo)) return gridValue(p, lo);
  if (!reached(hi)) return gridValue(p, hi);
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (reached(mid)) hi = mid;
    else lo = mid;
  }
  return gridValue(p, Math.abs(at(hi) - target) < Math.abs(at(lo) - target) ? hi : lo);
}
