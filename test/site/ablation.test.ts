import { describe, expect, it } from "vitest";
import { siteAblation } from "../../lib/site/ablation";
import { job, literalSite } from "./fixtures";

// n1: 4 CPUs, 8000 MiB, no GPU; n2: 4 CPUs, 32000 MiB, 2 GPUs. a holds both GPUs over [0, 300); b asks
// one GPU from 1 and really started at 300, when a ended.
const machine = [
  { name: "n1", cpus: 4, memoryMiB: 8000, gpus: 0, features: ["intel"], partitions: ["p"] },
  { name: "n2", cpus: 4, memoryMiB: 32000, gpus: 2, features: ["amd"], partitions: ["p"] },
];
const site = literalSite(
  [
    job({ id: "a", eligible: 0, start: 0, end: 300, nodes: 1, cpus: 1, reqCpus: 1, reqGpus: 2, limit: 600 }),
    job({
      id: "b",
      account: "b",
      eligible: 1,
      start: 300,
      end: 310,
      nodes: 1,
      cpus: 1,
      reqCpus: 1,
      reqGpus: 1,
      limit: 600,
    }),
  ],
  2,
);
site.machine = { ...site.machine, coresPerNode: 4, model: "shared nodes", tres: machine };
site.settings = {
  ...site.settings,
  selectType: "select/cons_tres",
  selectTypeParameters: ["CR_CORE_MEMORY"],
};

describe("the ablation: each part of the model turned off in turn", () => {
  const a = siteAblation(site, { runs: 2, jitterSeconds: 0 });
  const row = (part: string) => a.rows.find((r) => r.part === part)!;
  it("the full model starts both jobs at their real second", () => {
    expect(a.full.withinInterval.mean).toBe(1);
  });
  it("without GPUs b starts at once on n1: half the jobs within one bf_interval, b's wait about 299 s shorter", () => {
    const g = row("GPUs");
    expect([g.inPlay, g.touches, g.withinInterval.mean, g.dWithin.mean, g.dWithin.outcome]).toEqual([
      true,
      2,
      0.5,
      -0.5,
      "lower",
    ]);
    // each eligible instant lies anywhere in its second: b's wait in the full model is 299 s plus a's
    // part of a second less its own, and 0 without GPUs
    const [ga, gb] = g.accounts;
    expect([ga.account, ga.medianWait.mean, ga.dMedian.mean, gb.account, gb.medianWait.mean]).toEqual([
      "a",
      0,
      0,
      "b",
      0,
    ]);
    expect(gb.dMedian.mean).toBeGreaterThan(-300);
    expect(gb.dMedian.mean).toBeLessThan(-298);
    expect(gb.dMedian.outcome).toBe("lower");
  });
  it("a part with nothing to turn off is not run and says so", () => {
    for (const p of ["memory", "features", "topology", "bf_continue"])
      expect([p, row(p).inPlay, row(p).dWithin.mean]).toEqual([p, false, 0]);
    expect(row("per-core sharing").touches).toBe(2);
  });
});
