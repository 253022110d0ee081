/**
 * Limited output resolution (seed 001, §2.2 and §5): priority vectors are serialised into
 * lexicographic strings of scalars in 0 … r − 1, so priorities closer than 2/r collapse.
 * scalar(p, r) = ⌊(p + 1)/2 · r⌋ capped at r − 1 (−1 → 0, 1 → r − 1, as in Fig. 4), and the
 * effective priority S(p, r) = scalar(p, r)/r · 2 − 1 (Eq. 17) is the lowest priority of the level
 * p falls in; the levels are ℙ_r = { −1 + 2i/r : i = 0 … r − 1 } (Eq. 20).
 */
import { invalidArgument } from "../util/errors";
import { finiteNumber, integer } from "../util/options";

/** The scalar of a priority at resolution r (0 … r − 1). Unchecked. */
export function _scalar(p: number, r: number): number {
  const v = Math.floor(((p + 1) / 2) * r);
  return v < 0 ? 0 : v > r - 1 ? r - 1 : v;
}

function checkResolution(r: number): number {
  return integer(r, "r", 2, 2 ** 40);
}

/**
 * scalar(p, r): the integer in 0 … r − 1 a priority p ∈ [−1, 1] serialises to.
 * @throws `invalid p: …` outside [−1, 1], `invalid r: …` unless an integer ≥ 2
 */
export function priorityScalar(p: number, r: number): number {
  finiteNumber(p, "p", -1, 1);
  return _scalar(p, checkResolution(r));
}

/** S(p, r) (Eq. 17): the effective priority, the lowest priority with the same scalar as p. */
export function effectivePriority(p: number, r: number): number {
  return (priorityScalar(p, r) / r) * 2 - 1;
}

/** Resolution r = 2^bits. */
export function resolutionOfBits(bits: number): number {
  return 2 ** integer(bits, "bits", 1, 40);
}

/** A serialised priority vector: the scalar of each component and their zero-padded concatenation. */
export interface SerializedVector {
  /** The component priorities, top level first. */
  vector: number[];
  /** scalar(p, r) of each component. */
  scalars: number[];
  /** The concatenation, each scalar padded to the digits of r − 1 (Fig. 4). */
  key: string;
}

/**
 * Serialises a priority vector at resolution r (Fig. 4): each component mapped to its scalar,
 * zero-padded and concatenated, so that comparing the strings compares the vectors level by level.
 * @throws `invalid vector: …` when empty or a component is outside [−1, 1]
 */
export function serializePriorityVector(vector: readonly number[], r: number): SerializedVector {
  checkResolution(r);
  if (
    !Array.isArray(vector) ||
    vector.length === 0 ||
    vector.some((p) => typeof p !== "number" || !(p >= -1 && p <= 1))
  ) {
    throw invalidArgument("vector", vector, "a non-empty array of priorities in [-1, 1]");
  }
  const width = String(r - 1).length;
  const scalars = vector.map((p) => _scalar(p, r));
  return {
    vector: vector.slice(),
    scalars,
    key: scalars.map((v) => String(v).padStart(width, "0")).join(""),
  };
}

/**
 * Orders users by serialised priority (highest first), as the prioritisation system does; ties
 * keep the input order. Returns the indexes of `vectors` in priority order.
 */
export function orderBySerializedPriority(vectors: readonly (readonly number[])[], r: number): number[] {
  const keys = vectors.map((v) => serializePriorityVector(v, r).key);
  return keys.map((_, i) => i).sort((a, b) => (keys[a] < keys[b] ? 1 : keys[a] > keys[b] ? -1 : a - b));
}

/** Orders users by their exact priority vectors compared level by level (highest first). */
export function orderByExactPriority(vectors: readonly (readonly number[])[]): number[] {
  const cmp = (a: readonly number[], b: readonly number[]) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return b[i] - a[i];
    return b.length - a.length;
  };
  return vectors.map((_, i) => i).sort((a, b) => cmp(vectors[a], vectors[b]) || a - b);
}
