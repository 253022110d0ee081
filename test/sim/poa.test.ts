import { describe, expect, it } from "vitest";
import { rec } from "./job-records";
import { createPoaModelCache, poaRows, poaSummary } from "../../lib/sim/poa";
import { simulateSample } from "../../lib/sim/sample-sim";
import { createRng } from "../../lib/util/rng";

// W = 10. Favour large: a (6) starts at 0, b (5) blocks the main pass; the backfill cycle at 60 s
// reserves b at 600 s and starts c (4 nodes, ends 3060 s, fits in b's extra nodes).
const JOBS = [rec("a", 6, 10), rec("b", 5, 100), rec("c", 4, 50), rec("d", 2, 30)];
const OPTS = { nodes: 10, coresPerNode: 1, slurm: { bfResolution: 1, bfInterval: 60 } };

describe("thesis samples through the Slurm scheduler", () => {
  it("main pass in priority order, then backfill", () => {
    const r = simulateSample(JOBS, OPTS);
    expect(Array.from(r.start)).toEqual([0, 600, 60, 3060]);
  });
  it("first iteration, Total Values and PoA (v = w·min)", () => {
    const [row] = poaRows([{ name: "s", seed: 0, source: "test", jobs: JOBS }], {
      ...OPTS,
      rng: createRng(1),
    });
    expect(row).toMatchObject({
      sample: "s",
      jobs: 4,
      TV: 6 * 10 + 4 * 50,
      TV_t0: 60,
      TV_1B1: 700,
      TV_1A: 700,
    });
    expect(row.PoA).toBeCloseTo(700 / 260, 12);
  });
  it("a model cache gives the same rows and computes the models' side once per sample, name, W and planned factor", () => {
    const samples = [
      { name: "s", seed: 0, source: "test", jobs: JOBS },
      { name: "t", seed: 0, source: "test", jobs: JOBS.slice(1) },
    ];
    const rng = createRng(1),
      modelCache = createPoaModelCache();
    for (const o of [
      { ...OPTS, rng },
      { ...OPTS, rng, slurm: { ...OPTS.slurm, backfill: false } },
      { ...OPTS, rng, plannedFactor: 2 },
    ]) {
      expect(poaRows(samples, { ...o, modelCache })).toEqual(poaRows(samples, o));
    }
    // one entry per sample jobs array; two keys (planned factor none and 2) for each
    expect(modelCache.get(rng)?.get(JOBS)?.size).toBe(2);
    expect(modelCache.get(createRng(1))).toBeUndefined(); // another stream (even with the same seed) gets its own values
  });
  it("summarises PoA with the interval of lib/util/interval.ts", () => {
    const s = poaSummary([1, 2, 3]);
    expect(s.mean).toBe(2);
    expect(s.ciLow).toBeGreaterThanOrEqual(1);
    expect(s.ciHigh).toBeLessThanOrEqual(3);
    expect(s.ciHigh).toBeGreaterThan(2);
  });
});
