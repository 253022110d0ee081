import { describe, expect, it } from "vitest";
import { addTres, isReqMem, isTres, parseReqMem, parseTres, slurmSizeMiB } from "../../lib/io/slurm-tres";

const at = { file: "s.txt", line: 3, column: "AllocTRES" };

describe("slurmSizeMiB", () => {
  it("reads sizes with K, M, G, T, P (powers of 1024) in MiB; no unit is MiB", () => {
    expect(slurmSizeMiB("4000M")).toBe(4000);
    expect(slurmSizeMiB("187.50G")).toBe(192000);
    expect(slurmSizeMiB("2T")).toBe(2 * 1024 * 1024);
    expect(slurmSizeMiB("512K")).toBe(0.5);
    expect(slurmSizeMiB("0")).toBe(0);
    expect(slurmSizeMiB("4000")).toBe(4000);
    expect(slurmSizeMiB("4 GB")).toBeNaN();
  });
});

describe("parseTres", () => {
  it("types cpu, mem, node, billing and GRES; GPUs from gres/gpu, else the sum of typed gres/gpu:<type>", () => {
    expect(parseTres("billing=48,cpu=48,mem=187.50G,node=1", at)).toEqual({
      billing: 48,
      cpu: 48,
      memMiB: 192000,
      node: 1,
      gres: {},
      other: {},
    });
    expect(parseTres("cpu=8,mem=64G,node=2,billing=8,gres/gpu=4,gres/gpu:tesla=4", at)).toEqual({
      cpu: 8,
      memMiB: 65536,
      node: 2,
      billing: 8,
      gpus: 4,
      gres: { gpu: 4, "gpu:tesla": 4 },
      other: {},
    });
    expect(parseTres("cpu=2,gres/gpu:tesla=2,gres/gpu:a100=1", at).gpus).toBe(3);
    expect(parseTres("cpu=1,mem=0,node=1,energy=12,fs/disk=0", at).other).toEqual({
      energy: 12,
      "fs/disk": 0,
    });
    expect(parseTres("", at)).toEqual({ gres: {}, other: {} });
  });
  it("names the file, line and column of an item that is not type=count", () => {
    expect(() => parseTres("cpu=8,mem", at)).toThrow(
      /^s\.txt:3: invalid AllocTRES: "cpu=8,mem"; expected TRES items type=count separated by commas/,
    );
    expect(isTres("cpu=8,mem")).toBe(false);
    expect(isTres("billing=1,cpu=1,node=1")).toBe(true);
  });
  it("adds two TRES item by item (a heterogeneous job's components)", () => {
    expect(addTres(parseTres("cpu=1,node=1,gres/gpu=1", at), parseTres("cpu=2,mem=1M,node=1", at))).toEqual({
      cpu: 3,
      memMiB: 1,
      node: 2,
      gpus: 1,
      gres: { gpu: 1 },
      other: {},
    });
  });
});

describe("parseReqMem", () => {
  it("reads Slurm ≤ 20.11's per-CPU (c) and per-node (n) suffixes and 21.08+'s whole-job plain size", () => {
    const w = { file: "s.txt", line: 2 };
    expect(parseReqMem("4000Mc", w)).toEqual({ mib: 4000, per: "cpu" });
    expect(parseReqMem("64Gn", w)).toEqual({ mib: 65536, per: "node" });
    expect(parseReqMem("0n", w)).toEqual({ mib: 0, per: "node" });
    expect(parseReqMem("2.50Gc", w)).toEqual({ mib: 2560, per: "cpu" });
    expect(parseReqMem("187.50G", w)).toEqual({ mib: 192000, per: "job" });
    expect(parseReqMem("", w)).toBeUndefined();
    expect(() => parseReqMem("4000MB", w)).toThrow(
      /^s\.txt:2: invalid ReqMem: "4000MB"; expected a size such as 4000M/,
    );
    expect(isReqMem("4000Mc")).toBe(true);
    expect(isReqMem("lots")).toBe(false);
  });
});
