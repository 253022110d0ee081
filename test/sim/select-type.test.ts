/**
 * The select configuration (lib/sim/select-type.ts) and a node's sockets, cores and threads
 * (lib/sim/tres.ts), from cons_common.c `select_p_node_init`/`common_allocate`, node_conf.c (tpc)
 * and dist_tasks.c.
 */
import { describe, expect, it } from "vitest";
import { SelectConfig } from "../../lib/sim/select-type";
import { type JobTres, type TresNode, checkJobTres, checkTresNodes, nodeShape } from "../../lib/sim/tres";

const node = (extra: Partial<TresNode> = {}): TresNode => ({
  name: "n1",
  cpus: 8,
  memoryMiB: 8000,
  gpus: 0,
  features: [],
  partitions: ["p"],
  ...extra,
});
const req = (c: number, extra: Partial<JobTres> = {}): JobTres => ({
  cpusPerNode: c,
  memPerNodeMiB: 0,
  gpusPerNode: 0,
  constraint: "",
  exclusive: false,
  ...extra,
});

describe("a node's sockets, cores and threads", () => {
  it("defaults leave one CPU per core (today's nodes)", () => {
    expect(nodeShape(node())).toEqual({ sockets: 1, coresPerSocket: 8, cores: 8, threads: 1, tpc: 1 });
  });
  it("CPUs that count threads give a job whole cores of ThreadsPerCore CPUs; CPUs that count cores give one", () => {
    // CPUs=8 Sockets=1 CoresPerSocket=4 ThreadsPerCore=2: 4 cores, 2 threads each
    expect(nodeShape(node({ threadsPerCore: 2 })).tpc).toBe(2);
    expect(nodeShape(node({ threadsPerCore: 2 })).cores).toBe(4);
    // CPUs=8 Sockets=2 CoresPerSocket=4 ThreadsPerCore=2: tot_cores 8 ≥ CPUs, so tpc = 1
    expect(nodeShape(node({ sockets: 2, coresPerSocket: 4, threadsPerCore: 2 })).tpc).toBe(1);
  });
  it("refuses CPUs that are neither the cores nor the threads (cons_common.c fatal), with the house message", () => {
    expect(() => checkTresNodes([node({ sockets: 2, coresPerSocket: 3, threadsPerCore: 2 })])).toThrow(
      /^invalid machine\[0\]\.cpus: 8; expected sockets × coresPerSocket \(6\) or that × threadsPerCore \(12\)/,
    );
    expect(() => checkTresNodes([node({ sockets: 3 })])).toThrow(
      /^invalid machine\[0\]\.coresPerSocket: undefined/,
    );
    expect(() => checkTresNodes([node({ threadsPerCore: 0 })])).toThrow(
      /^invalid machine\[0\]\.threadsPerCore: 0; expected an integer ≥ 1/,
    );
    expect(() => checkTresNodes([node({ configLine: 1.5 })])).toThrow(
      /^invalid machine\[0\]\.configLine: 1\.5/,
    );
  });
  it("memory per CPU is a number ≥ 0, and then memory per node is 0", () => {
    expect(() => checkJobTres(req(1, { memPerCpuMiB: 500 }), "j")).not.toThrow();
    expect(() => checkJobTres(req(1, { memPerCpuMiB: -1 }), "j")).toThrow(
      /^invalid j\.memPerCpuMiB: -1; expected MiB ≥ 0/,
    );
    expect(() => checkJobTres(req(1, { memPerCpuMiB: 500, memPerNodeMiB: 100 }), "j")).toThrow(
      /^invalid j\.memPerNodeMiB: 100; expected 0 when memPerCpuMiB is set/,
    );
  });
});

describe("SelectTypeParameters on a node of 2 threads per core (cons_common.c, dist_tasks.c)", () => {
  const nodes = [node({ threadsPerCore: 2, sockets: 2 })]; // 2 sockets × 2 cores × 2 threads
  const sel = (p: string) => new SelectConfig(nodes, { selectTypeParameters: p as never });
  it("a 3-task job takes 2 cores: 4 CPUs counted under CR_Core, 3 under CR_CPU; a socket (4 CPUs) under CR_Socket", () => {
    expect([sel("CR_Core").occupied(0, 3), sel("CR_Core").counted(0, req(3))]).toEqual([4, 4]);
    expect([sel("CR_CPU").occupied(0, 3), sel("CR_CPU").counted(0, req(3))]).toEqual([4, 3]);
    expect([sel("CR_Socket").occupied(0, 3), sel("CR_Socket").occupied(0, 5)]).toEqual([4, 8]);
    // memory per CPU follows the CPUs counted; an exclusive job is counted every CPU
    expect(sel("CR_Core_Memory").memNeed(0, req(3, { memPerCpuMiB: 1000 }))).toBe(4000);
    expect(sel("CR_CPU_Memory").memNeed(0, req(3, { memPerCpuMiB: 1000 }))).toBe(3000);
    expect(sel("CR_CPU_Memory").memNeed(0, req(3, { memPerCpuMiB: 1000, exclusive: true }))).toBe(8000);
  });
  it("the per-CPU memory test steps by a socket, a core or a CPU (common_allocate's cpu_alloc_size); memory is consumable only under _Memory", () => {
    expect([sel("CR_Socket").step[0], sel("CR_Core").step[0], sel("CR_CPU").step[0]]).toEqual([4, 2, 1]);
    expect([sel("CR_Core").memory, sel("CR_Core_Memory").memory]).toEqual([false, true]);
  });
  it("defaults: cons_tres, CR_Core_Memory, 22.05, no topology; bad values are refused", () => {
    const d = new SelectConfig(nodes);
    expect([d.plugin, d.unit, d.memory, d.release, d.topology]).toEqual([
      "cons_tres",
      "core",
      true,
      "22.05",
      undefined,
    ]);
    expect(() => new SelectConfig(nodes, { select: "linear" as never })).toThrow(
      /^invalid select: "linear"; expected one of "cons_tres", "cons_res"/,
    );
    expect(() => new SelectConfig(nodes, { selectTypeParameters: "CR_Memory" as never })).toThrow(
      /^invalid selectTypeParameters: "CR_Memory"/,
    );
    expect(() => new SelectConfig(nodes, { slurmVersion: "23.02" as never })).toThrow(
      /^invalid slurmVersion: "23\.02"; expected one of "20\.11", "22\.05"/,
    );
  });
});
