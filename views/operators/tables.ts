/**
 * Display tables of notebook 12 (rows of plain objects for `showTable`): definition checks,
 * boundary behaviour beside the paper's verdict, equivalence, proportional redistribution,
 * serialisation examples (Figs. 4–5) and input density (Fig. 8). Job-size tables: job-size-tables.ts.
 */
import type { Rng } from "../../lib/util/rng";
import { equivalenceG } from "../../lib/operators/inverse";
import type { InputDensity } from "../../lib/operators/density";
import type { PriorityOperator } from "../../lib/operators/operator";
import {
  discordantPairs,
  redistributionOrderingTrials,
  simulateRedistribution,
  type SubgroupUser,
} from "../../lib/operators/ordering";
import { boundaryBehaviour, checkOperator } from "../../lib/operators/properties";
import type { PaperBoundaryVerdict } from "../../lib/operators/reference";
import {
  orderByExactPriority,
  orderBySerializedPriority,
  serializePriorityVector,
} from "../../lib/operators/resolution";

/** Definition (Eqs. 1–3) and boundary (Eq. 4) checks of each operator, with the first failure. */
export function definitionTable(
  ops: readonly PriorityOperator[],
  gridSteps = 200,
): Record<string, unknown>[] {
  return ops.map((op) => {
    const c = checkOperator(op, gridSteps);
    return {
      operator: op.name,
      formula: op.formula,
      definition: c.definition ? "yes" : "no",
      boundary: c.boundary ? "yes" : "no",
      "first failures": c.failures
        .map((f) => `${f.check} at (t=${f.t}, s=${f.s}): ${+f.value.toFixed(4)}`)
        .join("; "),
    };
  });
}

/** Table 1: F(0, s) and F(t, 0) at probe points, our verdict and the paper's. */
export function boundaryTable(
  ops: readonly PriorityOperator[],
  paper: PaperBoundaryVerdict,
  probes: readonly number[] = [0.25, 0.5, 1],
): Record<string, unknown>[] {
  return boundaryBehaviour(ops, probes).map((b) => {
    const row: Record<string, unknown> = { operator: b.operator };
    probes.forEach((s, i) => (row[`F(0, ${s})`] = b.atTargetZero[i]));
    probes.forEach((t, i) => (row[`F(${t}, 0)`] = b.atStateZero[i]));
    row["complies (ours)"] = b.lowestAtTargetZero && b.highestAtStateZero ? "yes" : "no";
    row["complies (paper)"] = paper.comply.includes(b.operator)
      ? "yes"
      : paper.fail.includes(b.operator)
        ? "no"
        : "not listed";
    return row;
  });
}

/**
 * Equivalence (Eq. 16): for `samples` random (t_j, s_j, t_i), the largest relative difference
 * |G(F) − s_j·t_i/t_j| / (s_j·t_i/t_j), over draws where |F(t_j, s_j)| ≤ 0.999 (nearer ±1 the
 * inverse of a double loses digits), and the pairs of `users` each operator orders oppositely to
 * `reference`.
 */
export function equivalenceTable(
  ops: readonly PriorityOperator[],
  reference: PriorityOperator,
  users: readonly SubgroupUser[],
  rng: Rng,
  samples = 2000,
): Record<string, unknown>[] {
  const draws = Array.from({ length: samples }, () => [
    rng.uniform(0.01, 1),
    rng.next(),
    rng.uniform(0.01, 1),
  ]);
  const n = users.length;
  return ops.map((op) => {
    let maxDiff = 0;
    let used = 0;
    for (const [tj, sj, ti] of draws) {
      if (!(Math.abs(op.value(tj, sj)) <= 0.999)) continue;
      const g = equivalenceG(op, tj, sj, ti);
      const ref = (sj * ti) / tj;
      if (Number.isFinite(g) && ref > 0) {
        maxDiff = Math.max(maxDiff, Math.abs(g - ref) / ref);
        used++;
      }
    }
    return {
      operator: op.name,
      draws: used,
      "max relative |G − s_j·t_i/t_j|": maxDiff,
      "same G as Relative": maxDiff < 1e-9 ? "yes" : "no",
      [`pairs ordered opposite to ${reference.name} (of ${(n * (n - 1)) / 2})`]: discordantPairs(
        op,
        reference,
        users,
      ),
    };
  });
}

/** Fig. 4: each user's vector, scalars and serialised key at resolution r, in serialised order. */
export function serializationTable(
  vectors: Record<string, readonly number[]>,
  r: number,
): Record<string, unknown>[] {
  const names = Object.keys(vectors);
  const order = orderBySerializedPriority(
    names.map((n) => vectors[n]),
    r,
  );
  return order.map((i, rank) => {
    const s = serializePriorityVector(vectors[names[i]], r);
    return {
      rank: rank + 1,
      user: names[i],
      vector: `[${s.vector.join(", ")}]`,
      scalars: s.scalars.join(" | "),
      serialised: s.key,
    };
  });
}

/** Fig. 5: who wins at each resolution, against the exact (unlimited resolution) winner. */
export function resolutionOrderingTable(
  vectors: Record<string, readonly number[]>,
  resolutions: readonly number[],
): Record<string, unknown>[] {
  const names = Object.keys(vectors);
  const list = names.map((n) => vectors[n]);
  const exact = names[orderByExactPriority(list)[0]];
  return resolutions.map((r) => {
    const order = orderBySerializedPriority(list, r);
    return {
      resolution: r,
      keys: names.map((n) => `${n}: ${serializePriorityVector(vectors[n], r).key}`).join(", "),
      "first (serialised)": names[order[0]],
      "first (exact)": exact,
      correct: names[order[0]] === exact ? "yes" : "no",
    };
  });
}

/** Fig. 8 as a table: each operator's input density per level and its asymmetry around balance. */
export function inputDensityTable(densities: readonly InputDensity[]): Record<string, unknown>[] {
  return densities.map((d) => {
    const row: Record<string, unknown> = { operator: d.operator };
    d.levels.forEach((p, i) => (row[`p=${+p.toFixed(6)}`] = d.density[i]));
    const n = d.density.length;
    row["max |d(p_i) − d(p_(r−1−i))|"] = Math.max(
      ...d.density.map((x, i) => Math.abs(x - d.density[n - 1 - i])),
    );
    return row;
  });
}

/** §4.4 (a): per operator, trials whose orderings differ under original and virtual targets (one forked stream per operator). */
export function redistributionTrialsTable(
  ops: readonly PriorityOperator[],
  targets: readonly number[],
  active: readonly boolean[],
  rng: Rng,
  trials = 2000,
): Record<string, unknown>[] {
  return ops.map((op) => {
    const r = redistributionOrderingTrials(
      op,
      targets,
      active,
      rng.fork(`redistribution ${op.name}`),
      trials,
    );
    return {
      operator: op.name,
      trials: r.trials,
      "trials with a different ordering": r.discordantTrials,
      "pairs ordered oppositely": r.discordantPairs,
    };
  });
}

/** §4.4 (b): per operator, usage shares after the dispatch simulation beside the virtual targets. */
export function redistributionSimulationTable(
  ops: readonly PriorityOperator[],
  targets: readonly number[],
  active: readonly boolean[],
  steps = 10000,
): Record<string, unknown>[] {
  return ops.map((op) => {
    const r = simulateRedistribution(op, targets, active, steps);
    return {
      operator: r.operator,
      shares: r.shares.map((x) => x.toFixed(4)).join(", "),
      "virtual targets": r.virtualTargets.map((x) => x.toFixed(4)).join(", "),
      "Σ|share − virtual|": r.distance,
    };
  });
}
