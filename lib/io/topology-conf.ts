/**
 * topology.conf for topology/tree, read as Slurm reads it (src/plugins/topology/tree,
 * `_validate_switches`, `_parse_switches`; the file grammar of lib/io/slurm-conf-file.ts):
 * `SwitchName=s1 Nodes=n[1-4] LinkSpeed=…` leaf switches and `SwitchName=top Switches=s[1-2]` upper
 * ones. A leaf is level 0; an upper switch is one more than its highest child. The tree, typed:
 * `{ switches: { name, level, nodes, children, linkSpeed }[] }` in file order, `nodes` being every
 * node beneath the switch (a leaf's own), `children` its child switches.
 */
import { parseHostlist } from "./hostlist";
import { type ConfReadOptions, type ConfSpec, parseConfFile } from "./slurm-conf-file";
import { invalidField } from "../util/errors";

/** topology.conf's keys (topology/tree). */
export const TOPOLOGY_CONF_SPEC: ConfSpec = Object.freeze({
  what: "topology.conf",
  keys: Object.freeze({}),
  lines: Object.freeze({
    SwitchName: Object.freeze({
      LinkSpeed: "u32" as const,
      Nodes: "string" as const,
      Switches: "string" as const,
    }),
  }),
});

/** One switch of the tree. */
export interface TopologySwitch {
  name: string;
  /** 0 for a leaf (it has Nodes=), else 1 + its highest child's level. */
  level: number;
  /** Every node beneath it, in order of its leaves. */
  nodes: string[];
  /** Its child switches (Switches=), [] for a leaf. */
  children: string[];
  /** LinkSpeed= (default 1; Slurm does not use it). */
  linkSpeed: number;
  file: string;
  line: number;
}

/** A topology/tree: the switches, and what Slurm warns about it. */
export interface Topology {
  switches: TopologySwitch[];
  /** Nodes on no leaf, on several leaves, or unknown to slurm.conf (Slurm logs WARNING). */
  warnings: string[];
}

/**
 * Parses topology.conf (see the module comment).
 * @param nodes slurm.conf's node names, to report nodes on no leaf and unknown ones. Defaults to none (no report).
 * @throws the grammar's errors; `<file>:<line>: invalid SwitchName: …` for a repeated switch, one with
 *   both or neither of Nodes= and Switches=, a child that is no switch (or itself), or switches in a loop
 */
export function parseTopologyConf(
  text: string,
  file: string,
  nodes: readonly string[] = [],
  options: ConfReadOptions = {},
): Topology {
  const switches: TopologySwitch[] = [];
  const raw = new Map<string, string>();
  for (const e of parseConfFile(text, file, TOPOLOGY_CONF_SPEC, options)) {
    const p = new Map(e.pairs.map((x) => [x.key, x.value]));
    const bad = (why: string) => invalidField(e.file, e.line, "SwitchName", e.value, why);
    if (switches.some((s) => s.name === e.value)) throw bad("a switch defined once");
    if (p.has("Nodes") === p.has("Switches"))
      throw bad("a switch with either Nodes= or Switches= (one of them)");
    const list = (v: string) => {
      try {
        return parseHostlist(v);
      } catch (err) {
        throw invalidField(
          e.file,
          e.line,
          p.has("Nodes") ? "Nodes" : "Switches",
          v,
          (err as Error).message.replace(/^.*?; expected /, ""),
        );
      }
    };
    const leaf = p.has("Nodes");
    raw.set(e.value, p.get("Switches") ?? "");
    switches.push({
      name: e.value,
      level: leaf ? 0 : -1,
      nodes: leaf ? list(p.get("Nodes")!) : [],
      children: leaf ? [] : list(p.get("Switches")!),
      linkSpeed: p.has("LinkSpeed") ? Number(p.get("LinkSpeed")) : 1,
      file: e.file,
      line: e.line,
    });
  }
  const byName = new Map(switches.map((s) => [s.name, s]));
  for (const s of switches)
    for (const c of s.children)
      if (!byName.has(c) || c === s.name)
        throw invalidField(
          s.file,
          s.line,
          "SwitchName",
          s.name,
          `child switches defined in the file (not "${c}")`,
        );
  for (let pending = switches.filter((s) => s.level < 0); pending.length;) {
    const ready = pending.filter((s) => s.children.every((c) => byName.get(c)!.level >= 0));
    if (ready.length === 0)
      throw invalidField(
        pending[0].file,
        pending[0].line,
        "SwitchName",
        pending[0].name,
        "a tree (its switches form a loop)",
      );
    for (const s of ready) {
      s.level = 1 + Math.max(...s.children.map((c) => byName.get(c)!.level));
      s.nodes = [...new Set(s.children.flatMap((c) => byName.get(c)!.nodes))];
    }
    pending = pending.filter((s) => s.level < 0);
  }
  return { switches, warnings: topologyWarnings(switches, nodes) };
}

function topologyWarnings(switches: readonly TopologySwitch[], nodes: readonly string[]): string[] {
  const out: string[] = [];
  if (switches.length === 0) out.push("topology.conf: no switches configured");
  const onLeaf = new Map<string, number>();
  for (const s of switches)
    if (s.level === 0) for (const n of s.nodes) onLeaf.set(n, (onLeaf.get(n) ?? 0) + 1);
  const known = new Set(nodes);
  if (nodes.length) {
    const unknown = [...onLeaf.keys()].filter((n) => !known.has(n));
    if (unknown.length) out.push(`topology.conf: nodes unknown to slurm.conf: ${unknown.join(",")}`);
    const off = nodes.filter((n) => !onLeaf.has(n));
    if (off.length) out.push(`topology.conf: switches lack access to ${off.length} nodes: ${off.join(",")}`);
  }
  const multi = [...onLeaf].filter(([, k]) => k > 1).map(([n]) => n);
  if (multi.length) out.push(`topology.conf: nodes on several leaf switches: ${multi.join(",")}`);
  return out;
}
