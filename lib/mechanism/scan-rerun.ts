/**
 * The thesis's Clarke re-run for list rules (greedy by key, priority), all winners from one scan:
 * removing winner i leaves the scan before i's place as it was, so each re-run only continues from
 * that place with i's nodes free — for the halting list a binary search over the prefix sums of the
 * sizes finds where it now halts; the skipping list replays the rest of the list. The fallback's
 * single highest bidder without i is the best or the second best bidder.
 *
 * Exact by construction only where sums of bids are exact: when every bid is a whole number and all
 * bids together stay below 2^53, every total is the same integer whatever the order of the
 * additions, so each payment equals the re-run's `allocationValue(xi) − (value − b_i)` to the last
 * bit. Otherwise (e.g. unrounded 1.1·w·rtime bids) {@link scanRerunValues} returns undefined and
 * the caller scans the list once per winner.
 */
import { greedyValueFrom } from "./greedy";
import type { Instance } from "./instance";

/**
 * For each winner i (x_i = 1), the total bid Σ_{j≠i} b_j x_j(b₋ᵢ) of the list rule re-run without i
 * within `capacity` nodes; undefined when the bids are not all whole numbers with a total below
 * 2^53 (then sums depend on their order and the caller must re-run each winner's scan).
 * @param order the list (player indices, every player once)
 * @param capacity nodes of the re-run
 * @param skip skip players that do not fit (else halt)
 * @param fallback replace the set by the single highest bidder when her bid is larger
 */
export function scanRerunValues(
  inst: Instance,
  x: Uint8Array,
  order: ArrayLike<number>,
  capacity: number,
  skip: boolean,
  fallback: boolean,
): Float64Array | undefined {
  const { w, b } = inst;
  const n = w.length;
  let total = 0;
  for (let i = 0; i < n; i++) {
    if (!Number.isInteger(b[i])) return undefined;
    total += b[i];
  }
  if (!(total <= Number.MAX_SAFE_INTEGER)) return undefined;
  // The scan with everyone: state before each place k (room left, bid total so far, halted).
  const roomAt = new Float64Array(n + 1);
  const valueAt = new Float64Array(n + 1);
  const haltedAt = new Uint8Array(n + 1);
  const place = new Int32Array(n);
  const sizeSum = new Float64Array(n + 1); // Σ sizes of places < k (for the halting list's new halt)
  const bidSum = new Float64Array(n + 1); // Σ bids of places < k
  let room = capacity,
    value = 0,
    halted = false,
    haltAt = n;
  for (let k = 0; k < n; k++) {
    const j = order[k];
    place[j] = k;
    roomAt[k] = room;
    valueAt[k] = value;
    haltedAt[k] = halted ? 1 : 0;
    sizeSum[k + 1] = sizeSum[k] + w[j];
    bidSum[k + 1] = bidSum[k] + b[j];
    if (halted) continue;
    if (w[j] <= room) {
      room -= w[j];
      value += b[j];
    } else if (!skip) {
      halted = true;
      haltAt = k;
    }
  }
  roomAt[n] = room;
  valueAt[n] = value;
  haltedAt[n] = halted ? 1 : 0;
  // The fallback's highest single bidders that fit (ties: lowest index), first and second.
  let best = -1,
    second = -1;
  for (let j = 0; j < n; j++) {
    if (w[j] > capacity) continue;
    if (best < 0 || b[j] > b[best]) {
      second = best;
      best = j;
    } else if (second < 0 || b[j] > b[second]) second = j;
  }
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if (!x[i]) continue;
    const q = place[i];
    let v: number;
    if (haltedAt[q] || w[i] > roomAt[q]) {
      // The scan never took i: without i it is the same scan (i halted it: the halting list now
      // goes on past i's place with the same room, which is the skipping case's replay).
      v = haltedAt[q]
        ? valueAt[n]
        : skip
          ? valueAt[n]
          : greedyValueFrom(order, w, b, q + 1, roomAt[q], valueAt[q], skip, n);
    } else if (skip) v = greedyValueFrom(order, w, b, q + 1, roomAt[q], valueAt[q], skip, n);
    else if (haltAt === n)
      v = valueAt[n] - b[i]; // everyone fit: the same set less i
    else {
      // Halting list, i taken before the halt: places q+1 … up to the new halt are all taken.
      // New halt: the first place k > q whose size no longer fits: sizeSum[k+1] − w_i > capacity.
      let lo = q + 1,
        hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sizeSum[mid + 1] - w[i] > capacity) hi = mid;
        else lo = mid + 1;
      }
      v = bidSum[lo] - b[i];
    }
    if (fallback) {
      const o = best === i ? second : best;
      if (o >= 0 && b[o] > v) v = b[o];
    }
    out[i] = v;
  }
  return out;
}
