/**
 * The queue index (lib/sim/queue-index.ts) changes how EASY and the Slurm scheduler find jobs, not
 * what they start: the indexed passes must give the schedule of the plain scans they replace, on
 * random workloads and on a prefix of every shared trace.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readSwfCached } from "../../lib/io/swf-cache";
import { swfMachine } from "../../lib/io/swf-jobs";
import { createScheduler, type SchedulerSpec } from "../../lib/sim/create-scheduler";
import { simulate } from "../../lib/sim/engine";
import type { SimJobInput } from "../../lib/sim/job";
import { withoutQueueIndex } from "../../lib/sim/scheduler";
import { jobsFromSwf } from "../../lib/sim/swf-workload";


const SPECS: SchedulerSpec[] = [{ name: "easy" }, { name: "slurm", bfInterval: 30 }, { name: "slurm", backfill: false }, { name: "slurm", bfMaxJobTest: 3, bfInterval: 7 }];

function same(jobs: readonly SimJobInput[], nodes: number, spec: SchedulerSpec): void {
  const a = simulate(jobs, { nodes, scheduler: createScheduler(spec) });
  const b = simulate(jobs, { nodes, scheduler: withoutQueueIndex(createScheduler(spec)) });
  expect(a.passes).toBe(b.passes);
  let diff = -1;
  for (let i = 0; i < a.start.length && diff < 0; i++) if (!Object.is(a.start[i], b.start[i])) diff = i;
  expect(diff, `${spec.name}: first different start at job ${diff}`).toBe(-1);
}

describe("indexed queue passes = the scans they replace", () => {
  it("property: random workloads, EASY and Slurm (several knob sets)", () => {
    const job = fc.record({ submit: fc.integer({ min: 0, max: 2000 }), nodes: fc.integer({ min: 1, max: 16 }), limit: fc.integer({ min: 1, max: 60 }), run: fc.integer({ min: 0, max: 60 }) });
    fc.assert(fc.property(fc.array(job, { minLength: 1, maxLength: 60 }), (list) => {
      const jobs: SimJobInput[] = list.map((j, k) => ({ id: `j${k}`, submit: j.submit, nodes: j.nodes, limit: j.limit * 60, runtime: Math.min(j.run, j.limit) * 60 }));
      for (const spec of SPECS) same(jobs, 16, spec);
    }), { seed: 11, numRuns: 120 });
  });

  const dir = path.resolve("..", "shared", "traces");
  const traces = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.swf(\.gz)?$/.test(f)).sort() : [];
  if (traces.length === 0) console.warn(`skipping the trace prefixes: no shared traces in ${dir}`);
  for (const f of traces) {
    it(`${f}: the first 4,000 jobs give the same schedule`, () => {
      const { trace } = readSwfCached(path.join(dir, f));
      const m = swfMachine(trace);
      const { jobs } = jobsFromSwf(trace, { nodes: m.nodes, coresPerNode: m.coresPerNode });
      const head = jobs.slice(0, 4000);
      for (const spec of SPECS.slice(0, 2)) same(head, m.nodes, spec);
    }, 60_000);
  }
});
