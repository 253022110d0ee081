/**
 * The Slurm scheduler's node placement (Slurm's defaults, submit-order priority) on every shared
 * trace, its first 50,000 jobs and, for traces under 100,000 jobs, the whole trace (the longer
 * ones whole take minutes each; `npm run bench -- sim-scaling` replays them whole): every job's
 * start and node list hash
 * (test/sim/schedule-hash.ts) to the value committed here. The run-level bookkeeping equals the
 * per-node one (test/sim/oracles/node-placement-per-node.ts) by the properties of
 * node-placement.test.ts; these hashes pin the whole schedules, so a change to placement, backfill
 * or priority that moves any job on any trace shows here and must be re-derived on purpose.
 */
import { describe, expect, it } from "vitest";
import { readSwf } from "../../lib/io/swf";
import { swfMachine } from "../../lib/io/swf-jobs";
import { createScheduler } from "../../lib/sim/create-scheduler";
import { simulate } from "../../lib/sim/engine";
import { jobsFromSwf } from "../../lib/sim/swf-workload";
import { sharedTrace, sharedTraceNames } from "../shared-traces";
import { scheduleHash } from "./schedule-hash";

/** A trace's replays with node placement take a minute or more on a busy machine (RICC's first 50,000 jobs). */
const TRACE_MS = 10 * 60_000;

/** [trace, jobs ("all" = the whole trace), SHA-256 of the schedule]. */
const HASHES: [string, number | "all", string][] = [
  ["CEA-Curie-2011-2.1-cln", 50000, "67967760c3e6e0ca688067ddbf683602380d75e0aa56f91e06ed52521d1d0dc9"],
  ["CTC-SP2-1996-3.1-cln", 50000, "080bcf33826326b90093b5ffc6998934dcf60e02f3e125df06255f693cbb5e45"],
  ["CTC-SP2-1996-3.1-cln", "all", "284ebe23430c2817adbc9464833e1e19cd27ca4bb93b21a942192fb93495da28"],
  [
    "DOST-ASTI_COARE-Saliksik-2020-cln",
    "all",
    "00a4085fbae40ef7a82390eb420df006d1411e2b2733ca48010b76ce3890a259",
  ],
  ["HPC2N-2002-2.2-cln", 50000, "60f337f0c927bd1882c59a5b985e3470a8965d9b934ea13dfe21c773224f401a"],
  ["KTH-SP2-1996-2.1-cln", "all", "561edf94f7585ef25d7ba63534d72994671e8c3bce57c15448e0263bbb54a896"],
  ["LLNL-Atlas-2006-2.1-cln", "all", "79be46d9244d54d63968ccb90d79cfa9bf2a0ad67878e4d6de6599756f8e925b"],
  ["NASA-iPSC-1993-3.1-cln", "all", "f4ebdd695eafdf75cccd3c3d642b5939c65885e1488d970e274a9db4989ad0cc"],
  ["RICC-2010-2", 50000, "9599175ccc8c052f67dbc50fdc5afd9de113ed8208a6fb1036e2688415a1dac3"],
  ["SDSC-BLUE-2000-4.2-cln", 50000, "e3667b2a6f80f8afdb502ae06fb9cc50f9e44302e1a1c4ec9d2915ecad7ce15a"],
  ["SDSC-Par-1996-3.1-cln", "all", "cf1bbf48693fc22753d8c70094477075fd502a233e6fe6dd048ed9ab1fa201d1"],
  ["SDSC-SP2-1998-4.2-cln", 50000, "ff0791e75a07f0ce6ec86be9d64ab64154e1bf7d74750e0a8002c4d625d4f608"],
  ["SDSC-SP2-1998-4.2-cln", "all", "783cbd27a705b315c4139c2f1b2dc7baf740371ff3c49be0c5f23317837c48c4"],
  ["Sandia-Ross-2001-1.1-cln", 50000, "a162d817fdbb036e0b03266de826130313fe35901c93e82e7735b5366e7323a1"],
  ["Sandia-Ross-2001-1.1-cln", "all", "52e1cf94b999d0cc8acd626ec968c00ce6996f7629b707f3be36e90bc6480d22"],
  ["synthetic/lublin_256", "all", "a857d9894ba121c17fbc07733125b8e0a68c9c942704e6eb28b6b5163e0878df"],
];

describe("Slurm node placement on the shared traces: the committed schedules", () => {
  const names = sharedTraceNames();
  it.skipIf(names.length === 0)("every shared trace has committed hashes", () => {
    expect(names.filter((n) => !HASHES.some(([t]) => t === n))).toEqual([]);
  });
  for (const trace of [...new Set(HASHES.map(([t]) => t))]) {
    const file = sharedTrace(trace);
    it.skipIf(!file)(
      trace,
      () => {
        const swf = readSwf(file!);
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
      TRACE_MS,
    );
  }
});
