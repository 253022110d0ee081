/**
 * Concentrates node counts on one planned-minutes band (twin v3, {@link BandNodes}): jobs of the
 * band that do not ask `nodes` swap their node count with jobs outside the band that do, until
 * `share` of the band asks `nodes` or no such partner is left. A swap exchanges two values of the
 * node column, so the nodes marginal (and every other column) is unchanged.
 */
import type { Rng } from "../util/rng";
import { finiteNumber } from "../util/options";
import { invalidArgument } from "../util/errors";
import type { BandNodes } from "./joint";

/** Swaps node counts in place (see the module comment); returns how many swaps were made. */
export function concentrateBandNodes(minutes: Float64Array, nodes: Float64Array, band: BandNodes, rng: Rng): number {
  if (minutes.length !== nodes.length) throw invalidArgument("nodes", `${nodes.length} values`, `${minutes.length} values (one per job)`);
  finiteNumber(band.share, "band.share", 0, 1);
  return swapInto(minutes, nodes, band, rng);
}

function shuffled(xs: number[], rng: Rng): number[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

function swapInto(minutes: Float64Array, nodes: Float64Array, band: BandNodes, rng: Rng): number {
  const inBand: number[] = [], partners: number[] = [];
  let onNodes = 0;
  for (let i = 0; i < minutes.length; i++) {
    if (minutes[i] === band.minutes) {
      if (nodes[i] === band.nodes) onNodes++;
      else inBand.push(i);
    } else if (nodes[i] === band.nodes) partners.push(i);
  }
  const want = Math.ceil(band.share * (onNodes + inBand.length));
  const swaps = Math.min(Math.max(0, want - onNodes), inBand.length, partners.length);
  const from = shuffled(inBand, rng), to = shuffled(partners, rng);
  for (let k = 0; k < swaps; k++) {
    const i = from[k], j = to[k];
    nodes[j] = nodes[i];
    nodes[i] = band.nodes;
  }
  return swaps;
}
