/**
 * Subgroup isolation (seed 001 §4.3): in the tree algorithm an operator sees only a node's target
 * (its share of the parent's allocation) and its state (its share of the parent's usage), so a change
 * of usage inside one subgroup cannot change the components that order the users of another
 * subgroup. The paper says this holds for every operator "by definition". Shown here on a policy
 * tree: the tree algorithm's priority vectors (one component per level) beside a flat computation
 * that feeds each user's global target (the product of the shares on its path) and global usage
 * share to the operator. In the flat one a change anywhere rescales every user's state, which keeps
 * the order within a subgroup only for operators equivalent to Relative (§4.6: G is homogeneous in s).
 */
import { invalidArgument } from "../util/errors";
import { finiteNumber, integer } from "../util/options";
import type { Rng } from "../util/rng";
import type { PriorityOperator } from "./operator";

/** A node of a policy tree: a subgroup (with children) or a user (without). */
export interface PolicyNode {
  name: string;
  /** Share of the parent's allocation, in [0, 1]. */
  target: number;
  /** Recorded usage of a user, node·hours ≥ 0 (a subgroup's is the sum of its users'). */
  usage?: number;
  children?: PolicyNode[];
}

interface Leaf {
  path: string[];
  /** Per level (root excluded): target and state of the node on the path. */
  targets: number[];
  states: number[];
  usage: number;
}

const usageOf = (n: PolicyNode): number =>
  n.children ? n.children.reduce((a, c) => a + usageOf(c), 0) : (n.usage ?? 0);

function checkTree(n: PolicyNode, where: string): void {
  finiteNumber(n.target, `${where}.target`, 0, 1);
  if (n.children) {
    if (n.children.length === 0) throw invalidArgument(`${where}.children`, n.children, "at least one child");
    n.children.forEach((c, i) => checkTree(c, `${where}.children[${i}]`));
  } else finiteNumber(n.usage ?? 0, `${where}.usage`, 0);
}

function leaves(root: PolicyNode): Leaf[] {
  const out: Leaf[] = [];
  const walk = (n: PolicyNode, path: string[], targets: number[], states: number[]) => {
    if (!n.children) {
      out.push({ path, targets, states, usage: n.usage ?? 0 });
      return;
    }
    const total = usageOf(n);
    for (const c of n.children) {
      const s = total > 0 ? usageOf(c) / total : 0;
      walk(c, [...path, c.name], [...targets, c.target], [...states, s]);
    }
  };
  walk(root, [], [], []);
  return out;
}

/** The tree algorithm's priority vectors: per user (path joined by "/"), F(t, s) of each node on its path. */
export function priorityVectors(tree: PolicyNode, op: PriorityOperator): Map<string, number[]> {
  checkTree(tree, "tree");
  return new Map(
    leaves(tree).map((l) => [l.path.join("/"), l.targets.map((t, i) => op.value(t, l.states[i]))]),
  );
}

/** The flat computation: per user, F(global target, global usage share). */
export function flatPriorities(tree: PolicyNode, op: PriorityOperator): Map<string, number> {
  checkTree(tree, "tree");
  const ls = leaves(tree);
  const total = ls.reduce((a, l) => a + l.usage, 0);
  return new Map(
    ls.map((l) => [
      l.path.join("/"),
      op.value(
        l.targets.reduce((a, t) => a * t, 1),
        total > 0 ? l.usage / total : 0,
      ),
    ]),
  );
}

const lex = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return b[i] - a[i];
  return 0;
};

/** Users ordered by priority, highest first (ties keep tree order). */
function order(users: string[], cmp: (a: string, b: string) => number): string[] {
  return users.slice().sort(cmp);
}

/** What a usage change inside subgroup A did to the users of subgroup B. */
export interface IsolationOutcome {
  /** B's components below B (the ones that order B's users) are bit-identical before and after. */
  treeComponentsKept: boolean;
  /** B's users ordered by their vectors (tree) and by the flat priority, before and after. */
  treeBefore: string[];
  treeAfter: string[];
  flatBefore: string[];
  flatAfter: string[];
  /**
   * Pairs of B's users ordered strictly oppositely before and after (both priority differences above
   * 1e-12 in size: a pair tied in double precision, e.g. two saturated priorities, never counts).
   */
  treeReversed: number;
  flatReversed: number;
}

/**
 * Multiplies the usage of users of `tree` by `factors` (user path → factor; the users of one subgroup)
 * and compares the users under `subgroup` (a top-level child's name) before and after.
 * @throws `invalid subgroup: …` unless a child of the root with children
 */
export function isolationOutcome(
  tree: PolicyNode,
  op: PriorityOperator,
  subgroup: string,
  factors: ReadonlyMap<string, number>,
): IsolationOutcome {
  const b = tree.children?.find((c) => c.name === subgroup);
  if (!b || !b.children)
    throw invalidArgument("subgroup", subgroup, "a subgroup (child with children) of the root");
  const changed = { ...tree, children: tree.children!.map((c) => scaleTop(c, factors, c.name)) };
  const inB = (k: string) => k.split("/")[0] === subgroup;
  const vb = priorityVectors(tree, op),
    va = priorityVectors(changed, op);
  const fb = flatPriorities(tree, op),
    fa = flatPriorities(changed, op);
  const users = [...vb.keys()].filter(inB);
  const kept = users.every((u) => {
    const x = vb.get(u)!.slice(1),
      y = va.get(u)!.slice(1);
    return x.length === y.length && x.every((v, i) => Object.is(v, y[i]));
  });
  const reversed = (before: (x: string, y: string) => number, after: (x: string, y: string) => number) => {
    let n = 0;
    for (let i = 0; i < users.length; i++)
      for (let j = i + 1; j < users.length; j++) {
        const d1 = before(users[i], users[j]),
          d2 = after(users[i], users[j]);
        if (Math.abs(d1) > 1e-12 && Math.abs(d2) > 1e-12 && Math.sign(d1) !== Math.sign(d2)) n++;
      }
    return n;
  };
  return {
    treeComponentsKept: kept,
    treeReversed: reversed(
      (x, y) => lex(vb.get(x)!, vb.get(y)!),
      (x, y) => lex(va.get(x)!, va.get(y)!),
    ),
    flatReversed: reversed(
      (x, y) => fb.get(y)! - fb.get(x)!,
      (x, y) => fa.get(y)! - fa.get(x)!,
    ),
    treeBefore: order(users, (x, y) => lex(vb.get(x)!, vb.get(y)!)),
    treeAfter: order(users, (x, y) => lex(va.get(x)!, va.get(y)!)),
    flatBefore: order(users, (x, y) => fb.get(y)! - fb.get(x)!),
    flatAfter: order(users, (x, y) => fa.get(y)! - fa.get(x)!),
  };
}

function scaleTop(n: PolicyNode, factors: ReadonlyMap<string, number>, path: string): PolicyNode {
  if (n.children) return { ...n, children: n.children.map((c) => scaleTop(c, factors, `${path}/${c.name}`)) };
  return { ...n, usage: (n.usage ?? 0) * (factors.get(path) ?? 1) };
}

/**
 * The example tree: two subgroups, VO1 (target 0.6: u1 0.5, u2 0.3, u3 0.2) and VO2 (0.4: u4 0.7,
 * u5 0.3), usage in node·hours.
 */
export function isolationExampleTree(): PolicyNode {
  return {
    name: "",
    target: 1,
    children: [
      {
        name: "VO1",
        target: 0.6,
        children: [
          { name: "u1", target: 0.5, usage: 30 },
          { name: "u2", target: 0.3, usage: 10 },
          { name: "u3", target: 0.2, usage: 5 },
        ],
      },
      {
        name: "VO2",
        target: 0.4,
        children: [
          { name: "u4", target: 0.7, usage: 40 },
          { name: "u5", target: 0.3, usage: 15 },
        ],
      },
    ],
  };
}

/** Options of {@link isolationStudy}. */
export interface IsolationOptions {
  /** Factor applied to the usage of VO2's users in the example. Defaults to 10. */
  factor?: number;
  /** Random trials. Defaults to 1000. */
  trials?: number;
}

/** One operator on the example tree: its isolation outcome. */
export interface IsolationExample extends IsolationOutcome {
  operator: string;
}

/** One operator over the random trials: in how many trials each kind of change happened. */
export interface IsolationTrials {
  operator: string;
  /** Trials where VO1's own components changed in the tree algorithm. */
  treeComponentsChanged: number;
  /** Trials where a pair of VO1's users was reversed in the tree algorithm. */
  treeReversed: number;
  /** Trials where a pair of VO1's users was reversed in the flat computation. */
  flatReversed: number;
}

/**
 * §4.3: (a) the example tree with VO2's usage multiplied by `factor`, VO1's order under each
 * operator in the tree algorithm and in the flat computation; (b) random trials (random targets and
 * usages on the example's shape, VO2's users' usage multiplied by random factors in [0, 10]),
 * counting the trials where VO1's own components change (tree) or a pair of VO1's users is reversed.
 * @throws `invalid factor: …` unless ≥ 0, `invalid trials: …` unless an integer in 1 … 10^6
 */
export function isolationStudy(
  ops: readonly PriorityOperator[],
  rng: Rng,
  options: IsolationOptions = {},
): { example: IsolationExample[]; trials: IsolationTrials[]; count: number } {
  const { factor = 10, trials = 1000 } = options;
  finiteNumber(factor, "factor", 0);
  integer(trials, "trials", 1, 1e6);
  const tree = isolationExampleTree();
  const vo2 = new Map(["VO2/u4", "VO2/u5"].map((u) => [u, factor]));
  const example = ops.map((op) => ({ operator: op.name, ...isolationOutcome(tree, op, "VO1", vo2) }));
  const draws = Array.from({ length: trials }, () => {
    const split = (k: number) => {
      const w = Array.from({ length: k }, () => rng.uniform(0.05, 1));
      const sum = w.reduce((a, x) => a + x, 0);
      return w.map((x) => x / sum);
    };
    const [top, a, b] = [split(2), split(3), split(2)];
    const t: PolicyNode = {
      name: "",
      target: 1,
      children: [
        {
          name: "VO1",
          target: top[0],
          children: a.map((x, i) => ({ name: `u${i + 1}`, target: x, usage: rng.uniform(0, 100) })),
        },
        {
          name: "VO2",
          target: top[1],
          children: b.map((x, i) => ({ name: `u${i + 4}`, target: x, usage: rng.uniform(0, 100) })),
        },
      ],
    };
    return {
      tree: t,
      factors: new Map([
        ["VO2/u4", rng.uniform(0, 10)],
        ["VO2/u5", rng.uniform(0, 10)],
      ]),
    };
  });
  const rows = ops.map((op) => {
    let comp = 0,
      tree = 0,
      flat = 0;
    for (const d of draws) {
      const o = isolationOutcome(d.tree, op, "VO1", d.factors);
      if (!o.treeComponentsKept) comp++;
      if (o.treeReversed > 0) tree++;
      if (o.flatReversed > 0) flat++;
    }
    return { operator: op.name, treeComponentsChanged: comp, treeReversed: tree, flatReversed: flat };
  });
  return { example, trials: rows, count: trials };
}
