/**
 * The render-utility simulator of seed 004 (Section 3): time is divided into rounds; in each round
 * (1) every active agent bids, (2) the mechanism allocates the N servers (and charges), (3) every job
 * renders one round on its servers (see render-model.ts).
 *
 * An agent is active in round t when its job has started (t ≥ start), the deadline has not come
 * (t < deadline), the job is not complete and — in the markets — it still has money (balance > 0:
 * "agents cease activity when their money runs out"). Frames on servers of an agent that drops out
 * are interrupted and lost; frames in progress at the deadline are lost. Nobody ever pays more than
 * its balance (bids are truncated to [0, B] by the mechanisms; the simulator checks it).
 */
import { finiteNumber, integer, keyword } from "../util/options";
import { invalidArgument, invariantViolated } from "../util/errors";
import { type BidVectorFamilyName, type BidVectorFn, bidVectorFamily } from "./bid-vector";
import type { RenderJob } from "./environment";
import { _fairShareAllocation } from "./fair-share";
import { _proportionalShare } from "./proportional-share";
import { _renderRound, createRenderState, type RenderState } from "./render-model";
import {
  DEFAULT_GV_COEFFICIENTS,
  DEFAULT_PS_COEFFICIENTS,
  checkCoefficients,
  gvParameters,
  predictRemainingWork,
  psBid,
} from "./strategies";
import { _generalizedVickrey } from "./vickrey";

/** The allocation mechanisms. */
export const AUCTION_MECHANISMS = ["fs", "ps", "gv"] as const;

/** A mechanism: fair share, proportional share or generalized Vickrey. */
export type AuctionMechanism = (typeof AUCTION_MECHANISMS)[number];

/** Options of {@link simulateRun}. */
export interface AuctionSimulationOptions {
  /** The mechanism. Defaults to "ps". */
  mechanism?: AuctionMechanism;
  /** Servers auctioned each round (N). Defaults to 15. */
  servers?: number;
  /**
   * Each agent's strategy coefficients (6 for PS, 18 for GV; ignored by FS), or one vector for all.
   * Defaults to the seed's default strategy of the mechanism.
   */
  strategies?: readonly number[] | readonly (readonly number[])[];
  /** Rounds between moves of the extra servers (FS, PS) or of the tied allocation (GV). Defaults to 3. */
  period?: number;
  /** The GV bid-vector family. Defaults to "power". */
  bidVectorFamily?: BidVectorFamilyName | BidVectorFn;
  /**
   * What the strategies' "time to complete" d is: `"deadline"` = rounds left to the deadline
   * (deadline − t); `"predicted"` = the predicted rounds to finish the job at the last allocation
   * (Section 4.2 predictor: predicted work / max(1, last allocation)), capped at the deadline, ≥ 1.
   * Defaults to "deadline".
   */
  horizon?: "deadline" | "predicted";
  /** The predictor's expected work per frame before any frame completes, server·rounds. Defaults to 6.6. */
  workPrior?: number;
}

/** One agent's outcome in a run. */
export interface AuctionJobOutcome {
  /** Frames in the job. */
  frames: number;
  /** Frames completed by the deadline. */
  completed: number;
  /** Frames not completed by the deadline (the seed's first metric). */
  incomplete: number;
  /** Work content of the incomplete frames, server·rounds (third metric). */
  workLeft: number;
  /** Money left at the deadline (second metric), and money spent. */
  moneyLeft: number;
  spent: number;
  /** Work lost to interruptions, server·rounds, and the number of interruptions. */
  lostWork: number;
  interruptions: number;
  /** First round in which the agent was active (−1 if never). */
  firstRound: number;
  /** Servers allocated in each active round, from `firstRound` on (the active rounds are consecutive). */
  allocations: number[];
}

/** The outcome of one run. */
export interface AuctionRun {
  mechanism: AuctionMechanism;
  /** Rounds simulated (0 … the latest deadline − 1). */
  rounds: number;
  agents: AuctionJobOutcome[];
}

function strategyList(
  opt: AuctionSimulationOptions["strategies"],
  agents: number,
  mechanism: AuctionMechanism,
): (readonly number[])[] {
  if (mechanism === "fs") return new Array(agents).fill([]);
  const len = mechanism === "ps" ? 6 : 18;
  const def = mechanism === "ps" ? DEFAULT_PS_COEFFICIENTS : DEFAULT_GV_COEFFICIENTS;
  if (opt === undefined) return new Array(agents).fill(def);
  if (!Array.isArray(opt)) throw invalidArgument("strategies", opt, "a coefficient vector or one per agent");
  if (opt.length > 0 && typeof opt[0] === "number") {
    checkCoefficients(opt as number[], len as 6 | 18, "strategies");
    return new Array(agents).fill(opt);
  }
  if (opt.length !== agents)
    throw invalidArgument("strategies", opt, `${agents} coefficient vectors (one per agent)`);
  (opt as number[][]).forEach((c, i) => checkCoefficients(c, len as 6 | 18, `strategies[${i}]`));
  return opt as number[][];
}

/**
 * Simulates one run: all jobs from round 0 to the latest deadline under one mechanism.
 * @param jobs one render job per agent
 * @param options mechanism, servers, strategies, cycling period, bid-vector family, predictor prior
 * @returns per-agent outcomes (new objects; `jobs` is not modified)
 * @example simulateRun(drawJobs(STANDARD_ENVIRONMENT, createRng(1)), { mechanism: "gv" })
 */
export function simulateRun(jobs: readonly RenderJob[], options: AuctionSimulationOptions = {}): AuctionRun {
  const {
    mechanism = "ps",
    servers = 15,
    period = 3,
    bidVectorFamily: family = "power",
    workPrior = 6.6,
    horizon = "deadline",
  } = options;
  keyword(horizon, "horizon", ["deadline", "predicted"] as const);
  finiteNumber(workPrior, "workPrior", 0);
  keyword(mechanism, "mechanism", AUCTION_MECHANISMS);
  integer(servers, "servers", 1);
  integer(period, "period", 1);
  if (!Array.isArray(jobs) || jobs.length === 0)
    throw invalidArgument("jobs", jobs, "a non-empty array of render jobs");
  jobs.forEach((j, i) => {
    integer(j?.start, `jobs[${i}].start`, 0);
    integer(j?.deadline, `jobs[${i}].deadline`, j.start);
    if (!(j.budget >= 0 && Number.isFinite(j.budget)))
      throw invalidArgument(`jobs[${i}].budget`, j.budget, "a finite number >= 0");
    if (!Array.isArray(j.frames) || j.frames.some((w: number) => !(w > 0 && Number.isFinite(w)))) {
      throw invalidArgument(`jobs[${i}].frames`, j.frames, "an array of positive finite work contents");
    }
  });
  const strategies = strategyList(options.strategies, jobs.length, mechanism);
  return _simulateRun(
    jobs,
    mechanism,
    servers,
    strategies,
    period,
    bidVectorFamily(family),
    horizon === "predicted" ? workPrior : -1,
  );
}

/** {@link simulateRun} without validation. */
export function _simulateRun(
  jobs: readonly RenderJob[],
  mechanism: AuctionMechanism,
  servers: number,
  strategies: readonly (readonly number[])[],
  period: number,
  family: BidVectorFn,
  /** The predictor's prior (server·rounds) when d is the predicted time to complete; < 0: d = rounds to the deadline. */
  workPrior: number,
): AuctionRun {
  const A = jobs.length;
  const state: RenderState[] = jobs.map((j) => createRenderState(j));
  const balance = jobs.map((j) => j.budget);
  const spent = new Array<number>(A).fill(0);
  const firstRound = new Array<number>(A).fill(-1);
  const allocations: number[][] = jobs.map(() => []);
  let deficit = new Array<number>(A).fill(0);
  let priority = new Array<number>(A).fill(NaN);
  const rounds = Math.max(...jobs.map((j) => j.deadline));
  const market = mechanism !== "fs";
  for (let t = 0; t < rounds; t++) {
    const active = jobs.map(
      (j, a) =>
        t >= j.start &&
        t < j.deadline &&
        state[a].completed < j.frames.length &&
        (!market || balance[a] > 1e-12),
    );
    let alloc: number[];
    let pay: number[] = new Array(A).fill(0);
    const ids = active.map((x, a) => (x ? a : -1)).filter((a) => a >= 0);
    if (mechanism === "fs") {
      alloc = _fairShareAllocation(active, servers, t, period);
    } else {
      alloc = new Array(A).fill(0);
      const ctx = (a: number) => {
        let d = jobs[a].deadline - t;
        if (workPrior >= 0) {
          const s = state[a];
          const work = predictRemainingWork(
            s.work.length - s.completed,
            s.completed,
            s.completedWork,
            workPrior,
          );
          const last = allocations[a].length ? allocations[a][allocations[a].length - 1] : 1;
          d = Math.max(1, Math.min(d, work / Math.max(1, last)));
        }
        return { t, d, balance: balance[a], servers };
      };
      if (mechanism === "ps") {
        const bids = ids.map((a) => {
          const b = psBid(strategies[a], ctx(a));
          return Number.isFinite(b) ? b : 0;
        });
        const r = _proportionalShare(
          bids,
          ids.map((a) => balance[a]),
          servers,
          ids.map((a) => deficit[a]),
          ids.map((a) => priority[a]),
          t,
          period,
        );
        const next = new Array<number>(A).fill(0);
        const nextPriority = new Array<number>(A).fill(NaN);
        ids.forEach((a, k) => {
          alloc[a] = r.allocation[k];
          pay[a] = r.payments[k];
          next[a] = r.deficits[k];
          nextPriority[a] = r.priorities[k];
        });
        deficit = next;
        priority = nextPriority;
      } else {
        const bids = ids.map((a) => family(gvParameters(strategies[a], ctx(a)), servers));
        const r = _generalizedVickrey(
          bids,
          ids.map((a) => balance[a]),
          servers,
          t,
          period,
        );
        ids.forEach((a, k) => {
          alloc[a] = r.allocation[k];
          pay[a] = r.prices[k];
        });
      }
    }
    let used = 0;
    for (let a = 0; a < A; a++) {
      used += alloc[a];
      if (pay[a] > balance[a] + 1e-9)
        throw invariantViolated(`agent ${a} charged ${pay[a]} with balance ${balance[a]}`);
      balance[a] = Math.max(0, balance[a] - pay[a]);
      spent[a] += pay[a];
      if (active[a]) {
        if (firstRound[a] < 0) firstRound[a] = t;
        allocations[a].push(alloc[a]);
      }
      if (active[a] || state[a].running.length > 0) _renderRound(state[a], active[a] ? alloc[a] : 0);
    }
    if (used > servers) throw invariantViolated(`round ${t}: ${used} servers allocated of ${servers}`);
  }
  const agents = jobs.map((j, a): AuctionJobOutcome => {
    const s = state[a];
    const done = new Set<number>();
    // Incomplete frames are those still queued or running at the end.
    for (const f of s.queue) done.add(f);
    for (const r of s.running) done.add(r.frame);
    let workLeft = 0;
    done.forEach((f) => {
      workLeft += s.work[f];
    });
    const lostAtEnd = s.running.reduce((x, r) => x + r.done, 0);
    return {
      frames: j.frames.length,
      completed: s.completed,
      incomplete: j.frames.length - s.completed,
      workLeft,
      moneyLeft: balance[a],
      spent: spent[a],
      lostWork: s.lostWork + lostAtEnd,
      interruptions: s.interruptions + s.running.length,
      firstRound: firstRound[a],
      allocations: allocations[a],
    };
  });
  return { mechanism, rounds, agents };
}
