import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { parseScontrolConfig } from "../../lib/io/scontrol-config";
import { parseSinfoNodes } from "../../lib/io/sinfo-nodes";
import { parseSlurmConf, readSlurmConf } from "../../lib/io/slurm-conf";
import { confLines } from "../../lib/io/slurm-conf-file";
import { slurmConfSite } from "../../lib/io/slurm-conf-site";
import { siteSettings } from "../../lib/site/site-settings";

const DIR = path.join(__dirname, "..", "fixtures", "slurm", "site-conf");
const MAIN = path.join(DIR, "etc", "slurm", "slurm.conf");
const NODES = path.join(DIR, "etc", "slurm", "nodes.conf");

/** slurm.conf text read with in-memory includes. */
const conf = (text: string, files: Record<string, string> = {}, version = "") =>
  parseSlurmConf(text, "/etc/slurm/slurm.conf", { read: (p) => files[p], version });

describe("readSlurmConf on a site's files (includes, companions) and the equivalent scontrol + sinfo export", () => {
  const c = readSlurmConf(MAIN, { version: "20.11.9" });
  const site = slurmConfSite(c, "20.11.9");
  const scontrol = parseScontrolConfig(fs.readFileSync(path.join(DIR, "config.txt"), "utf8"), "config.txt");
  const sinfo = parseSinfoNodes(fs.readFileSync(path.join(DIR, "nodes.txt"), "utf8"), "nodes.txt");
  it("gives the same siteSettings as the site's scontrol show config", () => {
    expect(siteSettings(site.config)).toEqual(siteSettings(scontrol));
    expect(siteSettings(site.config)).toMatchObject({
      priorityType: "priority/multifactor",
      weights: { age: 1000, fairShare: 10000, jobSize: 500, partition: 1000, qos: 0 },
      halfLifeSeconds: 14 * 86400,
      calcPeriod: 300,
      bfInterval: 30,
      bfMaxJobUser: 20,
      bfMaxJobTest: 1200,
      bfContinue: true,
      selectType: "select/cons_res",
      selectTypeParameters: ["CR_CORE_MEMORY"],
    });
    for (const k of [
      "SelectTypeParameters",
      "DefMemPerCPU",
      "TopologyPlugin",
      "SlurmctldHost[0]",
      "PriorityFlags",
    ])
      expect([k, site.config.values[k]]).toEqual([k, scontrol.values[k]]);
  });
  it("gives the same nodes as sinfo -N (state and line aside): order, partitions, S:C:T, memory, features, gres, weight", () => {
    const strip = (n: { state: string; line: number }) => ({ ...n, state: "", line: 0 });
    expect(site.nodes.map(strip)).toEqual(sinfo.map(strip));
    expect(site.nodes.map((n) => `${n.node}:${n.cpus}:${n.weight}`)).toEqual([
      "c01:32:10",
      "c02:32:10",
      "c03:32:10",
      "c04:32:10",
      "gpu01:32:50",
      "bigmem01:48:100",
    ]);
  });
  it("reads the partitions' own settings, with PartitionName=DEFAULT's", () => {
    expect(
      site.partitions.map((p) => [
        p.name,
        p.isDefault,
        p.maxTime,
        p.defaultTime,
        p.overSubscribe,
        p.qos,
        p.allowAccounts,
      ]),
    ).toEqual([
      ["batch", true, 2 * 86400, 3600, "NO", "", []],
      ["gpu", false, 86400, 3600, "NO", "", ["ml", "vision"]],
      ["bigmem", false, 2 * 86400, 3600, "EXCLUSIVE", "bigmem", []],
    ]);
  });
  it("reads topology.conf as a tree and gres.conf's File range as a count", () => {
    expect(
      site.topology!.switches.map((s) => [s.name, s.level, s.nodes.join(","), s.children.join(",")]),
    ).toEqual([
      ["s1", 0, "c01,c02", ""],
      ["s2", 0, "c03,c04,gpu01,bigmem01", ""],
      ["top", 1, "c01,c02,c03,c04,gpu01,bigmem01", "s1,s2"],
    ]);
    expect(c.gres!.records.map((r) => [r.nodes, r.name, r.type, r.count])).toEqual([
      [["gpu01"], "gpu", "tesla", 2],
    ]);
    expect(site.warnings).toEqual([]);
  });
  it("lists every key Slurm knows that the replay does not read, with its file and line", () => {
    expect(c.notModelled[0]).toEqual({ key: "ClusterName", file: MAIN, line: 4 });
    expect(c.notModelled.map((k) => k.key)).toContain("AuthType");
    expect(c.notModelled.map((k) => k.key)).not.toContain("SchedulerParameters");
    expect(c.controllers).toEqual([{ host: "ctl1", addr: "10.0.0.1" }]);
    expect(c.settings.SchedulerParameters).toEqual({
      value: "=bf_max_job_user=20,max_job_bf=1200,bf_continue,bf_interval=30",
      file: MAIN,
      line: 33,
    });
    expect(c.nodes.find((n) => n.name === "gpu01")).toMatchObject({
      file: NODES,
      line: 4,
      gres: "gpu:tesla:2",
    });
  });
});

describe("a configurator.html slurm.conf", () => {
  const site = slurmConfSite(readSlurmConf(path.join(DIR, "configurator.conf")));
  it("takes 22.05's defaults for what it leaves out; Nodes=ALL; Sockets from CPUs", () => {
    expect(site.config.values).toMatchObject({
      PriorityType: "priority/basic",
      SchedulerParameters: "(null)",
      TopologyPlugin: "topology/none",
      DefMemPerNode: "UNLIMITED",
      "SlurmctldHost[0]": "head(192.168.1.1)",
    });
    expect(site.config.values.PriorityWeightAge).toBeUndefined();
    expect(siteSettings(site.config)).toMatchObject({ priorityType: "priority/basic", bfMaxJobTest: 500 });
    expect(
      site.nodes.map((n) => [n.node, n.partitions, n.defaultPartition, n.cpus, n.sockets, n.weight]),
    ).toEqual(["node1", "node2", "node3", "node4"].map((n) => [n, ["debug"], "debug", 8, 8, 1]));
  });
  it("defaults move with the version: 23.11 multifactor and cons_tres, 24.05 CR_Core_Memory under cons_tres", () => {
    const v = (text: string, version: string) => slurmConfSite(conf(text), version).config.values;
    expect(v("NodeName=n1 CPUs=1", "23.11.1")).toMatchObject({
      PriorityType: "priority/multifactor",
      SelectType: "select/cons_tres",
    });
    expect(v("NodeName=n1 CPUs=1", "23.11.1").SelectTypeParameters).toBeUndefined();
    expect(v("NodeName=n1 CPUs=1", "24.05.8").SelectTypeParameters).toBe("CR_CORE_MEMORY");
  });
});

describe("slurm.conf's grammar, as parse_config.c reads it", () => {
  it("comments (an escaped \\# kept), continuations, quotes, blanks around =, several pairs on node lines", () => {
    expect(confLines('A=1 # c\nB=x\\#y\nC=1,\\\n  2\n\n  # only a comment\nD="a b"')).toEqual([
      { line: 1, text: "A=1 " },
      { line: 2, text: "B=x#y" },
      { line: 3, text: "C=1,  2" },
      { line: 6, text: "  " },
      { line: 7, text: 'D="a b"' },
    ]);
    const c = conf(
      'ClusterName = "my cluster"\nNodeName=n[1-2] CPUs=4 Reason="disk swap"  Weight=5\nwaittime=0',
    );
    expect(c.settings.ClusterName.value).toBe("my cluster");
    expect(c.settings.WaitTime.value).toBe("0");
    expect(c.nodes.map((n) => [n.name, n.cpus, n.weight])).toEqual([
      ["n1", 4, 5],
      ["n2", 4, 5],
    ]);
  });
  it("a repeated key keeps its last value and says so; Include is relative to the including file (before 23.02), to slurm.conf from 23.02", () => {
    const c = conf("ClusterName=a\nInclude conf.d/nodes.conf\n", {
      "/etc/slurm/conf.d/nodes.conf": "Include more.conf\n",
      "/etc/slurm/conf.d/more.conf": "ClusterName=b\nNodeName=x CPUs=2",
    });
    expect(c.settings.ClusterName).toEqual({ value: "b", file: "/etc/slurm/conf.d/more.conf", line: 1 });
    expect(c.warnings).toEqual([
      "/etc/slurm/conf.d/more.conf:1: ClusterName also set at /etc/slurm/slurm.conf:1; Slurm uses the latest value",
    ]);
    expect(() =>
      conf("Include conf.d/nodes.conf", { "/etc/slurm/conf.d/nodes.conf": "Include more.conf" }, "23.02.7"),
    ).toThrow(
      /^\/etc\/slurm\/conf\.d\/nodes\.conf:1: invalid Include: "more\.conf"; expected a file that exists \(looked for \/etc\/slurm\/more\.conf\)$/,
    );
  });
  it("Include with %c takes ClusterName in lower case", () => {
    const c = conf("ClusterName=HPC\nInclude nodes-%c.conf", {
      "/etc/slurm/nodes-hpc.conf": "NodeName=a CPUs=1",
    });
    expect(c.nodes.map((n) => n.name)).toEqual(["a"]);
  });
  it("NodeName defaults and Slurm's CPU rule: Boards × SocketsPerBoard, Sockets from CPUs, a CPUs mismatch reset", () => {
    const c = conf(
      "NodeName=DEFAULT CoresPerSocket=8 ThreadsPerCore=2\nNodeName=a Boards=2 SocketsPerBoard=2\nNodeName=b CPUs=32\n" +
        "NodeName=DEFAULT RealMemory=1000\nNodeName=c Sockets=2 CPUs=30 Procs=4",
    );
    expect(
      c.nodes.map((n) => [n.name, n.cpus, n.sockets, n.coresPerSocket, n.threadsPerCore, n.realMemoryMiB]),
    ).toEqual([
      ["a", 64, 4, 8, 2, 1],
      ["b", 32, 2, 8, 2, 1],
      ["c", 32, 2, 8, 2, 1000],
    ]);
    expect(c.warnings).toEqual([
      "/etc/slurm/slurm.conf:5: NodeName=c CPUs=30 matches no Sockets, Sockets×CoresPerSocket or Sockets×CoresPerSocket×ThreadsPerCore; Slurm resets CPUs to 32",
    ]);
  });
  it("partitions: NodeSets by feature and by list, Shared as OverSubscribe, Priority as tier and factor", () => {
    const c = conf(
      "NodeName=a Features=gpu CPUs=1\nNodeName=b CPUs=1\nNodeName=c CPUs=1\nNodeSet=gpus Feature=gpu\nNodeSet=rest Nodes=b\n" +
        "PartitionName=p Nodes=gpus,rest Shared=FORCE:2 Priority=10\nPartitionName=q Nodes=c Default=YES\nPartitionName=r Nodes=ALL Default=yes",
    );
    expect(
      c.partitions.map((p) => [
        p.name,
        p.nodes,
        p.overSubscribe,
        p.priorityTier,
        p.priorityJobFactor,
        p.isDefault,
      ]),
    ).toEqual([
      ["p", ["a", "b"], "FORCE:2", 10, 10, false],
      ["q", ["c"], "NO", 1, 1, false],
      ["r", ["a", "b", "c"], "NO", 1, 1, true],
    ]);
  });
  it("refuses what Slurm refuses, naming the file, the line and the fix", () => {
    expect(() => conf("ClusterName=x\nSchedulerParamters=bf_interval=30")).toThrow(
      /^\/etc\/slurm\/slurm\.conf:2: invalid key: "SchedulerParamters"; expected a slurm\.conf key \(nearest: SchedulerParameters, /,
    );
    expect(() => conf("ClusterName=x\n\nInclude nodes.conf")).toThrow(
      /^\/etc\/slurm\/slurm\.conf:3: invalid Include: "nodes\.conf"; expected a file that exists \(looked for \/etc\/slurm\/nodes\.conf\)$/,
    );
    expect(() => conf("AuthType auth/munge")).toThrow(
      /^\/etc\/slurm\/slurm\.conf:1: invalid line: "AuthType auth\/munge"; expected Key=Value/,
    );
    expect(() => conf('# x\nClusterName="my cluster')).toThrow(
      /^\/etc\/slurm\/slurm\.conf:2: invalid ClusterName: "\\"my"; expected a closing " \(the value opens a quote it never closes\)$/,
    );
    expect(() => conf("NodeName=n[01-10 CPUs=4")).toThrow(
      /^\/etc\/slurm\/slurm\.conf:1: invalid NodeName: "n\[01-10"; expected Slurm's hostlist form such as n\[01-10,12\],gpu01 \("\[" without "\]" in "n\[01-10"\)$/,
    );
    expect(() => conf("NodeName=n[10-01] CPUs=4")).toThrow(
      /slurm\.conf:1: invalid NodeName: "n\[10-01\]"; .*runs backwards/,
    );
    expect(() => conf("NodeName=n1 CPUS=4 Cores=2")).toThrow(
      /^\/etc\/slurm\/slurm\.conf:1: invalid NodeName key: "Cores"; expected one of NodeName's keys \(nearest: /,
    );
    expect(() => conf("NodeName=n1 CPUs=many")).toThrow(
      /slurm\.conf:1: invalid CPUs: "many"; expected a whole number up to 65535/,
    );
    expect(() => conf("AuthType=auth/munge ClusterName=x")).toThrow(
      /slurm\.conf:1: invalid line: "ClusterName=x"; expected one Key=Value per line \(only NodeName, PartitionName/,
    );
    expect(() => conf("NodeName=n1 CPUs=1\nNodeName=n1 CPUs=2")).toThrow(
      /slurm\.conf:2: invalid NodeName: "n1"; expected a node defined once/,
    );
    expect(() => conf("NodeName=n1 CPUs=1\nPartitionName=p Nodes=n[1-2]")).toThrow(
      /slurm\.conf:2: invalid Nodes: "n2"; expected nodes defined by NodeName lines or NodeSet names \(partition p\)$/,
    );
    expect(() => conf("NodeName=n1 CPUs=1\nPartitionName=p Nodes=n1 MaxTime=soon")).toThrow(
      /slurm\.conf:2: invalid MaxTime: "soon"/,
    );
    expect(() => conf("Include nodes-%c.conf")).toThrow(
      /slurm\.conf:1: invalid Include: "nodes-%c\.conf"; expected ClusterName set before/,
    );
    expect(() => conf("Include conf.d/*.conf")).toThrow(
      /slurm\.conf:1: invalid Include: "conf\.d\/\*\.conf"; expected one file name/,
    );
    expect(() => conf("PriorityFavorSmall=maybe")).toThrow(
      /slurm\.conf:1: invalid PriorityFavorSmall: "maybe"; expected YES or NO/,
    );
  });
});
