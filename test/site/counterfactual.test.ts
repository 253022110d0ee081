import { describe, expect, it } from "vitest";
import { counterfactual } from "../../lib/site/counterfactual";
import { loadSite } from "../../lib/site/site-model";

// The committed real counterfactual (data/site/*/README.md): the same 240 jobs on the local Slurm
// 22.05 under PriorityWeightFairshare=0 and =10000; the live run is test/integration/site-counterfactual.test.ts.
const base = loadSite("data/site/fairshare-0"),
  next = loadSite("data/site/fairshare-high");

describe("counterfactual on the recorded pair", () => {
  const rows = counterfactual(base, next);

  it("reads two exports of one workload that differ in PriorityWeightFairshare only", () => {
    expect(base.jobs.length).toBe(next.jobs.length);
    expect(base.settings.weights.fairShare).toBe(0);
    expect(next.settings.weights.fairShare).toBeGreaterThan(0);
    expect({ ...base.settings, weights: null }).toEqual({ ...next.settings, weights: null });
    expect(rows.map((r) => r.account).sort()).toEqual(["astro", "bio", "chem", "physics"]);
  });

  it("predicts the sign of every real change larger than the replay's error, and judges at least one", () => {
    expect(rows.filter((r) => r.outcome === "opposite sign")).toEqual([]);
    expect(rows.some((r) => r.outcome === "same sign")).toBe(true);
    for (const r of rows) expect(r.realChange).toBe(r.realNext - r.realBase);
  });

  it("is deterministic: the same seed gives the same rows", () => {
    expect(JSON.stringify(counterfactual(base, next))).toBe(JSON.stringify(rows));
  });

  it("refuses exports whose accounts differ", () => {
    const fixture = loadSite("test/fixtures/slurm/export");
    expect(() => counterfactual(base, fixture)).toThrow(/^invalid next: account /);
  });
});
