/**
 * Building blocks of the calibrated twin: sorted samples whose R summary() (type-7 quantiles,
 * min, max) lands exactly on published values, whose sum hits a target exactly, and which stay on
 * a support of plausible values (nice wallclocks, whole minutes). Everything works on ascending
 * Float64Arrays of integers; the twin shuffles them into jobs afterwards.
 */
import { invalidArgument, invariantViolated } from "../util/errors";

/** A fixed value at a 0-based position of the sorted sample. */
export interface Pin {
  pos: number;
  value: number;
  /** A soft pin is only a bound: "le" = the value at pos must be ≤ value, "ge" = ≥ value. */
  soft?: "le" | "ge";
}

/** Published R summary() quantiles: Min, 1st Qu., Median, 3rd Qu., Max. */
export interface Knots {
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
}

/**
 * The pins that make type-7 quantiles of an n-sample equal the knots: h = (n − 1)·p; when h is
 * fractional both neighbours are pinned to the value (so the interpolation returns it exactly).
 */
export function quantilePins(n: number, k: Knots): Pin[] {
  const pins: Pin[] = [{ pos: 0, value: k.min }];
  for (const [p, v] of [
    [0.25, k.q1],
    [0.5, k.median],
    [0.75, k.q3],
  ] as const) {
    const h = (n - 1) * p;
    pins.push({ pos: Math.floor(h), value: v });
    if (h !== Math.floor(h)) pins.push({ pos: Math.floor(h) + 1, value: v });
  }
  pins.push({ pos: n - 1, value: k.max });
  return pins;
}

/**
 * A sorted sample of n values through the pins (sorted by position, non-decreasing values),
 * filled between pins by interpolating the index into `support` (an ascending list of allowed
 * values) linearly, or log-linearly in value when `support` is omitted (integers).
 * @param curve exponent applied to the in-segment fraction (1 = straight, >1 = more mass low)
 */
export function sortedFromPins(
  n: number,
  pinsIn: readonly Pin[],
  support?: readonly number[],
  curve = 1,
): Float64Array {
  if (!Number.isInteger(n) || n < 1) throw invalidArgument("n", n, "a positive integer");
  const pins = [...pinsIn].sort((a, b) => a.pos - b.pos);
  if (pins[0].pos !== 0 || pins[pins.length - 1].pos !== n - 1)
    throw invalidArgument(
      "pins",
      pins.map((p) => p.pos),
      `pins at 0 and ${n - 1}`,
    );
  for (let i = 1; i < pins.length; i++) {
    if (pins[i].value < pins[i - 1].value) throw invalidArgument("pins", pins, "non-decreasing values");
  }
  const out = new Float64Array(n);
  const idx = (v: number) => {
    if (!support) return 0;
    let lo = 0,
      hi = support.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (support[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  for (let s = 0; s + 1 < pins.length; s++) {
    const a = pins[s],
      b = pins[s + 1];
    out[a.pos] = a.value;
    out[b.pos] = b.value;
    const span = b.pos - a.pos;
    if (span <= 1) continue;
    if (support) {
      const ia = idx(a.value),
        ib = idx(b.value);
      for (let k = a.pos + 1; k < b.pos; k++) {
        const t = ((k - a.pos) / span) ** curve;
        const j = Math.min(ib, Math.max(ia, Math.round(ia + t * (ib - ia))));
        out[k] = Math.min(b.value, Math.max(a.value, support[j]));
      }
    } else {
      const off = Math.min(a.value, 0) - 1; // log of (v − off) stays defined for v ≤ 0
      const la = Math.log(a.value - off),
        lb = Math.log(b.value - off);
      for (let k = a.pos + 1; k < b.pos; k++) {
        const t = ((k - a.pos) / span) ** curve;
        out[k] = Math.round(Math.exp(la + t * (lb - la)) + off);
      }
    }
  }
  return out;
}

/** Sum of a[from..to). */
export function sumRange(a: ArrayLike<number>, from = 0, to = a.length): number {
  let s = 0;
  for (let i = from; i < to; i++) s += a[i];
  return s;
}

/**
 * Reshapes the values strictly between positions `from` and `to` (their pins stay) so the
 * whole array sums to `targetSum` exactly: v ← a + (b − a)·((v − a)/(b − a))^k with k found by
 * bisection, then rounded, then the integer residual spread by ±1 steps within [a, b]. The
 * array stays sorted. Returns false when the target cannot be reached inside [a, b].
 */
export function adjustSum(
  arr: Float64Array,
  targetSum: number,
  from: number,
  to: number,
  support?: readonly number[],
): boolean {
  const a = arr[from],
    b = arr[to];
  if (to - from < 2 || b <= a) return sumRange(arr) === targetSum;
  const base = arr.slice(from + 1, to);
  const outside = sumRange(arr) - sumRange(base);
  const want = targetSum - outside;
  const m = base.length;
  if (want < m * a || want > m * b) return false;
  const shaped = (k: number) => {
    let s = 0;
    for (let i = 0; i < m; i++) s += a + (b - a) * ((base[i] - a) / (b - a)) ** k;
    return s;
  };
  let lo = -12,
    hi = 12; // log2 of k; sum decreases as k grows
  for (let it = 0; it < 80; it++) {
    const mid = (lo + hi) / 2;
    if (shaped(2 ** mid) > want) lo = mid;
    else hi = mid;
  }
  const k = 2 ** ((lo + hi) / 2);
  const allowed = support ? support.filter((v) => v >= a && v <= b) : undefined;
  const snap = (x: number) => {
    if (!allowed) return Math.round(x);
    let best = allowed[0];
    for (const v of allowed) if (Math.abs(v - x) < Math.abs(best - x)) best = v;
    return best;
  };
  let s = 0;
  for (let i = 0; i < m; i++) {
    const v = snap(a + (b - a) * ((base[i] - a) / (b - a)) ** k);
    arr[from + 1 + i] = v;
    s += v;
  }
  let residual = want - s;
  if (allowed && allowed.length > 1) {
    // Move whole elements between neighbouring allowed values while the step fits the residual.
    for (let pass = 0; pass < 64 && residual !== 0; pass++) {
      let moved = false;
      for (
        let i = residual > 0 ? to - 1 : from + 1;
        residual !== 0 && i > from && i < to;
        i += residual > 0 ? -1 : 1
      ) {
        const j = allowed.indexOf(arr[i]);
        if (j < 0) continue;
        const nb = residual > 0 ? allowed[j + 1] : allowed[j - 1];
        if (nb === undefined) continue;
        const step = nb - arr[i];
        if (
          Math.abs(step) <= Math.abs(residual) &&
          (residual > 0 ? i === to - 1 || nb <= arr[i + 1] : i === from + 1 || nb >= arr[i - 1])
        ) {
          arr[i] = nb;
          residual -= step;
          moved = true;
        }
      }
      if (!moved) break;
    }
  }
  // Spread the rounding residual one unit at a time from the top (up) or the bottom (down).
  for (let pass = 0; residual !== 0 && pass < 1e4; pass++) {
    let moved = false;
    if (residual > 0) {
      for (let i = to - 1; i > from && residual > 0; i--)
        if (arr[i] < arr[i + 1] || (i === to - 1 && arr[i] < b)) {
          arr[i]++;
          residual--;
          moved = true;
        }
    } else {
      for (let i = from + 1; i < to && residual < 0; i++)
        if (arr[i] > arr[i - 1] || (i === from + 1 && arr[i] > a)) {
          arr[i]--;
          residual++;
          moved = true;
        }
    }
    if (!moved) break;
  }
  return residual === 0;
}

/** How many values of a sorted array are < v (`strict`) or ≤ v. */
export function countBelow(sorted: ArrayLike<number>, v: number, strict: boolean): number {
  let lo = 0,
    hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (strict ? sorted[mid] < v : sorted[mid] <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Pins for a sample R of size nR such that the union of a fixed sorted sample F with R has the
 * given type-7 quantile value at union size nU: positions of R forced to the value (or one
 * window position when the constraint is loose). Returns [] when F alone already decides it.
 * @throws invariant violation when no R can satisfy it (F has too many values on one side)
 */
export function unionPins(F: ArrayLike<number>, nR: number, p: number, value: number): Pin[] {
  const nU = F.length + nR;
  const h = (nU - 1) * p;
  const lastPos = h === Math.floor(h) ? h : Math.floor(h) + 1;
  const maxBelow = Math.floor(h) - countBelow(F, value, true); // #R(< v) allowed
  const minAtMost = lastPos + 1 - countBelow(F, value, false); // #R(≤ v) needed
  if (maxBelow < 0 || minAtMost > nR)
    throw invariantViolated(
      `no R of ${nR} gives quantile ${p} = ${value} (F below: ${countBelow(F, value, true)}, F at most: ${countBelow(F, value, false)})`,
    );
  const lo = Math.max(0, maxBelow),
    hi = Math.min(nR - 1, minAtMost - 1);
  if (lo <= hi)
    return lo === hi
      ? [{ pos: lo, value }]
      : [
          { pos: lo, value },
          { pos: hi, value },
        ];
  const soft: Pin[] = [];
  if (minAtMost > 0) soft.push({ pos: minAtMost - 1, value, soft: "le" }); // R[minAtMost − 1] ≤ v
  if (maxBelow < nR) soft.push({ pos: maxBelow, value, soft: "ge" }); // R[maxBelow] ≥ v
  return soft;
}
