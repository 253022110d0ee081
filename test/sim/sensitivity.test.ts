import { describe, expect, it } from "vitest";
import { rec } from "./job-records";
import { poaRows, poaSummary } from "../../lib/sim/poa";
import { poaSensitivity } from "../../lib/sim/sensitivity";
import { sensitivityRows } from "../../views/sim/sensitivity";
import { createRng } from "../../lib/util/rng";

const SAMPLES = [
  {
    name: "s1",
    seed: 0,
    source: "test",
    jobs: [rec("a", 6, 10), rec("b", 5, 100), rec("c", 4, 50), rec("d", 2, 30)],
  },
  {
    name: "s2",
    seed: 0,
    source: "test",
    jobs: [rec("a", 3, 20), rec("b", 8, 40), rec("c", 2, 60), rec("d", 5, 10)],
  },
];
const BASE = { nodes: 10, coresPerNode: 1, rng: createRng(1), slurm: { bfResolution: 1, bfInterval: 60 } };

describe("poaSensitivity", () => {
  const sweeps = { bfMaxJobTest: [1, 100], bfWindow: [60], queueDepth: [1, 100], planned: [1, 2] };
  const s = poaSensitivity(SAMPLES, sweeps, BASE.slurm, BASE);

  it("gives one point per value and job-size order, named by knob and order", () => {
    expect(s.backfill.map((p) => [p.series, p.x])).toEqual([
      ["bf_max_job_test, favour small", 1],
      ["bf_max_job_test, favour small", 100],
      ["bf_max_job_test, favour large", 1],
      ["bf_max_job_test, favour large", 100],
      ["bf_window (min), favour small", 60],
      ["bf_window (min), favour large", 60],
    ]);
    expect(s.queueDepth).toHaveLength(4);
    expect(s.planned.map((p) => p.series)).toEqual([
      "planned factor, favour small",
      "planned factor, favour small",
      "planned factor, favour large",
      "planned factor, favour large",
    ]);
  });

  it("each point is the mean PoA (and CI half-width) of the samples run with that knob value", () => {
    const direct = poaSummary(
      poaRows(SAMPLES, {
        ...BASE,
        slurm: { ...BASE.slurm, defaultQueueDepth: 1 },
        priority: { favorSmall: false },
      }).map((r) => r.PoA),
    );
    const p = s.queueDepth.find((q) => q.series === "default_queue_depth, favour large" && q.x === 1)!;
    expect(p.y).toBeCloseTo(direct.mean, 12);
    expect(p.err).toBeCloseTo(direct.ciHigh - direct.mean, 12);
  });

  it("keeps each point's per-sample PoA and a baseline per order (the knobs as given, recorded planned times)", () => {
    const direct = (o: object) => poaRows(SAMPLES, { ...BASE, ...o }).map((r) => r.PoA);
    expect(s.baseline.map((b) => b.series)).toEqual(["baseline, favour small", "baseline, favour large"]);
    expect(s.baseline[1].values).toEqual(direct({ priority: { favorSmall: false } }));
    const p = s.planned.find((q) => q.series === "planned factor, favour small" && q.x === 2)!;
    expect(p.values).toEqual(direct({ plannedFactor: 2, priority: { favorSmall: true } }));
    expect(p.values).toHaveLength(SAMPLES.length);
  });

  it("sensitivityRows lists every point", () => {
    expect(sensitivityRows(s)).toHaveLength(6 + 4 + 4);
    expect(sensitivityRows(s)[0]).toEqual({
      sweep: "bf_max_job_test, favour small",
      value: 1,
      meanPoA: s.backfill[0].y,
      ci95: s.backfill[0].err,
    });
  });
});
