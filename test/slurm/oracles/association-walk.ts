/**
 * The association tree as the fair-share oracles read it, written from Slurm's data model
 * (assoc_mgr.c, priority_multifactor.c) rather than from lib/slurm: a tree made from rows, its
 * associations in pre-order (the root first, each account's `children_list` in its order), and
 * each association's `usage_raw` (its own usage plus the whole sub-tree's). Only lib's types are
 * imported: they are the shape of the input.
 */
import type {
  AssociationNode,
  AssociationRow,
  AssociationTree,
  UsageMap,
} from "../../../lib/slurm/associations";

/**
 * A tree from rows (Table 1's form), children in row order, the root's shares 1. Refuses a
 * duplicate name or an unknown parent; it checks nothing else (the oracles are fed valid trees).
 */
export function treeFromRows(rows: readonly AssociationRow[], root = "root"): AssociationTree {
  const nodes = new Map<string, AssociationNode>();
  nodes.set(root, {
    name: root,
    kind: "account",
    parent: null,
    children: [],
    shares: 1,
    ownUsage: 0,
    depth: 0,
  });
  for (const r of rows) {
    if (nodes.has(r.entity)) throw new Error(`oracle tree: duplicate association ${r.entity}`);
    nodes.set(r.entity, {
      name: r.entity,
      kind: r.kind,
      parent: r.parent,
      children: [],
      shares: r.shares,
      ownUsage: r.usage ?? 0,
      depth: 0,
    });
  }
  for (const r of rows) {
    const parent = nodes.get(r.parent);
    if (!parent) throw new Error(`oracle tree: ${r.entity} has an unknown parent ${r.parent}`);
    parent.children.push(r.entity);
  }
  const order = preOrder({ root, nodes });
  for (const name of order) {
    const node = nodes.get(name)!;
    for (const c of node.children) nodes.get(c)!.depth = node.depth + 1;
  }
  return { root, nodes, order, users: order.filter((n) => nodes.get(n)!.kind === "user") };
}

/** The associations in pre-order: the root, then each child's sub-tree in the children's order. */
export function preOrder(tree: Pick<AssociationTree, "root" | "nodes">): string[] {
  const out: string[] = [];
  const visit = (name: string) => {
    out.push(name);
    for (const c of tree.nodes.get(name)!.children) visit(c);
  };
  visit(tree.root);
  return out;
}

/** The user associations in pre-order. */
export function usersOf(tree: Pick<AssociationTree, "root" | "nodes">): string[] {
  return preOrder(tree).filter((n) => tree.nodes.get(n)!.kind === "user");
}

/**
 * `usage_raw` of every association: its own usage plus its children's `usage_raw`, children in
 * order (priority_multifactor.c `_apply_new_usage` adds a job's usage to its association and every
 * ancestor up to the root, so an account holds its whole sub-tree's usage).
 * @param own own usage per association, CPU·s (missing names 0); defaults to the tree's `ownUsage`
 */
export function subtreeUsage(
  tree: Pick<AssociationTree, "root" | "nodes">,
  own?: UsageMap,
): Map<string, number> {
  const raw = new Map<string, number>();
  const sum = (name: string): number => {
    const node = tree.nodes.get(name)!;
    let u = own ? (own.get(name) ?? 0) : node.ownUsage;
    for (const c of node.children) u += sum(c);
    raw.set(name, u);
    return u;
  };
  sum(tree.root);
  return raw;
}

/** `level_shares` of an association: the raw shares of it and its siblings, summed (assoc_mgr.c `_get_children_level_shares`, an integer sum). */
export function levelShares(tree: Pick<AssociationTree, "nodes">, name: string): number {
  const parent = tree.nodes.get(name)!.parent;
  if (parent === null) return 0;
  let s = 0;
  for (const c of tree.nodes.get(parent)!.children) s += tree.nodes.get(c)!.shares;
  return s;
}
