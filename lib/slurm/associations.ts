/**
 * The Slurm association tree (thesis Section 2.1.1, Figure 1): a rooted plane tree whose internal
 * nodes are accounts and whose leaves are users. Built from rows in Table 1's form
 * `entity, parent, kind, shares, usage`, validated, with shares and usage normalised among
 * siblings and along the path to the root.
 *
 * Usage convention: the `usage` of a row is the usage charged *directly* to that association
 * (CPU·s; for users, their jobs). An account's usage in Slurm (`usage_raw`) is the sum over its
 * whole sub-tree, which {@link rollUpUsage} computes; every fair-share function works on that.
 */
import { invalidArgument } from "../util/errors";

/** Whether an association is an account (internal node) or a user (leaf). */
export type AssociationKind = "account" | "user";

/** One row of an association table (Table 1's form). */
export interface AssociationRow {
  /** Unique association name (account name or user name). */
  entity: string;
  /** The parent account's name (the tree's root name for top-level associations). */
  parent: string;
  /** "account" or "user". */
  kind: AssociationKind;
  /** Raw shares (Slurm `RawShares`), ≥ 0. */
  shares: number;
  /** Usage charged directly to this association, CPU·s, ≥ 0. Defaults to 0. */
  usage?: number;
}

/** One association in a built tree. */
export interface AssociationNode {
  /** Name. */
  name: string;
  /** "account" or "user"; the root is an account. */
  kind: AssociationKind;
  /** The parent's name, or null for the root. */
  parent: string | null;
  /** Children's names, in input order (a plane tree keeps the order). */
  children: string[];
  /** Raw shares (the root has 1). */
  shares: number;
  /** Usage charged directly to this association, CPU·s. */
  ownUsage: number;
  /** Depth: the root is 0, its children 1, … */
  depth: number;
}

/** A validated association tree. */
export interface AssociationTree {
  /** The root's name. */
  root: string;
  /** Every association by name (the root included). */
  nodes: ReadonlyMap<string, AssociationNode>;
  /** Names in pre-order (root first, children in input order). */
  order: readonly string[];
  /** User names in pre-order. */
  users: readonly string[];
}

/** Options of {@link buildAssociationTree}. */
export interface BuildTreeOptions {
  /** The root account's name; rows whose parent is this name hang from the root. Defaults to "root". */
  root?: string;
}

/**
 * Builds and validates an association tree from rows.
 * @throws `invalid association <name>: …` naming the offending entity for a duplicate name, an
 *   unknown parent, a cycle, a user with children, a bad kind, or negative/non-finite shares or usage
 */
export function buildAssociationTree(
  rows: readonly AssociationRow[],
  options: BuildTreeOptions = {},
): AssociationTree {
  const root = options.root ?? "root";
  if (typeof root !== "string" || root === "") throw invalidArgument("root", root, "a non-empty string");
  if (!Array.isArray(rows)) throw invalidArgument("rows", rows, "an array of association rows");
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
  const bad = (name: unknown, what: string) =>
    new Error(`invalid association ${JSON.stringify(name)}: ${what}`);
  for (const r of rows) {
    if (!r || typeof r.entity !== "string" || r.entity === "")
      throw bad(r?.entity, "entity must be a non-empty string");
    const name = r.entity;
    if (nodes.has(name)) throw bad(name, name === root ? "same name as the root" : "duplicate name");
    if (r.kind !== "account" && r.kind !== "user")
      throw bad(name, `kind ${JSON.stringify(r.kind)}; expected "account" or "user"`);
    if (typeof r.parent !== "string" || r.parent === "") throw bad(name, "parent must be a non-empty string");
    if (typeof r.shares !== "number" || !Number.isFinite(r.shares) || r.shares < 0)
      throw bad(name, `shares ${r.shares}; expected a finite number >= 0`);
    const usage = r.usage ?? 0;
    if (typeof usage !== "number" || !Number.isFinite(usage) || usage < 0)
      throw bad(name, `usage ${usage}; expected a finite number >= 0 (CPU·s)`);
    nodes.set(name, {
      name,
      kind: r.kind,
      parent: r.parent,
      children: [],
      shares: r.shares,
      ownUsage: usage,
      depth: 0,
    });
  }
  for (const r of rows) {
    const parent = nodes.get(r.parent);
    if (!parent) throw bad(r.entity, `unknown parent ${JSON.stringify(r.parent)}`);
    if (r.parent === r.entity) throw bad(r.entity, "is its own parent (cycle)");
    if (parent.kind === "user")
      throw bad(r.entity, `parent ${JSON.stringify(r.parent)} is a user; users cannot have children`);
    parent.children.push(r.entity);
  }
  // Every node must reach the root; a node that does not sits on a cycle (or under one).
  const order: string[] = [];
  const stack = [root];
  while (stack.length) {
    const name = stack.pop()!;
    order.push(name);
    const node = nodes.get(name)!;
    for (let i = node.children.length - 1; i >= 0; i--) {
      nodes.get(node.children[i])!.depth = node.depth + 1;
      stack.push(node.children[i]);
    }
  }
  if (order.length !== nodes.size) {
    const reached = new Set(order);
    const stray = rows.find((r) => !reached.has(r.entity))!;
    throw bad(stray.entity, "is on a cycle (its ancestors never reach the root)");
  }
  const users = order.filter((n) => nodes.get(n)!.kind === "user");
  return { root, nodes, order, users };
}

/** Own (directly charged) usage per association, CPU·s: a plain map from association name. */
export type UsageMap = ReadonlyMap<string, number>;

/**
 * Slurm's `usage_raw` per association: own usage plus the usage of the whole sub-tree, CPU·s
 * (the root holds the total).
 * @param usage own usage per association (defaults to the tree's `ownUsage`); names must exist
 * @throws `invalid usage of <name>: …` for an unknown name or a negative/non-finite value
 */
export function rollUpUsage(tree: AssociationTree, usage?: UsageMap): Map<string, number> {
  const out = new Map<string, number>();
  if (usage) {
    for (const [name, v] of usage) {
      if (!tree.nodes.has(name)) throw invalidArgument(`usage of ${name}`, v, "an association in the tree");
      if (typeof v !== "number" || !Number.isFinite(v) || v < 0)
        throw invalidArgument(`usage of ${name}`, v, "a finite number >= 0 (CPU·s)");
    }
  }
  for (const name of tree.order)
    out.set(name, usage ? (usage.get(name) ?? 0) : tree.nodes.get(name)!.ownUsage);
  for (let i = tree.order.length - 1; i > 0; i--) {
    const node = tree.nodes.get(tree.order[i])!;
    out.set(node.parent!, out.get(node.parent!)! + out.get(node.name)!);
  }
  return out;
}

/**
 * Own usage per association from the tree, with some values replaced (e.g. a notebook parameter).
 * @throws `invalid usage of <name>: …` for an unknown name or a negative/non-finite value
 */
export function usageWithOverrides(
  tree: AssociationTree,
  overrides: Readonly<Record<string, number>> = {},
): Map<string, number> {
  for (const [name, v] of Object.entries(overrides)) {
    if (!tree.nodes.has(name)) throw invalidArgument(`usage of ${name}`, v, "an association in the tree");
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0)
      throw invalidArgument(`usage of ${name}`, v, "a finite number >= 0 (CPU·s)");
  }
  return new Map(
    tree.order.map((n) => [
      n,
      Object.prototype.hasOwnProperty.call(overrides, n) ? overrides[n] : tree.nodes.get(n)!.ownUsage,
    ]),
  );
}
