/**
 * The Slurm scheduler's node placement (Slurm's defaults, submit-order priority) on every shared
 * trace, its first 50,000 jobs and the whole trace: every job's start and node list hash
 * (test/sim/schedule-hash.ts) to the value committed here, computed with the per-node bookkeeping
 * now kept as test/sim/oracles/node-placement-per-node.ts. So lib's run- and word-level
 * bookkeeping places every job of every trace exactly as that implementation did.
 */
import { describe, expect, it } from "vitest";
import { readSwf } from "../../lib/io/swf";
import { swfMachine } from "../../lib/io/swf-jobs";
import { createScheduler } from "../../lib/sim/create-scheduler";
import { simulate } from "../../lib/sim/engine";
import { jobsFromSwf } from "../../lib/sim/swf-workload";
import { sharedTrace, sharedTraceNames } from "../shared-traces";
import { scheduleHash } from "./schedule-hash";

/** A whole trace replayed with node placement takes minutes on a busy machine (RICC: 447,794 jobs). */
const WHOLE_TRACE_MS = 20 * 60_000;

/** [trace, jobs ("all" = the whole trace), SHA-256 of the schedule]. */
const HASHES: [string, number | "all", string][] = [
  ["CEA-Curie-2011-2.1-cln", 50000, "b5371fd5dc9e2d4bcb050fefc89d16c8abb383db46d95b2fbe06d90cab4d10b0"],
  ["CEA-Curie-2011-2.1-cln", "all", "a89bc279ada615f4b24898e817c4cf9f8427e8da524285e9514bff2ed9436da5"],
  ["CTC-SP2-1996-3.1-cln", 50000, "94750541dc3e2f1183daa4e213c7d12c29ba7a20ca0f0ed7c7d5cb67008750bc"],
  ["CTC-SP2-1996-3.1-cln", "all", "5cb470671cfaa73e10ecb74820a3253bdff2420177deb1878a565603f8a96348"],
  [
    "DOST-ASTI_COARE-Saliksik-2020-cln",
    "all",
    "7ab4bbd84e0af83d1572f543a3a0b7abd80aca2141d20cb76fcc2cd9111a80f0",
  ],
  ["HPC2N-2002-2.2-cln", 50000, "59d7b8c3488a4985da8474d248ddaa62b22e79232a94eb754a30ff0290442f27"],
  ["HPC2N-2002-2.2-cln", "all", "68fb77f8230eb21c751b3cec5e1ede8b125039a3073241a6fd2be0b6bb23c0a0"],
  ["KTH-SP2-1996-2.1-cln", "all", "c5531f7a59ba8c662b6a7cf444b3231dd82cc9d6aa84d791ac1e03a3aee95c21"],
  ["LLNL-Atlas-2006-2.1-cln", "all", "79be46d9244d54d63968ccb90d79cfa9bf2a0ad67878e4d6de6599756f8e925b"],
  ["NASA-iPSC-1993-3.1-cln", "all", "f4ebdd695eafdf75cccd3c3d642b5939c65885e1488d970e274a9db4989ad0cc"],
  ["RICC-2010-2", 50000, "2fb1e2dac28a5c24ea781532e5b12125a18d7d2b727c3c588c7429ad3060b6f3"],
  ["RICC-2010-2", "all", "3f4bdd39737e369251fdde555a8c5c9e8e512c82782b123c340bef5e020f1b35"],
  ["SDSC-BLUE-2000-4.2-cln", 50000, "e3c69189079ab04c1ca07cbef04fee213cb976954c1a9d8550ebb093ad0d6a3b"],
  ["SDSC-BLUE-2000-4.2-cln", "all", "a9feb739ad5ebf85b68a4a45f82c426f28ca9db068a2b3dd1d056faaefae7669"],
  ["SDSC-Par-1996-3.1-cln", "all", "adb00111a9009fc9ec48f597a2ed3f3045e8a42b44519c88c1532c23163c1a8a"],
  ["SDSC-SP2-1998-4.2-cln", 50000, "ca86f68e30e303b9ae014b396cf5350584d64b33c276d3cfd533b04279780838"],
  ["SDSC-SP2-1998-4.2-cln", "all", "798cb3b2a96e0e60411c1e10cdbdeb143e53f6653ead4d8abadfba624b41bc26"],
  ["Sandia-Ross-2001-1.1-cln", 50000, "dbf705c35a8b84548c262d06eba758fa42a9712fc857550374df37ed028d2c4e"],
  ["Sandia-Ross-2001-1.1-cln", "all", "40626b1aa05a1f1a869a18347c252e459e5eb4bac6eeb7e68d92d175b59f3719"],
  ["synthetic/lublin_256", "all", "f69123d89f1b9820b55ce7fd3c0b91e48af3f0d2ad34f728c5ea3cd4d01abd84"],
];

describe("Slurm node placement on the shared traces: the committed schedules", () => {
  it("every shared trace has committed hashes", () => {
    const names = sharedTraceNames();
    expect(names.filter((n) => !HASHES.some(([t]) => t === n))).toEqual([]);
  });
  for (const trace of [...new Set(HASHES.map(([t]) => t))]) {
    it(
      trace,
      () => {
        const file = sharedTrace(trace);
        if (!file) return;
        const swf = readSwf(file);
        const m = swfMachine(swf);
        const { jobs } = jobsFromSwf(swf, { nodes: m.nodes, coresPerNode: m.coresPerNode });
        for (const [, n, want] of HASHES.filter(([t]) => t === trace)) {
          const part = n === "all" ? jobs : jobs.slice(0, n);
          const r = simulate(part, {
            nodes: m.nodes,
            coresPerNode: m.coresPerNode,
            scheduler: createScheduler({ name: "slurm", placement: "nodes" }),
          });
          expect(`${n} jobs: ${scheduleHash(r)}`).toBe(`${n} jobs: ${want}`);
        }
      },
      WHOLE_TRACE_MS,
    );
  }
});
