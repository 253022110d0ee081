import { describe, expect, it } from "vitest";
import {
  checkLayout,
  gpuFiles,
  gresConf,
  groupNodes,
  layoutLines,
  layoutHasTopology,
  layoutNodeCount,
  nodeSpan,
  topologyConf,
  uniformLayout,
  type NodeLayout,
} from "../../cluster/node-layout";
import { slurmConf, type SlurmConfInput } from "../../cluster/slurm-conf";

const hetero: NodeLayout = {
  groups: [
    { count: 2, cpus: 8, realMemoryMiB: 8000, features: ["intel"] },
    { count: 2, cpus: 8, realMemoryMiB: 16000, features: ["amd"], weight: 5 },
    { count: 2, cpus: 4, realMemoryMiB: 32000, gpus: 2, features: ["amd", "big"] },
    { count: 1, cpus: 2, gpus: 1 },
  ],
  partitions: [
    { name: "batch", nodes: "n[1-7]", default: true },
    { name: "gpu", nodes: "n[5-7]" },
  ],
};

const base: SlurmConfInput = {
  clusterName: "local",
  controlHost: "vm",
  nodes: 7,
  slurmctldPort: 7000,
  slurmdPorts: [7001, 7002, 7003, 7004, 7005, 7006, 7007],
  dir: "/s",
  mungeSocket: "/s/munge/munge.socket",
};

describe("node layout", () => {
  it("names nodes n1..nN in group order", () => {
    expect(groupNodes(hetero).map((g) => g.hostlist)).toEqual(["n[1-2]", "n[3-4]", "n[5-6]", "n7"]);
    expect(groupNodes(hetero)[2].names).toEqual(["n5", "n6"]);
    expect(layoutNodeCount(hetero)).toBe(7);
    expect(nodeSpan(3, 3)).toBe("n3");
    expect(() => nodeSpan(2, 1)).toThrow(/^invalid node span: \[2,1\]/);
  });

  it("writes one NodeName line per group (its own ports) and one PartitionName line per partition", () => {
    expect(layoutLines(hetero, base.slurmdPorts)).toEqual([
      "NodeName=n[1-2] NodeHostname=localhost NodeAddr=127.0.0.1 Port=[7001,7002] CPUs=8 RealMemory=8000 Features=intel State=UNKNOWN",
      "NodeName=n[3-4] NodeHostname=localhost NodeAddr=127.0.0.1 Port=[7003,7004] CPUs=8 RealMemory=16000 Features=amd Weight=5 State=UNKNOWN",
      "NodeName=n[5-6] NodeHostname=localhost NodeAddr=127.0.0.1 Port=[7005,7006] CPUs=4 RealMemory=32000 Features=amd,big Gres=gpu:2 State=UNKNOWN",
      "NodeName=n7 NodeHostname=localhost NodeAddr=127.0.0.1 Port=7007 CPUs=2 Gres=gpu:1 State=UNKNOWN",
      "PartitionName=batch Nodes=n[1-7] Default=YES MaxTime=INFINITE State=UP",
      "PartitionName=gpu Nodes=n[5-7] MaxTime=INFINITE State=UP",
    ]);
  });

  it("writes gres.conf with a device file per GPU, and nothing without GPUs", () => {
    expect(gresConf(hetero, "/s/dev")).toBe(
      "NodeName=n[5-6] Name=gpu File=/s/dev/gpu[0-1]\nNodeName=n7 Name=gpu File=/s/dev/gpu0\n",
    );
    expect(gpuFiles("/s/dev", 2)).toEqual(["/s/dev/gpu0", "/s/dev/gpu1"]);
    expect(gresConf(uniformLayout(4, 2), "/s/dev")).toBe("");
    expect(() => gresConf(hetero, "dev")).toThrow(/^invalid deviceDir: "dev"; expected an absolute path/);
  });

  it("rejects a bad layout by the field at fault", () => {
    const bad = (change: Partial<NodeLayout>) => () => checkLayout({ ...hetero, ...change });
    expect(bad({ groups: [] })).toThrow(/^invalid layout.groups: \[\]; expected at least one node group$/);
    expect(bad({ groups: [{ count: 1, cpus: 0 }] })).toThrow(/^invalid layout.groups\[0\]\.cpus: 0/);
    expect(bad({ groups: [{ count: 1, cpus: 1, features: ["a b"] }] })).toThrow(
      /^invalid layout.groups\[0\]\.features: "a b"/,
    );
    expect(bad({ groups: [{ count: 1, cpus: 1, gpus: -1 }] })).toThrow(
      /^invalid layout.groups\[0\]\.gpus: -1/,
    );
    expect(bad({ partitions: [{ name: "a", nodes: "n[1-8]", default: true }] })).toThrow(
      /^invalid layout.partitions\[0\]\.nodes: "n\[1-8\]"; expected a hostlist of the layout's nodes n1\.\.n7$/,
    );
    expect(
      bad({
        partitions: [
          { name: "a", nodes: "n1", default: true },
          { name: "b", nodes: "n2", default: true },
        ],
      }),
    ).toThrow(/^invalid layout.partitions: "2 defaults"; expected exactly one default partition$/);
    expect(bad({ partitions: [{ name: "a", nodes: "n1" }] })).toThrow(/"0 defaults"/);
    expect(
      bad({
        partitions: [
          { name: "a", nodes: "n1", default: true },
          { name: "a", nodes: "n2" },
        ],
      }),
    ).toThrow(/^invalid layout.partitions\[1\]\.name: "a"; expected a distinct name/);
  });
});

// a site's shape: sockets, partition times and a two-level tree of switches (topology.conf(5))
const site: NodeLayout = {
  groups: [
    { count: 4, cpus: 16, sockets: 2, realMemoryMiB: 63000, features: ["intel"], weight: 10 },
    { count: 1, cpus: 32, sockets: 2, realMemoryMiB: 500000, features: ["amd", "bigmem"], weight: 100 },
    { count: 1, cpus: 16, sockets: 2, gpus: 2 },
  ],
  partitions: [
    { name: "batch", nodes: "n[1-5]", default: true, defaultTime: "01:00:00", maxTime: "1-00:00:00" },
    { name: "gpu", nodes: "n6", maxTime: "720" },
  ],
  switches: [
    { name: "sw1", nodes: "n[1-4]" },
    { name: "sw2", nodes: "n[5-6]" },
    { name: "core", switches: "sw[1-2]" },
  ],
};

describe("a site's layout: sockets, partition times, switches", () => {
  const ports = [7001, 7002, 7003, 7004, 7005, 7006];
  it("writes Sockets, CoresPerSocket and ThreadsPerCore=1 after CPUs, and DefaultTime before MaxTime", () => {
    expect(layoutLines(site, ports)).toEqual([
      "NodeName=n[1-4] NodeHostname=localhost NodeAddr=127.0.0.1 Port=[7001,7002,7003,7004] CPUs=16 Sockets=2 CoresPerSocket=8 ThreadsPerCore=1 RealMemory=63000 Features=intel Weight=10 State=UNKNOWN",
      "NodeName=n5 NodeHostname=localhost NodeAddr=127.0.0.1 Port=7005 CPUs=32 Sockets=2 CoresPerSocket=16 ThreadsPerCore=1 RealMemory=500000 Features=amd,bigmem Weight=100 State=UNKNOWN",
      "NodeName=n6 NodeHostname=localhost NodeAddr=127.0.0.1 Port=7006 CPUs=16 Sockets=2 CoresPerSocket=8 ThreadsPerCore=1 Gres=gpu:2 State=UNKNOWN",
      "PartitionName=batch Nodes=n[1-5] Default=YES DefaultTime=01:00:00 MaxTime=1-00:00:00 State=UP",
      "PartitionName=gpu Nodes=n6 MaxTime=720 State=UP",
    ]);
  });

  it("writes topology.conf: one SwitchName line per switch, leaves with Nodes, the top with Switches", () => {
    expect(topologyConf(site)).toBe(
      "SwitchName=sw1 Nodes=n[1-4]\nSwitchName=sw2 Nodes=n[5-6]\nSwitchName=core Switches=sw[1-2]\n",
    );
    expect(layoutHasTopology(site)).toBe(true);
    expect(topologyConf(hetero)).toBe("");
    expect(layoutHasTopology(hetero)).toBe(false);
  });

  it("writes TopologyPlugin=topology/tree into slurm.conf only for a layout with switches", () => {
    const input = { ...base, nodes: 6, slurmdPorts: ports };
    expect(slurmConf({ ...input, layout: site })).toContain(
      "\nGresTypes=gpu\nTopologyPlugin=topology/tree\n",
    );
    expect(slurmConf({ ...input, layout: { ...site, switches: undefined } })).not.toContain("Topology");
  });

  it("rejects sockets that do not divide the CPUs, a bad time, and a tree that is not one", () => {
    const bad = (change: Partial<NodeLayout>) => () => checkLayout({ ...site, ...change });
    expect(bad({ groups: [{ count: 6, cpus: 16, sockets: 3 }] })).toThrow(
      /^invalid layout.groups\[0\]\.sockets: 3; expected an integer in 1\.\.64 that divides the 16 CPUs$/,
    );
    expect(bad({ partitions: [{ name: "a", nodes: "n[1-6]", default: true, maxTime: "1 day" }] })).toThrow(
      /^invalid layout.partitions\[0\]\.maxTime: "1 day"; expected INFINITE or a time/,
    );
    const w = site.switches!;
    expect(bad({ switches: [w[0], w[2]] })).toThrow(
      /^invalid layout.switches\[1\]\.switches: "sw\[1-2\]"; expected a hostlist of the other switches' names$/,
    );
    expect(bad({ switches: [w[0], { name: "sw2", nodes: "n5" }, w[2]] })).toThrow(
      /^invalid layout.switches: "n6 on no switch"; expected every node on a leaf switch$/,
    );
    expect(bad({ switches: [w[0], { name: "sw2", nodes: "n[4-6]" }, w[2]] })).toThrow(
      /^invalid layout.switches\[1\]\.nodes: "n\[4-6\]"; expected nodes on no other switch \(n4 is on sw1\)$/,
    );
    expect(bad({ switches: [w[0], w[1]] })).toThrow(
      /^invalid layout.switches: "2 top switches"; expected one switch above all the others$/,
    );
    expect(bad({ switches: [w[0], { name: "sw2", nodes: "n[5-6]", switches: "sw1" }, w[2]] })).toThrow(
      /^invalid layout.switches\[1\]: "sw2"; expected a switch with nodes or switches \(one of them\)$/,
    );
    expect(
      bad({
        switches: [w[0], w[1], w[2], { name: "a", switches: "b" }, { name: "b", switches: "a" }],
      }),
    ).toThrow(/^invalid layout.switches: "a,b"; expected every switch below the top one$/);
  });
});

describe("slurmConf with a layout", () => {
  it("writes GresTypes=gpu with the generated settings and the layout's lines last", () => {
    const lines = slurmConf({ ...base, layout: hetero })
      .trimEnd()
      .split("\n");
    expect(lines.slice(-7)).toEqual(["GresTypes=gpu", ...layoutLines(hetero, base.slurmdPorts)]);
    expect(lines.filter((l) => l.startsWith("NodeName="))).toHaveLength(4);
  });

  it("writes no GresTypes without GPUs, and the node count must be the layout's", () => {
    const cpuOnly: NodeLayout = { ...hetero, groups: hetero.groups.map((g) => ({ ...g, gpus: 0 })) };
    expect(slurmConf({ ...base, layout: cpuOnly })).not.toContain("GresTypes");
    expect(() =>
      slurmConf({ ...base, nodes: 6, slurmdPorts: base.slurmdPorts.slice(0, 6), layout: hetero }),
    ).toThrow(/^invalid nodes: 6; expected the layout's node count, 7$/);
    expect(() => slurmConf({ ...base })).toThrow(/^invalid coresPerNode: undefined; expected an integer/);
  });

  it("without a layout writes exactly the one-line cluster (the byte-identical default) that uniformLayout describes", () => {
    const plain = {
      ...base,
      nodes: 8,
      coresPerNode: 4,
      slurmdPorts: [7001, 7002, 7003, 7004, 7005, 7006, 7007, 7008],
    };
    const text = slurmConf(plain);
    expect(text).toBe(slurmConf({ ...plain, layout: uniformLayout(8, 4) }));
    expect(
      text.endsWith(
        "PriorityType=priority/basic\n" +
          "NodeName=n[1-8] NodeHostname=localhost NodeAddr=127.0.0.1 Port=[7001,7002,7003,7004,7005,7006,7007,7008] CPUs=4 State=UNKNOWN\n" +
          "PartitionName=debug Nodes=n[1-8] Default=YES MaxTime=INFINITE State=UP\n",
      ),
    ).toBe(true);
    expect(text).not.toMatch(/Gres|RealMemory|Features|Weight/);
  });
});
