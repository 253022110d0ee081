/**
 * Seeded pseudo-random numbers. Every random step in schedgame takes an {@link Rng} made here
 * from an explicit seed; lib never calls Math.random. Generator: xoshiro128** (32-bit state words,
 * period 2^128 − 1), seeded through splitmix32 from the seed (a number or a string, hashed).
 * Same seed → same stream on every platform.
 */
import { invalidArgument } from "./errors";

/** A seeded random stream. All methods advance the same state. */
export interface Rng {
  /** The seed the stream was made from (printed with every result). */
  readonly seed: number | string;
  /** A uniform float in [0, 1), 32 bits of randomness. */
  next(): number;
  /** A uniform integer in [lo, hi] (both inclusive). */
  int(lo: number, hi: number): number;
  /** A uniform float in [lo, hi). */
  uniform(lo: number, hi: number): number;
  /** A standard normal variate (Box–Muller), scaled: mean + sd·Z. */
  normal(mean?: number, sd?: number): number;
  /** An exponential variate with the given mean. */
  exponential(mean: number): number;
  /** A new independent stream derived from this one's seed and a label (does not advance this one). */
  fork(label: string | number): Rng;
}

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function splitmix32(a: number): () => number {
  return () => {
    a = (a + 0x9e3779b9) | 0;
    let z = a;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/**
 * Makes a seeded random stream.
 * @param seed an integer (any safe integer) or a string
 * @example const rng = createRng(42); rng.int(1, 6)
 */
export function createRng(seed: number | string): Rng {
  if (typeof seed === "number" && !Number.isSafeInteger(seed))
    throw invalidArgument("seed", seed, "a safe integer or a string");
  if (typeof seed !== "number" && typeof seed !== "string")
    throw invalidArgument("seed", seed, "a safe integer or a string");
  const base =
    typeof seed === "string"
      ? hashString(seed)
      : (seed >>> 0) ^ hashString(String(Math.floor(seed / 2 ** 32)));
  const sm = splitmix32(base);
  let s0 = sm(),
    s1 = sm(),
    s2 = sm(),
    s3 = sm();
  if ((s0 | s1 | s2 | s3) === 0) s0 = 1;
  const nextU32 = (): number => {
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = rotl(s3, 11);
    return result;
  };
  const next = () => nextU32() / 4294967296;
  return {
    seed,
    next,
    int(lo, hi) {
      if (!Number.isInteger(lo) || !Number.isInteger(hi) || hi < lo)
        throw invalidArgument("int range", [lo, hi], "integers lo <= hi");
      return lo + Math.floor(next() * (hi - lo + 1));
    },
    uniform(lo, hi) {
      return lo + next() * (hi - lo);
    },
    normal(mean = 0, sd = 1) {
      let u = next();
      while (u === 0) u = next();
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
    exponential(mean) {
      return -mean * Math.log(1 - next());
    },
    fork(label) {
      return createRng(`${String(seed)}/${String(label)}`);
    },
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** Fisher–Yates shuffle of an array or typed array in place (one `rng.next()` per position from the end); returns it. */
export function shuffleInPlace<A extends { length: number; [i: number]: unknown }>(a: A, rng: Rng): A {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
  return a;
}

/** Fisher–Yates shuffle into a new array. */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  return shuffleInPlace(items.slice(), rng);
}
