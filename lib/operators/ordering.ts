/**
 * Orderings of users by priority (seed 001, §3.2 item 5, §4.4, §4.6): operators are equivalent
 * when they order any set of users identically, which follows from sharing
 * G(F, t_j, s_j, t_i) (Eq. 16; s_j·t_i/t_j for the Relative family). Also the proportional
 * redistribution of unused share (Eq. 15): with some users idle, ordering by the original targets
 * must match ordering by the virtual targets t'_i = t_i / Σ_active t.
 */
import { invalidArgument } from "../util/errors";
import { finiteNumber, integer } from "../util/options";
import type { Rng } from "../util/rng";
import type { PriorityOperator } from "./operator";

/** A user of a subgroup: target share and normalised state (usage share), both in [0, 1]. */
export interface SubgroupUser {
  target: number;
  state: number;
}

function checkUsers(users: readonly SubgroupUser[]): void {
  users.forEach((u, i) => {
    if (!(u && u.target >= 0 && u.target <= 1 && u.state >= 0 && u.state <= 1)) {
      throw invalidArgument(`users[${i}]`, u, "{target, state} in [0, 1]");
    }
  });
}

/**
 * Pairs of users that two operators order strictly oppositely (both priority differences larger
 * than `tolerance` in magnitude and of opposite sign). 0 for equivalent operators.
 * @param tolerance differences at most this are ties and never count. Defaults to 1e-12.
 */
export function discordantPairs(
  a: PriorityOperator,
  b: PriorityOperator,
  users: readonly SubgroupUser[],
  tolerance = 1e-12,
): number {
  checkUsers(users);
  finiteNumber(tolerance, "tolerance", 0);
  const va = users.map((u) => a.value(u.target, u.state));
  const vb = users.map((u) => b.value(u.target, u.state));
  let n = 0;
  for (let i = 0; i < users.length; i++) {
    for (let j = i + 1; j < users.length; j++) {
      const da = va[i] - va[j],
        db = vb[i] - vb[j];
      if (Math.abs(da) > tolerance && Math.abs(db) > tolerance && Math.sign(da) !== Math.sign(db)) n++;
    }
  }
  return n;
}

/**
 * Virtual targets (Eq. 15): each active user's target divided by the sum of active targets;
 * idle users get 0.
 * @throws `invalid active: …` when no active user has a positive target
 */
export function virtualTargets(targets: readonly number[], active: readonly boolean[]): number[] {
  if (active.length !== targets.length) throw invalidArgument("active", active, `${targets.length} flags`);
  targets.forEach((t, i) => finiteNumber(t, `targets[${i}]`, 0, 1));
  const sum = targets.reduce((acc, t, i) => acc + (active[i] ? t : 0), 0);
  if (!(sum > 0)) throw invalidArgument("active", active, "at least one active user with a positive target");
  return targets.map((t, i) => (active[i] ? t / sum : 0));
}

/** Result of {@link simulateRedistribution}: each user's final usage share beside its targets. */
export interface RedistributionResult {
  operator: string;
  targets: number[];
  virtualTargets: number[];
  /** Final usage shares after the simulated jobs. */
  shares: number[];
  /** Σ |share − virtual target| over users (0 = exactly proportional redistribution). */
  distance: number;
}

/**
 * Simulates fair-share dispatch in one subgroup: `steps` unit jobs, each given to the active user
 * with the highest priority F(t_i, s_i), s_i being its share of the usage so far. An operator that
 * redistributes unused share proportionally drives the shares to the virtual targets.
 * @throws `invalid steps: …` unless an integer in 1 … 10^7
 */
export function simulateRedistribution(
  op: PriorityOperator,
  targets: readonly number[],
  active: readonly boolean[],
  steps = 10000,
): RedistributionResult {
  const vt = virtualTargets(targets, active);
  integer(steps, "steps", 1, 1e7);
  const usage = targets.map(() => 0);
  let total = 0;
  for (let k = 0; k < steps; k++) {
    let best = -1,
      bestV = -Infinity;
    for (let i = 0; i < targets.length; i++) {
      if (!active[i]) continue;
      const v = op.value(targets[i], total > 0 ? usage[i] / total : 0);
      if (v > bestV) {
        bestV = v;
        best = i;
      }
    }
    usage[best] += 1;
    total += 1;
  }
  const shares = usage.map((u) => u / total);
  return {
    operator: op.name,
    targets: targets.slice(),
    virtualTargets: vt,
    shares,
    distance: shares.reduce((acc, s, i) => acc + Math.abs(s - vt[i]), 0),
  };
}

/**
 * Random trials of Eq. 15: random states for the active users, and the count of pairs ordered
 * oppositely under the original and the virtual targets (0 for operators that redistribute
 * proportionally). States are drawn uniformly in [0, 1] from `rng`.
 */
export function redistributionOrderingTrials(
  op: PriorityOperator,
  targets: readonly number[],
  active: readonly boolean[],
  rng: Rng,
  trials = 1000,
): { trials: number; discordantTrials: number; discordantPairs: number } {
  const vt = virtualTargets(targets, active);
  integer(trials, "trials", 1, 1e7);
  const idx = targets.map((_, i) => i).filter((i) => active[i]);
  let discordantTrials = 0,
    pairs = 0;
  for (let k = 0; k < trials; k++) {
    const states = idx.map(() => rng.next());
    const orig = idx.map((i, j) => op.value(targets[i], states[j]));
    const virt = idx.map((i, j) => op.value(vt[i], states[j]));
    let n = 0;
    for (let a = 0; a < idx.length; a++) {
      for (let b = a + 1; b < idx.length; b++) {
        const d1 = orig[a] - orig[b],
          d2 = virt[a] - virt[b];
        if (Math.abs(d1) > 1e-12 && Math.abs(d2) > 1e-12 && Math.sign(d1) !== Math.sign(d2)) n++;
      }
    }
    pairs += n;
    if (n > 0) discordantTrials++;
  }
  return { trials, discordantTrials, discordantPairs: pairs };
}

/** `n` random users: targets uniform in [minTarget, 1), states uniform in [0, 1), drawn from `rng`. */
export function randomUsers(n: number, rng: Rng, minTarget = 0.01): SubgroupUser[] {
  integer(n, "n", 0, 1e7);
  finiteNumber(minTarget, "minTarget", 0, 1);
  return Array.from({ length: n }, () => ({ target: rng.uniform(minTarget, 1), state: rng.next() }));
}
