/**
 * Fair Tree straight from the definition, on Maps (Algorithms 1–2 and SchedMD's tie rules as
 * lib/slurm/fair-tree.ts documents them): Level FS from normaliseAssociations, siblings sorted
 * with Array.prototype.sort, the tree walked recursively. The oracle that lib's compiled Fair Tree
 * (lib/slurm/compiled-fair-tree.ts, behind fairTree) is compared with in
 * test/slurm/compiled-fair-tree.test.ts.
 */
import type { AssociationTree, UsageMap } from "../../../lib/slurm/associations";
import { type FairTreeVariant, levelFairShare } from "../../../lib/slurm/compiled-fair-tree";
import type { FairShareResult, FairShareRow } from "../../../lib/slurm/fair-tree";
import { normaliseAssociations } from "../../../lib/slurm/normalisation";

/** Fair Tree's result for a tree, as {@link fairTree} defines it. */
export function referenceFairTree(
  tree: AssociationTree,
  options: { variant?: FairTreeVariant; usage?: UsageMap; mergeTiedAccounts?: boolean } = {},
): FairShareResult {
  return _fairTree(tree, options.variant ?? "thesis", options.mergeTiedAccounts ?? false, options.usage);
}

function _fairTree(
  tree: AssociationTree,
  variant: FairTreeVariant,
  merge: boolean,
  usage?: UsageMap,
): FairShareResult {
  const norm = normaliseAssociations(tree, usage);
  const n = tree.users.length;
  const lf = new Map<string, number>();
  for (const name of tree.order) {
    if (name === tree.root) continue;
    const a = norm.get(name)!;
    lf.set(name, levelFairShare(a.levelShares, a.levelUsage, variant));
  }
  const isUser = (name: string) => tree.nodes.get(name)!.kind === "user";
  const rankOf = new Map<string, number>();
  const ranking: string[] = [];
  let rank = n;
  let rnt = n;
  const sortSiblings = (names: string[]): string[] =>
    names
      .map((name, i) => ({ name, i }))
      .sort((a, b) => {
        const la = lf.get(a.name)!,
          lb = lf.get(b.name)!;
        if (la !== lb) return la > lb ? -1 : 1;
        if (variant === "slurm" && isUser(a.name) !== isUser(b.name)) return isUser(a.name) ? -1 : 1;
        return a.i - b.i;
      })
      .map((x) => x.name);
  const walkThesis = (siblings: string[]) => {
    for (const name of sortSiblings(siblings)) {
      if (isUser(name)) {
        rankOf.set(name, rank--);
        ranking.push(name);
      } else walkThesis(tree.nodes.get(name)!.children);
    }
  };
  const walkSlurm = (siblings: string[], accountTied: boolean) => {
    const sorted = sortSiblings(siblings);
    let prev = NaN;
    for (let i = 0; i < sorted.length; i++) {
      const name = sorted[i];
      const value = lf.get(name)!;
      const tied = (i === 0 && accountTied) || value === prev;
      if (isUser(name)) {
        if (!tied) rank = rnt;
        rankOf.set(name, rank);
        ranking.push(name);
        rnt--;
      } else {
        let k = 0;
        if (merge)
          while (
            i + k + 1 < sorted.length &&
            !isUser(sorted[i + k + 1]) &&
            lf.get(sorted[i + k + 1]) === value
          )
            k++;
        const children = sorted.slice(i, i + k + 1).flatMap((acc) => tree.nodes.get(acc)!.children);
        walkSlurm(children, tied);
        i += k;
      }
      prev = value;
    }
  };
  const top = tree.nodes.get(tree.root)!.children;
  if (variant === "thesis") walkThesis(top);
  else walkSlurm(top, false);
  const factors = new Map<string, number>();
  for (const u of tree.users) factors.set(u, n > 0 ? rankOf.get(u)! / n : 0);
  const rows: FairShareRow[] = tree.order
    .filter((name) => name !== tree.root)
    .map((name) => {
      const node = tree.nodes.get(name)!;
      const a = norm.get(name)!;
      return {
        entity: name,
        kind: node.kind,
        parent: node.parent!,
        depth: node.depth,
        S: a.levelShares,
        U: a.levelUsage,
        level: lf.get(name)!,
        rank: node.kind === "user" ? rankOf.get(name)! : null,
        factor: node.kind === "user" ? factors.get(name)! : null,
      };
    });
  return {
    algorithm: `fair-tree (${variant}${variant === "slurm" && merge ? ", merged ties" : ""})`,
    factors,
    ranking,
    rows,
  };
}
