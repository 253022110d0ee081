/**
 * topology/tree: the switch table (lib/sim/select-topology.ts, topology_tree.c `_validate_switches`)
 * and the node choice under it (job_test.c `_eval_nodes_topo` of cons_tres 20.11 and 22.05 and of
 * cons_res), each expected node list worked by hand from those functions.
 */
import { describe, expect, it } from "vitest";
import { TresUsage, _selectConsTres } from "../../lib/sim/select-cons-tres";
import { type TresTopology, switchTable } from "../../lib/sim/select-topology";
import { SelectConfig, type TresPlacementOptions } from "../../lib/sim/select-type";
import type { JobTres, TresNode } from "../../lib/sim/tres";

const machine = (k: number, extra: (i: number) => Partial<TresNode> = () => ({})): TresNode[] =>
  Array.from({ length: k }, (_, i) => ({
    name: `n${i + 1}`,
    cpus: 8,
    memoryMiB: 8000,
    gpus: 0,
    features: [],
    partitions: ["p"],
    ...extra(i),
  }));
const req = (c: number, extra: Partial<JobTres> = {}): JobTres => ({
  cpusPerNode: c,
  memPerNodeMiB: 0,
  gpusPerNode: 0,
  constraint: "",
  exclusive: false,
  ...extra,
});
/** Two leaves and a root, listed leaves first (as topology.conf usually is). */
const twoLeaves = (s1: string[], s2: string[]): TresTopology => ({
  switches: [
    { name: "s1", level: 0, nodes: s1, children: [] },
    { name: "s2", level: 0, nodes: s2, children: [] },
    { name: "root", level: 1, nodes: [...s1, ...s2], children: ["s1", "s2"] },
  ],
});
/** The nodes (names) chosen for a job of `count` nodes, CPUs `busy[i]` taken on node i. */
const choose = (
  nodes: TresNode[],
  o: TresPlacementOptions,
  t: JobTres,
  count: number,
  busy: number[] = [],
) => {
  const u = new TresUsage(nodes, new SelectConfig(nodes, o));
  busy.forEach((c, i) => c > 0 && u.apply(i, req(c), 1));
  const pick = _selectConsTres(u, t, count, new Uint8Array(nodes.length).fill(1));
  return pick && pick.map((i) => nodes[i].name);
};

describe("the switch table (topology_tree.c _validate_switches)", () => {
  it("levels, parents (0 for a switch no one names as child), hop distances", () => {
    const nodes = machine(4);
    const t = switchTable(
      {
        switches: [
          { name: "l1", level: 0, nodes: ["n1", "n2"], children: [] },
          { name: "l2", level: 0, nodes: ["n3"], children: [] },
          { name: "l3", level: 0, nodes: ["n4"], children: [] },
          { name: "a", level: 1, nodes: ["n1", "n2", "n3"], children: ["l1", "l2"] },
          { name: "top", level: 2, nodes: ["n1", "n2", "n3", "n4"], children: ["a", "l3"] },
        ],
      },
      nodes,
    );
    expect([...t.level]).toEqual([0, 0, 0, 1, 2]);
    expect([...t.parent]).toEqual([3, 3, 4, 4, 0]);
    expect(t.nodes).toEqual([[0, 1], [2], [3], [0, 1, 2], [0, 1, 2, 3]]);
    expect([...t.dist[0]]).toEqual([0, 2, 3, 1, 2]);
    const apart = switchTable(
      {
        switches: [
          { name: "x", level: 0, nodes: ["n1"], children: [] },
          { name: "y", level: 0, nodes: ["n2"], children: [] },
        ],
      },
      nodes,
    );
    expect([...apart.dist[0]]).toEqual([0, Infinity]);
  });
  it("refuses a bad topology with the house message", () => {
    const nodes = machine(2);
    const sw = (name: string, level: number, ns: string[], children: string[] = []) => ({
      name,
      level,
      nodes: ns,
      children,
    });
    expect(() => switchTable({ switches: [] }, nodes)).toThrow(
      /^invalid topology\.switches: \[\]; expected a non-empty array/,
    );
    expect(() => switchTable({ switches: [sw("a", 0, ["n1"]), sw("a", 0, ["n2"])] }, nodes)).toThrow(
      /^invalid topology\.switches\[1\]\.name: "a"; expected a unique switch name/,
    );
    expect(() => switchTable({ switches: [sw("a", 0, ["n9"])] }, nodes)).toThrow(
      /^invalid topology\.switches\[0\]\.nodes: "n9"; expected names of the machine's nodes/,
    );
    expect(() => switchTable({ switches: [sw("a", 1, ["n1"], ["b"])] }, nodes)).toThrow(
      /^invalid topology\.switches\[0\]\.children: "b"; expected names of other switches/,
    );
    expect(() => switchTable({ switches: [sw("a", 0, ["n1"]), sw("t", 2, ["n1"], ["a"])] }, nodes)).toThrow(
      /^invalid topology\.switches\[1\]\.level: 2; expected 1/,
    );
    expect(() =>
      switchTable({ switches: [sw("a", 0, ["n1"]), sw("t", 1, ["n1", "n2"], ["a"])] }, nodes),
    ).toThrow(
      /^invalid topology\.switches\[1\]\.nodes: \["n1","n2"\]; expected the nodes of its child switches/,
    );
    expect(() => switchTable({ switches: [sw("a", 1, [], ["b"]), sw("b", 1, [], ["a"])] }, nodes)).toThrow(
      /^invalid topology\.switches\[\d\]\.children: .*expected a tree \(no cycle\)/,
    );
  });
});

describe("_eval_nodes_topo: the node choice under topology/tree", () => {
  // leaves interleaved: s1 = n1 n3 n5, s2 = n2 n4
  const nodes = machine(5);
  const topo = twoLeaves(["n1", "n3", "n5"], ["n2", "n4"]);
  it("a 2-node job stays on one leaf: 22.05 and cons_res the tightest (s2), 20.11 the one with most nodes (s1); without topology it spans leaves", () => {
    const t = req(1);
    expect(choose(nodes, { topology: topo }, t, 2)).toEqual(["n2", "n4"]);
    expect(choose(nodes, { topology: topo, slurmVersion: "20.11" }, t, 2)).toEqual(["n1", "n3"]);
    expect(choose(nodes, { topology: topo, select: "cons_res" }, t, 2)).toEqual(["n2", "n4"]);
    expect(choose(nodes, {}, t, 2)).toEqual(["n1", "n2"]);
  });
  it("a one-node job: cons_tres takes the chosen leaf's first node (no best fit by CPUs), cons_res the tightest node of the tightest switch", () => {
    // n4 has 2 of its 8 CPUs free: without topology, best fit takes it
    const busy = [0, 0, 0, 6, 0],
      t = req(2);
    expect(choose(nodes, {}, t, 1, busy)).toEqual(["n4"]);
    // 22.05: both leaves hold it; s2 has fewer nodes: its first node, n2
    expect(choose(nodes, { topology: topo }, t, 1, busy)).toEqual(["n2"]);
    // 20.11: s1 has the most nodes: n1
    expect(choose(nodes, { topology: topo, slurmVersion: "20.11" }, t, 1, busy)).toEqual(["n1"]);
    // cons_res: s2 is the lowest switch with fewest nodes; in it the node offering fewest CPUs that suffice
    expect(choose(nodes, { topology: topo, select: "cons_res" }, t, 1, busy)).toEqual(["n4"]);
  });
  it("a job no switch holds does not run; one that needs two leaves takes the best one's nodes, then the next", () => {
    // s1 = n1 n2, s2 = n3 n4, no root: a 3-node job fits no switch
    const apart: TresTopology = {
      switches: [
        { name: "s1", level: 0, nodes: ["n1", "n2"], children: [] },
        { name: "s2", level: 0, nodes: ["n3", "n4"], children: [] },
      ],
    };
    const four = machine(4);
    expect(choose(four, { topology: apart }, req(1), 3)).toBe(null);
    expect(choose(four, { topology: apart, select: "cons_res" }, req(1), 3)).toBe(null);
    // with a root: 22.05 starts with the leaf holding the most when none holds all (s1 on ties), then s2
    const joined = twoLeaves(["n1", "n2"], ["n3", "n4"]);
    expect(choose(four, { topology: joined }, req(1), 3)).toEqual(["n1", "n2", "n3"]);
    // cons_res: the root is the lowest switch that holds it; neither leaf holds it alone, so the one
    // with more CPUs first (s1: n4 is half busy), both its nodes; then in s2 the node offering the
    // fewest CPUs that suffice, n4
    expect(choose(four, { topology: joined, select: "cons_res" }, req(1), 3, [0, 0, 0, 4])).toEqual([
      "n1",
      "n2",
      "n4",
    ]);
  });
  it("node weights across switches: cons_tres fills from the lightest nodes' leaf, cons_res sees no weights", () => {
    // s1 = n1 n2 weigh 10, s2 = n3 n4 n5 weigh 1
    const weighted = machine(5, (i) => ({ weight: i < 2 ? 10 : 1 }));
    const topo2 = twoLeaves(["n1", "n2"], ["n3", "n4", "n5"]);
    expect(choose(weighted, { topology: topo2 }, req(1), 2)).toEqual(["n3", "n4"]);
    expect(choose(weighted, { topology: topo2, slurmVersion: "20.11" }, req(1), 2)).toEqual(["n3", "n4"]);
    expect(choose(weighted, { topology: topo2, select: "cons_res" }, req(1), 2)).toEqual(["n1", "n2"]);
    // n3 n4 n5 busy but one: the lightest node first (n5), then the heavier leaf's first (22.05)
    expect(choose(weighted, { topology: topo2 }, req(1), 2, [0, 0, 8, 8, 0])).toEqual(["n1", "n5"]);
  });
});
