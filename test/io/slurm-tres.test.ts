import { describe, expect, it } from "vitest";
import {
  addTres,
  isReqMem,
  isTres,
  parseReqMem,
  parseTres,
  slurmCount,
  slurmSizeMiB,
} from "../../lib/io/slurm-tres";

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
      /^s\.txt:2: invalid ReqMem: "4000MB"; expected what sacct prints there: a size with unit K, M, G, T or P \(4000M, 1\.50G; zero as 0\)/,
    );
    expect(isReqMem("4000Mc")).toBe(true);
    expect(isReqMem("lots")).toBe(false);
  });
});

describe("parseReqMem: every form sacct prints, release by release (print.c PRINT_REQ_MEM, convert_num_unit2)", () => {
  const w = { file: "r.txt", line: 9 };
  it("17.11 to 20.11: pn_min_memory with c (per CPU) or n (per node); exact units only while precise", () => {
    // 2800 MiB per CPU: 2800 % 512 = 240, so sacct keeps M
    expect(parseReqMem("2800Mc", w)).toEqual({ mib: 2800, per: "cpu" });
    // 500000 % 512 = 288: M kept
    expect(parseReqMem("500000Mn", w)).toEqual({ mib: 500000, per: "node" });
    // 1536 MiB = 1.5 GiB: 1536 % 512 = 0, one step up, printed %.2f
    expect(parseReqMem("1.50Gn", w)).toEqual({ mib: 1536, per: "node" });
    expect(parseReqMem("4Gc", w)).toEqual({ mib: 4096, per: "cpu" });
    expect(parseReqMem("2Tn", w)).toEqual({ mib: 2 * 1024 * 1024, per: "node" });
    expect(parseReqMem("1Pn", w)).toEqual({ mib: 1024 ** 3, per: "node" });
    // --units=K multiplies: 2800 MiB = 2867200 KiB
    expect(parseReqMem("2867200Kc", w)).toEqual({ mib: 2800, per: "cpu" });
    // --units=G rounds to two decimals: 2800/1024 = 2.734375 → 2.73G
    expect(parseReqMem("2.73Gc", w)!.mib).toBeCloseTo(2.73 * 1024, 9);
    // zero is bare (convert_num_unit2 prints "0" before any unit), then c or n appended
    expect(parseReqMem("0n", w)).toEqual({ mib: 0, per: "node" });
    expect(parseReqMem("0c", w)).toEqual({ mib: 0, per: "cpu" });
    // --units=P on 1 MiB: 1/1024^3 P, printed %.2f
    expect(parseReqMem("0.00Pc", w)).toEqual({ mib: 0, per: "cpu" });
  });
  it("21.08 and later: the requested TRES' mem, the whole job, no suffix; 0 from 23.02.6 when none", () => {
    // 16 CPUs × 2800 MiB = 44800 MiB; 44800 % 512 = 256, so M stays
    expect(parseReqMem("44800M", w)).toEqual({ mib: 44800, per: "job" });
    expect(parseReqMem("187.50G", w)).toEqual({ mib: 192000, per: "job" });
    expect(parseReqMem("0", w)).toEqual({ mib: 0, per: "job" });
  });
  it("21.08 to 23.02.5: INFINITE64 (no mem in ReqTRES) converted past P prints 16? on x86-64: MiB unknown", () => {
    // 2^64 MiB divided by 1024 six times is 16, six units past M: past P, the unit is "?"
    expect(parseReqMem("16?", w)).toEqual({ mib: NaN, per: "job" });
    expect(isReqMem("16?")).toBe(true);
  });
  it("refuses a text no release prints: a unit after zero, a size without unit, MB, a lower-case unit", () => {
    for (const bad of ["0M", "4000", "4000n", "4000MB", "4gc", "Mc", "4000Mx", "-1Mc", "1.5.0Gn"]) {
      expect(isReqMem(bad)).toBe(false);
      expect(() => parseReqMem(bad, w)).toThrow(
        new RegExp(
          `^r\\.txt:9: invalid ReqMem: "${bad.replace(/\./g, "\\.")}"; expected what sacct prints there`,
        ),
      );
    }
  });
});

describe("slurmCount", () => {
  it("reads AllocNodes and ReqNodes as convert_num_unit2 prints them: 1K = 1024, 1.50K = 1536", () => {
    expect(slurmCount("12")).toBe(12);
    expect(slurmCount("1K")).toBe(1024);
    expect(slurmCount("1.50K")).toBe(1536);
    expect(slurmCount("")).toBeNaN();
    expect(slurmCount("many")).toBeNaN();
  });
});
