/**
 * Two joint-shape steps of the twin's input counterfactuals (v3, v4). Both only exchange values
 * within the node column, so the nodes marginal (and every other column) is unchanged.
 *
 * - {@link concentrateBandNodes} (v3, {@link BandNodes}): jobs of one planned-minutes band that do
 *   not ask `nodes` swap their node count with jobs outside the band that do, until `share` of the
 *   band asks `nodes` or no such partner is left.
 * - {@link correlateTailNodes} (v4, {@link TailNodes}): the long jobs' node counts re-paired with
 *   their minutes.
 */
import type { Rng } from "../util/rng";
import { finiteNumber } from "../util/options";
import { invalidArgument } from "../util/errors";
import type { BandNodes, TailNodes } from "./joint";
import { shuffleInPlace } from "../util/rng";

/** Swaps node counts in place (see the module comment); returns how many swaps were made. */
export function concentrateBandNodes(
  minutes: Float64Array,
  nodes: Float64Array,
  band: BandNodes,
  rng: Rng,
): number {
  if (minutes.length !== nodes.length)
    throw invalidArgument("nodes", `${nodes.length} values`, `${minutes.length} values (one per job)`);
  finiteNumber(band.share, "band.share", 0, 1);
  return swapInto(minutes, nodes, band, rng);
}

function swapInto(minutes: Float64Array, nodes: Float64Array, band: BandNodes, rng: Rng): number {
  const inBand: number[] = [],
    partners: number[] = [];
  let onNodes = 0;
  for (let i = 0; i < minutes.length; i++) {
    if (minutes[i] === band.minutes) {
      if (nodes[i] === band.nodes) onNodes++;
      else inBand.push(i);
    } else if (nodes[i] === band.nodes) partners.push(i);
  }
  const want = Math.ceil(band.share * (onNodes + inBand.length));
  const swaps = Math.min(Math.max(0, want - onNodes), inBand.length, partners.length);
  const from = shuffleInPlace(Float64Array.from(inBand), rng),
    to = shuffleInPlace(Float64Array.from(partners), rng);
  for (let k = 0; k < swaps; k++) {
    const i = from[k],
      j = to[k];
    nodes[j] = nodes[i];
    nodes[i] = band.nodes;
  }
  return swaps;
}

/**
 * Re-pairs node counts with planned minutes among the jobs with minutes ≥ `fromMinutes` only (twin
 * v4, {@link TailNodes}): their node values (the same multiset) are placed by a Gaussian copula with
 * correlation `rho` to their minutes' ranks (ties in minutes broken at random). Jobs below
 * `fromMinutes` keep theirs, so the node total of every band below the tail, and of the tail, is
 * unchanged.
 */
export function correlateTailNodes(
  minutes: Float64Array,
  nodes: Float64Array,
  tail: TailNodes,
  rng: Rng,
): void {
  if (minutes.length !== nodes.length)
    throw invalidArgument("nodes", `${nodes.length} values`, `${minutes.length} values (one per job)`);
  finiteNumber(tail.rho, "tail.rho", -1, 1);
  const idx: number[] = [];
  for (let i = 0; i < minutes.length; i++) if (minutes[i] >= tail.fromMinutes) idx.push(i);
  // Normal scores of the minutes' ranks: sorted standard normals handed out in minutes order.
  const scores = Array.from({ length: idx.length }, () => rng.normal()).sort((a, b) => a - b);
  const byMinutes = idx
    .map((i, k) => ({ k, m: minutes[i], u: rng.next() }))
    .sort((a, b) => a.m - b.m || a.u - b.u);
  const zMin = new Float64Array(idx.length);
  byMinutes.forEach((o, r) => (zMin[o.k] = scores[r]));
  const s = Math.sqrt(1 - tail.rho * tail.rho);
  const zN = Array.from(zMin, (z) => tail.rho * z + s * rng.normal());
  const byZ = idx.map((_, k) => k).sort((a, b) => zN[a] - zN[b] || a - b);
  const values = idx.map((i) => nodes[i]).sort((a, b) => a - b);
  byZ.forEach((k, r) => (nodes[idx[k]] = values[r]));
}
