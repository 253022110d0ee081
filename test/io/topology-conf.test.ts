import { describe, expect, it } from "vitest";
import { parseTopologyConf } from "../../lib/io/topology-conf";

// topology.conf as topology/tree reads it (src/plugins/topology/tree _validate_switches, _parse_switches).
describe("parseTopologyConf", () => {
  it("levels switches bottom up; an upper switch holds every node beneath it", () => {
    const t = parseTopologyConf(
      "SwitchName=l1 Nodes=n[1-2]\nSwitchName=l2 Nodes=n[3-4]\nSwitchName=mid Switches=l1\nSwitchName=top Switches=mid,l2\n",
      "topology.conf",
      ["n1", "n2", "n3", "n4", "n5"],
    );
    expect(t.switches.map((s) => [s.name, s.level, s.nodes.join(","), s.children.join(",")])).toEqual([
      ["l1", 0, "n1,n2", ""],
      ["l2", 0, "n3,n4", ""],
      ["mid", 1, "n1,n2", "l1"],
      ["top", 2, "n1,n2,n3,n4", "mid,l2"],
    ]);
    expect(t.warnings).toEqual(["topology.conf: switches lack access to 1 nodes: n5"]);
  });
  it("refuses what topology/tree refuses", () => {
    const bad = (text: string) => () => parseTopologyConf(text, "topology.conf");
    expect(bad("SwitchName=s Nodes=n1 Switches=t")).toThrow(
      /^topology\.conf:1: invalid SwitchName: "s"; expected a switch with either Nodes= or Switches= \(one of them\)$/,
    );
    expect(bad("SwitchName=s Nodes=n1\nSwitchName=s Nodes=n2")).toThrow(
      /^topology\.conf:2: invalid SwitchName: "s"; expected a switch defined once$/,
    );
    expect(bad("SwitchName=top Switches=s[1-2]\nSwitchName=s1 Nodes=n1")).toThrow(
      /^topology\.conf:1: invalid SwitchName: "top"; expected child switches defined in the file \(not "s2"\)$/,
    );
    expect(bad("SwitchName=a Switches=b\nSwitchName=b Switches=a")).toThrow(
      /^topology\.conf:1: invalid SwitchName: "a"; expected a tree/,
    );
    expect(bad("SwitchName=s Nodes=n1 Speed=10")).toThrow(
      /^topology\.conf:1: invalid SwitchName key: "Speed"; expected one of SwitchName's keys \(nearest: LinkSpeed/,
    );
  });
});
