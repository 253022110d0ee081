/**
 * Usage accounting (thesis Section 2.1.3; Slurm's decay thread, notes §1b). Usage is CPU·s charged
 * to the job's association (and, through {@link rollUpUsage}, to every ancestor), decayed
 * exponentially with PriorityDecayHalfLife and zeroed at each PriorityUsageResetPeriod boundary.
 *
 * The state is a plain value — `{ time, usage }` with usage the *own* usage per association — so
 * the simulator can keep it between events and hand `usage` to the fair-share functions.
 * Times are seconds; calendar resets (DAILY … YEARLY) read them as Unix epoch seconds, UTC.
 */
import { finiteNumber, keyword } from "../util/options";
import { invalidArgument } from "../util/errors";
import type { AssociationTree } from "./associations";

/** PriorityUsageResetPeriod values (NOW is not modelled). */
export const RESET_PERIODS = ["NONE", "DAILY", "WEEKLY", "MONTHLY", "QUARTERLY", "YEARLY"] as const;
/** A PriorityUsageResetPeriod. */
export type ResetPeriod = (typeof RESET_PERIODS)[number];

/** Usage decay configuration. */
export interface UsageConfig {
  /** PriorityDecayHalfLife, seconds; 0 disables decay. Defaults to 7 days (604800). */
  halfLifeSeconds?: number;
  /** PriorityUsageResetPeriod. Defaults to "NONE". */
  resetPeriod?: ResetPeriod;
  /** "slurm": per-second factor 1 − 0.693/halfLife (Slurm's first-order form); "exact": 2^(−1/halfLife). Defaults to "slurm". */
  decayModel?: "slurm" | "exact";
}

/** Usage state: the time it refers to (seconds) and own usage per association (CPU·s). */
export interface UsageState {
  /** Seconds. */
  time: number;
  /** Own usage per association, CPU·s. */
  usage: Map<string, number>;
}

/** A running job, as the usage accountant sees it. */
export interface RunningJobUsage {
  /** The association (user) charged. */
  association: string;
  /** Allocated CPUs (Slurm's default billable TRES). */
  cpus: number;
  /** Start time, seconds. */
  start: number;
  /** End time, seconds (Infinity while still running). */
  end: number;
}

function config(c: UsageConfig): Required<UsageConfig> {
  return {
    halfLifeSeconds: finiteNumber(c.halfLifeSeconds ?? 7 * 86400, "halfLifeSeconds", 0),
    resetPeriod: keyword(c.resetPeriod ?? "NONE", "resetPeriod", RESET_PERIODS),
    decayModel: keyword(c.decayModel ?? "slurm", "decayModel", ["slurm", "exact"] as const),
  };
}

/** The per-second decay factor: 1 − 0.693/halfLife (slurm) or 2^(−1/halfLife) (exact); 1 when halfLife is 0. */
export function decayFactorPerSecond(cfg: UsageConfig = {}): number {
  const { halfLifeSeconds, decayModel } = config(cfg);
  if (halfLifeSeconds === 0) return 1;
  return decayModel === "slurm"
    ? Math.max(0, 1 - 0.693 / halfLifeSeconds)
    : Math.pow(2, -1 / halfLifeSeconds);
}

/** The decay over `dt` seconds: decay^dt (slurm) or exactly 2^(−dt/halfLife) (exact). */
export function decayOver(dt: number, cfg: UsageConfig = {}): number {
  const decay = decayFunction(cfg);
  return decay(finiteNumber(dt, "dt", 0));
}

/** The configuration validated once: dt ↦ {@link decayOver}(dt) (dt not validated; for per-period loops). */
export function decayFunction(cfg: UsageConfig = {}): (dt: number) => number {
  const { halfLifeSeconds: hl, decayModel } = config(cfg);
  if (hl === 0) return () => 1;
  if (decayModel === "exact") return (dt) => Math.pow(2, -dt / hl);
  const perSecond = decayFactorPerSecond(cfg);
  return (dt) => Math.pow(perSecond, dt);
}

/** The next reset boundary strictly after `t` (epoch seconds, UTC), or Infinity for NONE. Weeks start on Sunday as in Slurm. */
export function nextResetTime(t: number, period: ResetPeriod): number {
  keyword(period, "resetPeriod", RESET_PERIODS);
  if (period === "NONE") return Infinity;
  const d = new Date(finiteNumber(t, "t") * 1000);
  const y = d.getUTCFullYear(),
    m = d.getUTCMonth(),
    day = d.getUTCDate();
  let next: number;
  if (period === "DAILY") next = Date.UTC(y, m, day + 1);
  else if (period === "WEEKLY") next = Date.UTC(y, m, day - d.getUTCDay() + 7);
  else if (period === "MONTHLY") next = Date.UTC(y, m + 1, 1);
  else if (period === "QUARTERLY") next = Date.UTC(y, m - (m % 3) + 3, 1);
  else next = Date.UTC(y + 1, 0, 1);
  return next / 1000;
}

/** Usage multiplied by decay^dt (dt seconds ≥ 0). */
export function decayUsage(state: UsageState, dt: number, cfg: UsageConfig = {}): UsageState {
  const f = Math.max(decayOver(dt, cfg), Number.MIN_VALUE);
  return { time: state.time + dt, usage: new Map([...state.usage].map(([k, v]) => [k, v * f])) };
}

/**
 * Advances the state to `time` as Slurm's decay thread does at each PriorityCalcPeriod: resets at
 * every crossed boundary, decays everything by decay^(t − last), then charges each running job
 * `run_delta · decay^run_delta · cpus` for the part of [last, t] it ran.
 * Call it often (every PriorityCalcPeriod, default 300 s) for Slurm-like behaviour.
 */
export function advanceUsage(
  state: UsageState,
  time: number,
  tree: AssociationTree,
  running: readonly RunningJobUsage[],
  cfg: UsageConfig = {},
): UsageState {
  const c = config(cfg);
  finiteNumber(time, "time", state.time);
  let s: UsageState = state;
  const reset = nextResetTime(state.time, c.resetPeriod);
  let from = state.time;
  if (reset <= time) {
    // Usage before the last boundary is forgotten; only the part after it is charged.
    let last = reset;
    while (nextResetTime(last, c.resetPeriod) <= time) last = nextResetTime(last, c.resetPeriod);
    s = { time: last, usage: new Map() };
    from = last;
  }
  s = decayUsage(s, time - s.time, c);
  const usage = new Map(s.usage);
  for (const job of running) {
    if (!tree.nodes.has(job.association))
      throw invalidArgument("association", job.association, "a name in the association tree");
    finiteNumber(job.cpus, "cpus", 0);
    const delta = Math.max(0, Math.min(time, job.end) - Math.max(from, job.start));
    if (delta <= 0) continue;
    usage.set(job.association, (usage.get(job.association) ?? 0) + delta * decayOver(delta, c) * job.cpus);
  }
  return { time, usage };
}
