import { describe, expect, it } from "vitest";
import { baselineStarts } from "../../lib/site/baselines";
import { baselineRun } from "../../lib/site/fidelity";
import { replaySite } from "../../lib/site/replay";
import { job, literalSite } from "./fixtures";

// Four one-core nodes. A: 4 CPUs from 0 for 100 s; B: 2 CPUs eligible at 10 for 50 s; C: 2 CPUs
// eligible at 20 for 10 s; D: 1 CPU eligible at 30 for 5 s, which backfill could start at once.
const jobs = [
  job({ id: "1", eligible: 0, start: 0, end: 100, nodes: 4 }),
  job({ id: "2", eligible: 10, start: 100, end: 150, nodes: 2 }),
  job({ id: "3", eligible: 20, start: 100, end: 110, nodes: 2 }),
  job({ id: "4", eligible: 30, start: 110, end: 115, nodes: 1 }),
];
const site = literalSite(jobs, 4);

describe("the predictors a replay must beat", () => {
  it("start = submit: every job at its eligible time (from the first)", () => {
    expect([...baselineStarts(site, "start = submit")]).toEqual([0, 10, 20, 30]);
  });
  it("FCFS on the pool: in order, none before the job ahead, each when its CPUs are free", () => {
    // A holds all 4 CPUs until 100; B and C then fit together (2 + 2); D waits for C's end at 110
    expect([...baselineStarts(site, "FCFS on the pool")]).toEqual([0, 100, 100, 110]);
  });
  it("a job wider than the pool takes the whole pool", () => {
    const wide = literalSite([job({ id: "1", eligible: 0, start: 0, end: 10, nodes: 8 })], 4);
    expect([...baselineStarts(wide, "FCFS on the pool")]).toEqual([0]);
  });
  it("judged as a replay is: FCFS meets every real start here, start = submit one of four", () => {
    const replay = replaySite(site, site.settings);
    expect(baselineRun(site, replay, "FCFS on the pool").withinInterval).toBe(1);
    // within one bf_interval (30 s): only A (0 = 0)
    expect(baselineRun(site, replay, "start = submit").withinInterval).toBe(0.25);
  });
});
