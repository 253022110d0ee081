/**
 * topology/tree as the select plugins read it: the switch table topology_tree.c builds from
 * topology.conf (`_validate_switches`: a leaf's level is 0, a switch's one more than its highest
 * child's, its nodes those of its children; `_find_child_switches` sets each child's parent, and a
 * switch no line names as a child keeps parent 0, the table's first switch; the hop distance between
 * every two switches over the parent–child links, INFINITE when none) and the node choice under it.
 * With TopologyParam's defaults (no TopoOptional) every job is placed this way, a one-node job too.
 */
import { invalidArgument } from "../util/errors";
import type { TresNode } from "./tres";

/** One switch of topology.conf. */
export interface TopologySwitch {
  /** SwitchName. */
  name: string;
  /** Level: 0 for a leaf (a line with Nodes=), one more than its highest child otherwise. */
  level: number;
  /** The names of the nodes under it (at every level: its children's nodes). */
  nodes: readonly string[];
  /** The names of its child switches (Switches=); none for a leaf. */
  children: readonly string[];
}

/** topology/tree's switches, in topology.conf's order. */
export interface TresTopology {
  /** The switches. */
  switches: readonly TopologySwitch[];
}

/** The switch table of a topology on a machine (see the module comment). */
export interface SwitchTable {
  /** Switches. */
  readonly size: number;
  /** Each switch's level. */
  readonly level: Int32Array;
  /** Each switch's parent index (0 for a switch no other names as child). */
  readonly parent: Int32Array;
  /** Each switch's nodes, as machine indices in increasing order. */
  readonly nodes: readonly (readonly number[])[];
  /** Hop distances between switches (Infinity when not linked), row per switch. */
  readonly dist: readonly Float64Array[];
}

/**
 * The switch table of `topology` on `machine`.
 * @throws `invalid topology.switches[i].<field>` for a duplicate name, an unknown child or node, a
 *   level that is not its children's plus one, a switch's nodes that are not its children's, or a cycle
 */
export function switchTable(topology: TresTopology, machine: readonly TresNode[]): SwitchTable {
  const sw: readonly TopologySwitch[] = topology?.switches;
  if (!Array.isArray(sw) || sw.length === 0)
    throw invalidArgument("topology.switches", sw, "a non-empty array of switches");
  const at = (k: number) => `topology.switches[${k}]`;
  const index = new Map<string, number>();
  sw.forEach((s, k) => {
    if (typeof s?.name !== "string" || s.name === "" || index.has(s.name))
      throw invalidArgument(`${at(k)}.name`, s?.name, "a unique switch name");
    if (!Array.isArray(s.nodes) || !Array.isArray(s.children))
      throw invalidArgument(at(k), s, "{ name, level, nodes: string[], children: string[] }");
    index.set(s.name, k);
  });
  const nodeIndex = new Map(machine.map((m, i) => [m.name, i]));
  const size = sw.length,
    level = new Int32Array(size).fill(-1),
    parent = new Int32Array(size),
    nodes: number[][] = new Array(size);
  const resolve = (k: number, path: Set<number>): void => {
    if (level[k] >= 0) return;
    if (path.has(k)) throw invalidArgument(`${at(k)}.children`, sw[k].children, "a tree (no cycle)");
    const s: TopologySwitch = sw[k];
    if (s.children.length === 0) {
      level[k] = 0;
      nodes[k] = s.nodes.map((x) => {
        const i = nodeIndex.get(x);
        if (i === undefined) throw invalidArgument(`${at(k)}.nodes`, x, "names of the machine's nodes");
        return i;
      });
    } else {
      path.add(k);
      const under = new Set<number>();
      let l = 0;
      for (const c of s.children) {
        const j = index.get(c);
        if (j === undefined || j === k)
          throw invalidArgument(`${at(k)}.children`, c, "names of other switches");
        resolve(j, path);
        l = Math.max(l, level[j] + 1);
        for (const i of nodes[j]) under.add(i);
      }
      path.delete(k);
      level[k] = l;
      nodes[k] = [...under];
      const given = new Set(s.nodes);
      if (given.size !== under.size || [...under].some((i) => !given.has(machine[i].name)))
        throw invalidArgument(`${at(k)}.nodes`, s.nodes, "the nodes of its child switches");
    }
    if (s.level !== level[k]) throw invalidArgument(`${at(k)}.level`, s.level, `${level[k]}`);
    nodes[k] = [...new Set(nodes[k])].sort((a, b) => a - b);
  };
  for (let k = 0; k < size; k++) resolve(k, new Set());
  const dist = Array.from({ length: size }, (_, k) =>
    new Float64Array(size).fill(Infinity).fill(0, k, k + 1),
  );
  sw.forEach((s, k) => {
    for (const c of s.children) {
      const j = index.get(c)!;
      parent[j] = k;
      dist[k][j] = dist[j][k] = 1;
    }
  });
  for (let m = 0; m < size; m++)
    for (let a = 0; a < size; a++)
      for (let b = 0; b < size; b++)
        if (dist[a][m] + dist[m][b] < dist[a][b]) dist[a][b] = dist[a][m] + dist[m][b];
  return { size, level, parent, nodes, dist };
}

/**
 * CPUs a job takes on node i for the count it still needs (`_cpus_to_use`): all it is offered when
 * exclusive, else at most what is left beyond a grain for each node still to come, and at least its CPUs per node.
 */
export type CpusToUse = (i: number, avail: number, remMax: number, remNodes: number) => number;
