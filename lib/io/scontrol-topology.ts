/**
 * `scontrol show topology` (topology/tree's switches as slurmctld holds them; lib/io/slurm-exports.ts's
 * `SCONTROL_TOPOLOGY_EXPORT_COMMAND`) → the same typed tree topology.conf gives (lib/io/topology-conf.ts).
 * Each line is what topo_info.c `slurm_print_topo_record` prints: `SwitchName=<name> Level=<n>
 * LinkSpeed=<n>`, then ` Nodes=<hostlist>` (every node beneath the switch) and, above the leaves,
 * ` Switches=<hostlist>` (its children). An empty file, or scontrol's "No topology information
 * available", is no topology.
 */
import { expandHostlist } from "./hostlist";
import type { Topology, TopologySwitch } from "./topology-conf";
import { invalidField } from "../util/errors";

const LINE = /^SwitchName=(\S+) Level=(\d+) LinkSpeed=(\d+)(?: Nodes=(\S+))?(?: Switches=(\S+))?$/;

/**
 * Parses `scontrol show topology` output (see the module comment); undefined for no topology.
 * @throws `<file>:<line>: invalid line: …` for a line of another form, naming the form expected
 */
export function parseScontrolTopology(text: string, file = "topology.txt"): Topology | undefined {
  const switches: TopologySwitch[] = [];
  text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .forEach((raw, k) => {
      const l = raw.trim();
      if (l === "" || /^No topology information available/i.test(l)) return;
      const m = LINE.exec(l);
      if (!m)
        throw invalidField(
          file,
          k + 1,
          "line",
          l.slice(0, 80),
          "scontrol show topology's lines: SwitchName=<name> Level=<n> LinkSpeed=<n> [Nodes=<hostlist>] [Switches=<hostlist>]",
        );
      switches.push({
        name: m[1],
        level: Number(m[2]),
        linkSpeed: Number(m[3]),
        nodes: m[4] ? expandHostlist(m[4]) : [],
        children: m[5] ? expandHostlist(m[5]) : [],
        file,
        line: k + 1,
      });
    });
  return switches.length ? { switches, warnings: [] } : undefined;
}
