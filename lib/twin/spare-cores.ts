/**
 * The twin's spare cores (lib/twin/job-core.ts, step 3): nprocs = 48·nnodes − spare, with the
 * spares spread over the jobs whose node count is not pinned so that the nprocs sum hits its target.
 */
import type { Rng } from "../util/rng";
import { invariantViolated } from "../util/errors";
import { sumRange } from "./fit";

/** Spare cores per job so that Σ(48·nodes − spare) hits the procs sum; jobs on `fixed` node counts keep 0. */
export function spareCores(
  nodes: Float64Array,
  procsSum: number,
  fixed: Set<number>,
  rng: Rng,
): Float64Array {
  const spare = new Float64Array(nodes.length);
  let want = 48 * sumRange(nodes) - procsSum;
  const eligible: number[] = [];
  for (let i = 0; i < nodes.length; i++) if (!fixed.has(nodes[i])) eligible.push(i);
  if (want < 0 || want > 47 * eligible.length)
    throw invariantViolated(`twin: spare cores ${want} not within [0, ${47 * eligible.length}]`);
  const avg = want / Math.max(1, eligible.length);
  const lo = Math.max(0, Math.floor(2 * avg - 47));
  const hi = Math.min(47, Math.ceil(2 * avg - lo));
  for (const i of eligible) {
    const s = lo + Math.floor(rng.next() * (hi - lo + 1));
    spare[i] = s;
    want -= s;
  }
  for (let pass = 0; want !== 0 && pass < 100; pass++) {
    for (const i of eligible) {
      if (want > 0 && spare[i] < 47) {
        spare[i]++;
        want--;
      } else if (want < 0 && spare[i] > 0) {
        spare[i]--;
        want++;
      }
      if (want === 0) break;
    }
  }
  if (want !== 0) throw invariantViolated("twin: spare cores residual");
  return spare;
}
