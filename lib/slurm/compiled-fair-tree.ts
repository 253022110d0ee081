/**
 * Fair Tree (thesis Section 2.2.3, Algorithms 1 and 2; Slurm's `fair_tree.c`) compiled once for a
 * fixed association tree: parents, children and sibling-normalised shares become typed arrays;
 * each `factors` call rolls up usage, computes Level FS, sorts every sibling list (insertion sort
 * from the previous call's order, near-linear when the order barely changes) and walks the tree.
 * {@link fairTree} runs it once; the simulator keeps one and calls it every PriorityCalcPeriod.
 *
 * Associations are addressed by their pre-order position (`tree.order`); usage, factors, levels
 * and ranks are Float64Arrays of that length. Sibling order: Level FS descending; in the "slurm"
 * variant users before accounts on equal Level FS; then input order (= pre-order position).
 */
import { invalidArgument } from "../util/errors";
import { keyword } from "../util/options";
import type { AssociationTree } from "./associations";

/** Which Fair Tree to run: "thesis" (Algorithms 1–2 as printed) or "slurm" (SchedMD's code). */
export type FairTreeVariant = "thesis" | "slurm";

/** Level FS of one association (Algorithm 2): S/U with the variant's zero rules. */
export function levelFairShare(S: number, U: number, variant: FairTreeVariant = "thesis"): number {
  if (variant === "slurm" && S === 0) return 0;
  if (U === 0) return Infinity;
  return S / U;
}

/** A Fair Tree compiled for one tree (see {@link compileFairTree}). Keeps scratch state: not reentrant. */
export interface CompiledFairTree {
  /** Association names in pre-order (index = position in `tree.order`). */
  readonly names: readonly string[];
  /** Pre-order position of each association. */
  readonly indexOf: ReadonlyMap<string, number>;
  /** Pre-order positions of the users (in `tree.users` order). */
  readonly userPositions: Int32Array;
  /** Shares among siblings per association (the root's is 0). */
  readonly levelShares: Float64Array;
  /** Usage among siblings per association, as of the last `factors` call (the root's is 0). */
  readonly levelUsage: Float64Array;
  /** Level FS per association, as of the last `factors` call (the root's is 0). */
  readonly levels: Float64Array;
  /** Rank per user position (the larger the better), as of the last `factors` call. */
  readonly ranks: Float64Array;
  /** User positions in ranking order (highest factor first, ties in traversal order), as of the last call. */
  readonly ranking: Int32Array;
  /**
   * Writes each user's fair-share factor (rank / number of users) at its position in `out` (other
   * entries untouched).
   * @param ownUsage own usage per association (pre-order position), CPU·s, ≥ 0
   * @param out factors, same length
   */
  factors(ownUsage: Float64Array, out: Float64Array): void;
}

/**
 * Compiles Fair Tree for a tree; `factors` then gives what `fairTree(tree, { variant, usage,
 * mergeTiedAccounts }).factors` gives (the variants' rules: {@link fairTree}).
 * @param variant defaults to "thesis"
 * @param mergeTiedAccounts "slurm" only: rank the children of tied sibling accounts together.
 *   Defaults to false.
 */
export function compileFairTree(
  tree: AssociationTree,
  variant: FairTreeVariant = "thesis",
  mergeTiedAccounts = false,
): CompiledFairTree {
  const slurm = keyword(variant, "variant", ["thesis", "slurm"] as const) === "slurm";
  if (typeof mergeTiedAccounts !== "boolean") {
    throw invalidArgument("mergeTiedAccounts", mergeTiedAccounts, "a boolean");
  }
  const merge = slurm && mergeTiedAccounts;
  const names = tree.order.slice();
  const N = names.length;
  const indexOf = new Map(names.map((name, i) => [name, i]));
  const parent = new Int32Array(N).fill(-1);
  const isUser = new Uint8Array(N);
  const levelShares = new Float64Array(N);
  const childStart = new Int32Array(N + 1);
  // children in input order: their pre-order positions increase with their input position
  const perm = new Int32Array(Math.max(0, N - 1));
  let k = 0;
  for (let i = 0; i < N; i++) {
    const node = tree.nodes.get(names[i])!;
    isUser[i] = node.kind === "user" ? 1 : 0;
    if (node.parent !== null) parent[i] = indexOf.get(node.parent)!;
    childStart[i] = k;
    // the same sum, in the same order, as normaliseAssociations
    const siblingSum = node.children.reduce((s, c) => s + tree.nodes.get(c)!.shares, 0);
    for (const c of node.children) {
      const ci = indexOf.get(c)!;
      perm[k++] = ci;
      levelShares[ci] = siblingSum > 0 ? tree.nodes.get(c)!.shares / siblingSum : 0;
    }
  }
  childStart[N] = k;
  const userPositions = Int32Array.from(tree.users, (u) => indexOf.get(u)!);
  const n = userPositions.length;
  const raw = new Float64Array(N);
  const levelUsage = new Float64Array(N);
  const lf = new Float64Array(N);
  const rankOf = new Float64Array(N);
  const ranking = new Int32Array(n);
  let rank = n,
    rnt = n,
    ranked = 0;

  const before = (a: number, b: number): boolean => {
    const la = lf[a],
      lb = lf[b];
    if (la !== lb) return la > lb;
    if (slurm && isUser[a] !== isUser[b]) return isUser[a] === 1;
    return a < b;
  };
  const sortChildren = (p: number) => {
    const s = childStart[p],
      e = childStart[p + 1];
    for (let i = s + 1; i < e; i++) {
      const x = perm[i];
      let j = i - 1;
      while (j >= s && before(x, perm[j])) {
        perm[j + 1] = perm[j];
        j--;
      }
      perm[j + 1] = x;
    }
  };
  const walkThesis = (p: number) => {
    for (let i = childStart[p], e = childStart[p + 1]; i < e; i++) {
      const c = perm[i];
      if (isUser[c]) {
        rankOf[c] = rank--;
        ranking[ranked++] = c;
      } else walkThesis(c);
    }
  };
  // walks the sorted siblings list[s, e)
  const walkSlurm = (list: Int32Array | number[], s: number, e: number, accountTied: boolean) => {
    let prev = NaN;
    for (let i = s; i < e; i++) {
      const c = list[i];
      const value = lf[c];
      const tied = (i === s && accountTied) || value === prev;
      if (isUser[c]) {
        if (!tied) rank = rnt;
        rankOf[c] = rank;
        ranking[ranked++] = c;
        rnt--;
      } else if (merge && i + 1 < e && !isUser[list[i + 1]] && lf[list[i + 1]] === value) {
        const children: number[] = [];
        for (; i < e && !isUser[list[i]] && lf[list[i]] === value; i++) {
          for (let q = childStart[list[i]]; q < childStart[list[i] + 1]; q++) children.push(perm[q]);
        }
        i--;
        children.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
        walkSlurm(children, 0, children.length, tied);
      } else walkSlurm(perm, childStart[c], childStart[c + 1], tied);
      prev = value;
    }
  };

  return {
    names,
    indexOf,
    userPositions,
    levelShares,
    levelUsage,
    levels: lf,
    ranks: rankOf,
    ranking,
    factors(ownUsage: Float64Array, out: Float64Array) {
      raw.set(ownUsage.subarray(0, N));
      for (let i = N - 1; i > 0; i--) raw[parent[i]] += raw[i];
      for (let i = 1; i < N; i++) {
        const pu = raw[parent[i]];
        const U = pu > 0 ? raw[i] / pu : 0;
        levelUsage[i] = U;
        lf[i] = levelFairShare(levelShares[i], U, slurm ? "slurm" : "thesis");
      }
      for (let p = 0; p < N; p++) if (childStart[p + 1] - childStart[p] > 1) sortChildren(p);
      rank = n;
      rnt = n;
      ranked = 0;
      if (slurm) walkSlurm(perm, childStart[0], childStart[1], false);
      else walkThesis(0);
      for (let u = 0; u < n; u++) out[userPositions[u]] = rankOf[userPositions[u]] / n;
    },
  };
}
