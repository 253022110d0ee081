import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { parseNodeGres, parseSinfoNodes, sinfoMachine } from "../../lib/io/sinfo-nodes";

// `sinfo -N -o '%N|%P|%c|%z|%m|%f|%G|%T'` (sinfo(1): %N node, %P partition with "*" on the default,
// %c CPUs, %z sockets:cores:threads, %m memory in MB, %f available features, %G GRES, %T state):
// one line per node and partition; "(null)" for no features or GRES.
const NODES = [
  "NODELIST|PARTITION|CPUS|S:C:T|MEMORY|AVAIL_FEATURES|GRES|STATE",
  "c001|batch*|48|2:24:1|192000|skylake,ib|(null)|allocated",
  "c001|long|48|2:24:1|192000|skylake,ib|(null)|allocated",
  "c002|batch*|48|2:24:1|192000|skylake,ib|(null)|idle",
  "g01|gpu|64|2:16:2|512000|a100|gpu:a100:4(S:0-1),mps:400|mixed",
  "g02|gpu|64|2:16:2|512000|a100|gpu:a100:4(S:0-1),mps:400|down*",
].join("\n");

describe("parseSinfoNodes", () => {
  const nodes = parseSinfoNodes(NODES, "nodes.txt");
  it("merges a node's lines (one per partition), types CPUs, sockets:cores:threads, memory, features, GRES", () => {
    expect(nodes.map((n) => n.node)).toEqual(["c001", "c002", "g01", "g02"]);
    expect(nodes[0]).toEqual({
      node: "c001",
      partitions: ["batch", "long"],
      defaultPartition: "batch",
      cpus: 48,
      sockets: 2,
      coresPerSocket: 24,
      threadsPerCore: 1,
      cores: 48,
      memoryMiB: 192000,
      features: ["skylake", "ib"],
      gres: [],
      state: "allocated",
      line: 2,
    });
    expect(nodes[2]).toMatchObject({
      partitions: ["gpu"],
      defaultPartition: "",
      cpus: 64,
      cores: 32,
      gres: [
        { name: "gpu", type: "a100", count: 4 },
        { name: "mps", type: "", count: 400 },
      ],
    });
    expect(nodes[3].state).toBe("down*");
  });
  it("gives the machine: node count and the cores per node most nodes have", () => {
    expect(sinfoMachine(nodes)).toEqual({ nodes: 4, coresPerNode: 48 });
    expect(() => sinfoMachine([])).toThrow(/^invalid nodes: 0; expected at least one node$/);
  });
  it("reads -h output (no header) in the export's column order, and a compressed node list", () => {
    const headerless = NODES.split("\n").slice(1).join("\n");
    expect(parseSinfoNodes(headerless, "h.txt").map((n) => ({ ...n, line: n.line + 1 }))).toEqual(nodes);
    const ranged = parseSinfoNodes("NODELIST|CPUS\nc[001-003]|48\n", "r.txt");
    expect(ranged.map((n) => [n.node, n.cpus, n.cores, n.memoryMiB])).toEqual([
      ["c001", 48, 48, NaN],
      ["c002", 48, 48, NaN],
      ["c003", 48, 48, NaN],
    ]);
  });
  it("reads GRES with and without type and count", () => {
    expect(parseNodeGres("gpu:2")).toEqual([{ name: "gpu", type: "", count: 2 }]);
    expect(parseNodeGres("gpu")).toEqual([{ name: "gpu", type: "", count: 1 }]);
    expect(parseNodeGres("gpu:tesla:2(S:0-1),nic:1")).toEqual([
      { name: "gpu", type: "tesla", count: 2 },
      { name: "nic", type: "", count: 1 },
    ]);
    expect(parseNodeGres("(null)")).toEqual([]);
  });
  it("reads the nodes recorded on Slurm 22.05 by the export script", () => {
    const file = path.join(__dirname, "..", "fixtures", "slurm", "export", "nodes.txt");
    const r = parseSinfoNodes(fs.readFileSync(file, "utf8"), file);
    expect(
      r.map((n) => [n.node, n.partitions, n.defaultPartition, n.cpus, n.cores, n.memoryMiB, n.state]),
    ).toEqual([
      ["n1", ["debug"], "debug", 2, 2, 1, "idle"],
      ["n2", ["debug"], "debug", 2, 2, 1, "idle"],
    ]);
    expect(sinfoMachine(r)).toEqual({ nodes: 2, coresPerNode: 2 });
  });
  it("names a bad number, a node whose lines disagree, and missing columns", () => {
    expect(() => parseSinfoNodes(NODES.replace("c002|batch*|48|", "c002|batch*|many|"), "n.txt")).toThrow(
      /^n\.txt:4: invalid CPUS: "many"; expected a whole number$/,
    );
    expect(() =>
      parseSinfoNodes(NODES.replace("c001|long|48|2:24:1|192000", "c001|long|48|2:24:1|96000"), "n.txt"),
    ).toThrow(/^n\.txt:3: invalid memoryMiB: 96000; expected 192000 as on line 2 for node c001$/);
    expect(() => parseSinfoNodes("NODELIST|PARTITION\nc001|batch\n", "n.txt")).toThrow(
      /^n\.txt:1: invalid header: "NODELIST\|PARTITION"; expected the columns NODELIST, CPUS; missing CPUS \(re-export with sinfo -N -o '%N\|%P\|%c\|%z\|%m\|%f\|%G\|%T\|%w'\)$/,
    );
  });
});

describe("parseSinfoNodes: the optional WEIGHT column (sinfo %w)", () => {
  it("sets weight when the column is there, and leaves it out otherwise", () => {
    const w = parseSinfoNodes(
      "NODELIST|PARTITION|CPUS|WEIGHT\nc1|batch*|4|10\nc1|long|4|10\nc2|batch*|4|100\n",
      "w.txt",
    );
    expect(w.map((n) => [n.node, n.weight, n.partitions])).toEqual([
      ["c1", 10, ["batch", "long"]],
      ["c2", 100, ["batch"]],
    ]);
    expect("weight" in parseSinfoNodes("NODELIST|CPUS\nc1|4\n", "n.txt")[0]).toBe(false);
    expect(() => parseSinfoNodes("NODELIST|PARTITION|CPUS|WEIGHT\nc1|a|4|10\nc1|b|4|20\n", "w.txt")).toThrow(
      /^w\.txt:3: invalid weight: 20; expected 10 as on line 2 for node c1$/,
    );
  });
});
