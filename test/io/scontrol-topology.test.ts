import { describe, expect, it } from "vitest";
import { parseScontrolTopology } from "../../lib/io/scontrol-topology";

// as topo_info.c slurm_print_topo_record prints it (Slurm 22.05): leaves with Nodes=, the switch
// above them with every node beneath it and its children
const TOPOLOGY = [
  "SwitchName=sw1 Level=0 LinkSpeed=1 Nodes=n[1-4]",
  "SwitchName=sw2 Level=0 LinkSpeed=1 Nodes=n[5-7]",
  "SwitchName=sw3 Level=0 LinkSpeed=1 Nodes=n[8-9]",
  "SwitchName=core Level=1 LinkSpeed=1 Nodes=n[1-9] Switches=sw[1-3]",
  "",
].join("\n");

describe("scontrol show topology", () => {
  it("reads each switch's level, nodes and children", () => {
    const t = parseScontrolTopology(TOPOLOGY)!;
    expect(t.switches.map((s) => [s.name, s.level, s.nodes.length, s.children.join()])).toEqual([
      ["sw1", 0, 4, ""],
      ["sw2", 0, 3, ""],
      ["sw3", 0, 2, ""],
      ["core", 1, 9, "sw1,sw2,sw3"],
    ]);
  });
  it("is no topology when empty or when scontrol has none", () => {
    expect(parseScontrolTopology("")).toBeUndefined();
    expect(parseScontrolTopology("No topology information available\n")).toBeUndefined();
  });
  it("names a line of another form", () => {
    expect(() => parseScontrolTopology("SwitchName=sw1 Nodes=n[1-4]\n", "t.txt")).toThrow(
      /^t\.txt:1: invalid line: "SwitchName=sw1 Nodes=n\[1-4\]"; expected scontrol show topology's lines/,
    );
  });
});
