import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadSite } from "../../lib/site/site-model";
import { jitterShifts, realFigures, replaySite } from "../../lib/site/replay";
import { compareReplays, replayRuns, whatIf, whatIfRuns } from "../../lib/site/what-if";
import { applySettingsChange } from "../../lib/site/site-settings";
import { replayFidelity, fidelityRun } from "../../lib/site/fidelity";
import { job, literalSite } from "./fixtures";

// the 9-job export of test/fixtures/slurm/export/README.md (sacct's quirks on a 2-node cluster)
const FIXTURE = "test/fixtures/slurm/export";

const site = loadSite(FIXTURE);

describe("replaySite", () => {
  it("replays every job once, each starting at or after its (jittered) eligible time", () => {
    const r = replaySite(site, site.settings, { jitterSeconds: 5, seed: 3 });
    expect(r.jobs.map((j) => j.id)).toEqual(site.jobs.map((j) => j.id));
    for (const j of r.jobs) {
      expect(j.start).toBeGreaterThanOrEqual(j.eligible);
      expect(Math.abs(j.eligible - j.realEligible)).toBeLessThanOrEqual(5);
    }
    expect(r.accounts.map((a) => [a.account, a.jobs])).toEqual([
      ["chem", 3],
      ["physics", 6],
    ]);
  });
  it("the real schedule's figures come from the export alone: waits, Jain's index, sacct's backfilled share", () => {
    const real = realFigures(site);
    // chem waits 3 (job 2), 10 (3), 13 (6); physics 3, 3, 0, 0 (the array: tasks 2 and 3 eligible
    // when 0 and 1 ended) and 13 (5), 12 (7)
    expect(real.accounts.map((a) => [a.account, a.medianWait, a.p90Wait])).toEqual([
      ["chem", 10, 12.4],
      ["physics", 3, 12.5],
    ]);
    expect(real.backfilledShare).toBe(1 / 9);
    expect(real.makespan).toBe(90); // 06:35:05 (first eligible) to 06:36:35 (job 7's end)
  });
  it("a job replayed alone on an idle machine starts when it becomes eligible", () => {
    const one = literalSite([job({ id: "1", eligible: 100, start: 160, end: 220, nodes: 2 })], 4);
    const r = replaySite(one, one.settings);
    expect([r.jobs[0].eligible, r.jobs[0].start, r.jobs[0].end, r.jobs[0].realStart]).toEqual([0, 0, 60, 60]);
    expect(fidelityRun(r)).toMatchObject({ withinInterval: 0, waitError: 1 }); // |0 − 60| / max(60, bf_interval 30)
  });
});

describe("jitter and paired runs", () => {
  it("jitter: whole seconds in [−J, J], the same for the same seed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer(),
        (n, J, seed) => {
          const a = jitterShifts(n, J, seed);
          expect(Array.from(a)).toEqual(Array.from(jitterShifts(n, J, seed)));
          for (const x of a) expect(Number.isInteger(x) && Math.abs(x) <= J).toBe(true);
        },
      ),
    );
    expect(() => jitterShifts(3, 1.5, 1)).toThrow(/^invalid jitterSeconds: 1\.5; expected an integer/);
  });
  it("the same seed gives byte-identical what-ifs; a setting against itself changes nothing", () => {
    const next = applySettingsChange(site.settings, { fairShare: "classic", weights: { age: 1000 } });
    const a = JSON.stringify(whatIf(site, site.settings, next, { runs: 4, seed: 7 }));
    expect(JSON.stringify(whatIf(site, site.settings, next, { runs: 4, seed: 7 }))).toBe(a);
    const runs = replayRuns(site, site.settings, whatIfRuns(site.settings, { runs: 3 }));
    const same = compareReplays(runs, runs);
    for (const acc of same.accounts)
      expect([acc.dMedian.outcome, acc.dMedian.mean, acc.dP90.mean]).toEqual(["equivalent", 0, 0]);
  });
  it("resolves the jitter from bf_intervals unless given in seconds", () => {
    expect(whatIfRuns(site.settings).jitterSeconds).toBe(5);
    expect(whatIfRuns(site.settings, { jitterIntervals: 2.5 }).jitterSeconds).toBe(13);
    expect(whatIfRuns(site.settings, { jitterSeconds: 0, jitterIntervals: 3 }).jitterSeconds).toBe(0);
  });
  it("the fidelity of the recorded export: every check computed over the runs", () => {
    const f = replayFidelity(site, replayRuns(site, site.settings, whatIfRuns(site.settings, { runs: 3 })));
    expect(f.checks.map((c) => c.n)).toEqual([3, 3, 3, 3]);
    expect(f.jobs).toBe(9);
    expect(f.outcome).not.toBe("passes"); // 9 jobs never pass
  });
});
