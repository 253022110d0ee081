/**
 * Seeded random association trees (for comparing fair-share algorithms beyond Table 1 and for
 * property tests). Every account has at least one child, so every leaf is a user.
 */
import { integer, finiteNumber } from "../util/options";
import type { Rng } from "../util/rng";
import type { AssociationRow } from "./associations";

/** Options of {@link randomAssociationRows}. */
export interface RandomTreeOptions {
  /** Account levels below the root (users hang from the deepest accounts, or earlier). Defaults to 2. */
  depth?: number;
  /** Children per account, drawn uniformly from [1, maxChildren]. Defaults to 4. */
  maxChildren?: number;
  /** Probability that a child of a non-deepest account is a user rather than an account. Defaults to 0.2. */
  userProbability?: number;
  /** Raw shares drawn uniformly from [1, maxShares] (integers). Defaults to 10. */
  maxShares?: number;
  /** Users' own usage drawn uniformly from [0, maxUsage] CPU·s (rounded). Defaults to 10000. */
  maxUsage?: number;
  /** Probability that a user has no usage at all. Defaults to 0.1. */
  zeroUsageProbability?: number;
  /** Root name. Defaults to "root". */
  root?: string;
}

/**
 * Random association rows (accounts a1, a1.2, …; users u1, u2, …).
 * @example buildAssociationTree(randomAssociationRows(createRng(7)))
 */
export function randomAssociationRows(rng: Rng, options: RandomTreeOptions = {}): AssociationRow[] {
  const depth = integer(options.depth ?? 2, "depth", 1, 8);
  const maxChildren = integer(options.maxChildren ?? 4, "maxChildren", 1, 50);
  const pUser = finiteNumber(options.userProbability ?? 0.2, "userProbability", 0, 1);
  const maxShares = integer(options.maxShares ?? 10, "maxShares", 1);
  const maxUsage = finiteNumber(options.maxUsage ?? 10000, "maxUsage", 0);
  const pZero = finiteNumber(options.zeroUsageProbability ?? 0.1, "zeroUsageProbability", 0, 1);
  const root = options.root ?? "root";
  const rows: AssociationRow[] = [];
  let users = 0;
  const grow = (parent: string, label: string, level: number) => {
    const k = rng.int(1, maxChildren);
    for (let i = 1; i <= k; i++) {
      const shares = rng.int(1, maxShares);
      if (level === depth || rng.next() < pUser) {
        const usage = rng.next() < pZero ? 0 : Math.round(rng.uniform(0, maxUsage));
        rows.push({ entity: `u${++users}`, parent, kind: "user", shares, usage });
      } else {
        const name = `${label}${label ? "." : "a"}${i}`;
        rows.push({ entity: name, parent, kind: "account", shares, usage: 0 });
        grow(name, name, level + 1);
      }
    }
  };
  grow(root, "", 0);
  return rows;
}
