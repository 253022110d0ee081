/**
 * The twin's pinned samples (lib/twin/job-core.ts): a sorted sample through hard pins whose tail is
 * reshaped to hit a sum, with soft pins (bounds) turned hard one at a time until all hold; and the
 * pins that give the union of a sample with another its published quartiles.
 */
import { invariantViolated } from "../util/errors";
import type { PublishedSummary } from "../io/thesis-section4";
import { type Pin, adjustSum, sortedFromPins, sumRange, unionPins } from "./fit";

/** A sorted sample through the pins whose tail (after the last inner pin) is reshaped to hit the sum. */
export function pinnedSample(
  n: number,
  pinsIn: Pin[],
  sum: number | undefined,
  support?: readonly number[],
  what = "sample",
): Float64Array {
  const hard = pinsIn.filter((p) => !p.soft);
  const soft = pinsIn.filter((p) => p.soft);
  for (let round = 0; round <= soft.length; round++) {
    const pins = checkPins(hard, what);
    const a = sortedFromPins(n, pins, support);
    const tailFrom = pins.length > 1 ? pins[pins.length - 2].pos : 0;
    if (sum !== undefined && !adjustSum(a, sum, tailFrom, n - 1, support))
      throw invariantViolated(`twin: cannot reach the sum ${sum} of ${what} (n=${n}, now ${sumRange(a)})`);
    const broken = soft.find((p) => (p.soft === "le" ? a[p.pos] > p.value : a[p.pos] < p.value));
    if (!broken) return a;
    hard.push({ pos: broken.pos, value: broken.value });
  }
  throw invariantViolated(`twin: ${what}: bounds cannot all hold`);
}

/** The values of two samples together, sorted ascending (a new array). */
export function unionSorted(F: Float64Array, R: Float64Array): Float64Array {
  const u = new Float64Array(F.length + R.length);
  u.set(F);
  u.set(R, F.length);
  return u.sort();
}

/** The pins of an nR-sample R that make the quartiles of F ∪ R equal the summary's ({@link unionPins}). */
export function unionQuartilePins(F: Float64Array, nR: number, s: PublishedSummary): Pin[] {
  const pins: Pin[] = [];
  for (const [p, v] of [
    [0.25, s.q1],
    [0.5, s.median],
    [0.75, s.q3],
  ] as const)
    pins.push(...unionPins(F, nR, p, v));
  return pins;
}

function checkPins(pins: Pin[], what: string): Pin[] {
  const byPos = new Map<number, number>();
  for (const p of pins) {
    const had = byPos.get(p.pos);
    if (had !== undefined && had !== p.value)
      throw invariantViolated(`twin: ${what}: conflicting pins at ${p.pos}: ${had} vs ${p.value}`);
    byPos.set(p.pos, p.value);
  }
  const out = [...byPos].map(([pos, value]) => ({ pos, value })).sort((a, b) => a.pos - b.pos);
  for (let i = 1; i < out.length; i++)
    if (out[i].value < out[i - 1].value)
      throw invariantViolated(`twin: ${what}: pins not monotone at ${out[i].pos} (${JSON.stringify(out)})`);
  return out;
}
