/**
 * Fair Tree compiled once for a fixed association tree: the simulator's fast path for recomputing
 * fair share every PriorityCalcPeriod. The tree's structure (parents, children, sibling-normalised
 * shares) is turned into typed arrays once; each call only rolls up usage, computes Level FS, sorts
 * siblings (insertion sort from the previous call's order, so near-linear when the order barely
 * changes) and walks the tree. It does the same floating-point operations in the same order as
 * {@link fairTree} (with `mergeTiedAccounts: false`), so its factors are bit-identical
 * (test/slurm/fair-tree-fast.test.ts checks this on random trees).
 *
 * Associations are addressed by their pre-order position (`tree.order`); usage and factors are
 * Float64Arrays of that length.
 */
import { keyword } from "../util/options";
import type { AssociationTree } from "./associations";
import type { FairTreeVariant } from "./fair-tree";

/** A Fair Tree compiled for one tree (see {@link compileFairTree}). Keeps scratch state: not reentrant. */
export interface CompiledFairTree {
  /** Association names in pre-order (index = position in `tree.order`). */
  readonly names: readonly string[];
  /** Pre-order position of each association. */
  readonly indexOf: ReadonlyMap<string, number>;
  /** Pre-order positions of the users (in `tree.users` order). */
  readonly userPositions: Int32Array;
  /**
   * Writes each user's fair-share factor at its position in `out` (other entries untouched).
   * @param ownUsage own usage per association (pre-order position), CPU·s, ≥ 0
   * @param out factors, same length
   */
  factors(ownUsage: Float64Array, out: Float64Array): void;
}

/**
 * Compiles Fair Tree for a tree; `factors` then gives what `fairTree(tree, { variant, usage }).factors` gives.
 * @param variant "thesis" or "slurm" (see {@link fairTree}); defaults to "thesis"
 */
export function compileFairTree(tree: AssociationTree, variant: FairTreeVariant = "thesis"): CompiledFairTree {
  const slurm = keyword(variant, "variant", ["thesis", "slurm"] as const) === "slurm";
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
  const lf = new Float64Array(N);
  const rankOf = new Float64Array(N);
  let rank = n, rnt = n;

  // Sibling order: LF descending; slurm: users before accounts on equal LF; then input order.
  const before = (a: number, b: number): boolean => {
    const la = lf[a], lb = lf[b];
    if (la !== lb) return la > lb;
    if (slurm && isUser[a] !== isUser[b]) return isUser[a] === 1;
    return a < b;
  };
  const sortChildren = (p: number) => {
    const s = childStart[p], e = childStart[p + 1];
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
      if (isUser[c]) rankOf[c] = rank--;
      else walkThesis(c);
    }
  };
  const walkSlurm = (p: number, accountTied: boolean) => {
    let prev = NaN;
    for (let i = childStart[p], e = childStart[p + 1]; i < e; i++) {
      const c = perm[i];
      const value = lf[c];
      const tied = (i === childStart[p] && accountTied) || value === prev;
      if (isUser[c]) {
        if (!tied) rank = rnt;
        rankOf[c] = rank;
        rnt--;
      } else walkSlurm(c, tied);
      prev = value;
    }
  };

  return {
    names,
    indexOf,
    userPositions,
    factors(ownUsage: Float64Array, out: Float64Array) {
      raw.set(ownUsage.subarray(0, N));
      for (let i = N - 1; i > 0; i--) raw[parent[i]] += raw[i];
      for (let i = 1; i < N; i++) {
        const pu = raw[parent[i]];
        const U = pu > 0 ? raw[i] / pu : 0;
        const S = levelShares[i];
        lf[i] = slurm && S === 0 ? 0 : U === 0 ? Infinity : S / U;
      }
      for (let p = 0; p < N; p++) if (childStart[p + 1] - childStart[p] > 1) sortChildren(p);
      rank = n;
      rnt = n;
      if (slurm) walkSlurm(0, false);
      else walkThesis(0);
      for (let u = 0; u < n; u++) out[userPositions[u]] = rankOf[userPositions[u]] / n;
    },
  };
}
