import { describe, expect, it } from "vitest";
import { contenderCells, defaultGrid, gridCell, runSiteGrid } from "../../lib/site/grid";
import { siteGridInput } from "../../lib/site/grid-input";
import { replaySite } from "../../lib/site/replay";
import { contender } from "../../lib/sim/contender";
import { createScheduler } from "../../lib/sim/create-scheduler";
import { FIFO_PRIORITY } from "../../lib/sim/priority";
import { readGridRows, siteGridRows } from "../../lib/site/grid-rows";
import { loadSite } from "../../lib/site/site-model";
import { siteGridStudyTask } from "../../lib/site/study-kind";
import { cellSettings, gridCells } from "../../views/site/findings";
import { OWN_SETTINGS } from "../../lib/site/config-diff";

// the 9-job export of test/fixtures/slurm/export/README.md (sacct's quirks on a 2-node cluster)
const FIXTURE = "test/fixtures/slurm/export";

const site = loadSite(FIXTURE);

describe("grid cells", () => {
  it("an axis value is absolute or a multiple of the site's own", () => {
    const c = gridCell(site.settings, {
      weightAge: "x2",
      weightFairShare: 0,
      halfLifeDays: 1,
      bfWindowMinutes: "x0.5",
      fairShare: "level-based",
    });
    expect(c.settings.weights).toMatchObject({ age: 200, fairShare: 0 });
    expect([c.settings.halfLifeSeconds, c.settings.bfWindow, c.settings.fairShare]).toEqual([
      86400,
      720,
      "level-based",
    ]);
    expect(c.params).toEqual({
      weightAge: "x2",
      weightFairShare: 0,
      halfLifeDays: 1,
      fairShare: "level-based",
      bfWindowMinutes: "x0.5",
    });
    expect(() => gridCell(site.settings, { weightAge: "double" })).toThrow(
      /^invalid weightAge: "double"; expected a number, or "x<k>"/,
    );
    expect(() => gridCell(site.settings, { favorSmall: "yes" })).toThrow(
      /^invalid favorSmall: "yes"; expected true or false$/,
    );
  });
  it("the default grid varies one knob at a time around the site's settings", () => {
    expect(defaultGrid(site.settings).map((c) => c.label)).toEqual([
      "PriorityWeightAge 100→0",
      "PriorityWeightAge 100→200",
      "PriorityWeightFairShare 1000→0",
      "PriorityWeightFairShare 1000→2000",
      "PriorityWeightJobSize 0→1000",
      "PriorityDecayHalfLife 7-00:00:00→1-00:00:00",
      "PriorityDecayHalfLife 7-00:00:00→28-00:00:00",
      "PriorityFavorSmall NO→YES",
      "PriorityFlags (none)→NO_FAIR_TREE",
      "PriorityFlags (none)→LEVEL_BASED",
      "bf_interval 5→3",
      "bf_interval 5→10",
      "bf_window 1440→360",
    ]);
  });
});

describe("grid runs and rows", () => {
  it("the same seed gives byte-identical rows (a study task, and a grid run here)", () => {
    const params = { source: FIXTURE, weightAge: "x2", fairShare: "classic", runs: 3, seed: 5 };
    expect(JSON.stringify(siteGridStudyTask(params))).toBe(JSON.stringify(siteGridStudyTask(params)));
    const cells = defaultGrid(site.settings).slice(0, 3);
    const a = JSON.stringify(siteGridRows(runSiteGrid(site, cells, { runs: 3, seed: 2 })));
    expect(JSON.stringify(siteGridRows(runSiteGrid(site, cells, { runs: 3, seed: 2 })))).toBe(a);
  });
  it("rows: two wait figures per account and eight schedule figures per cell, each with the task's source and axes", () => {
    const rows = siteGridStudyTask({ source: FIXTURE, bfInterval: "x2", runs: 2, seed: 1 });
    expect(rows.length).toBe(2 * 2 + 8);
    expect(rows[0]).toMatchObject({
      source: "test/fixtures/slurm/export",
      bfInterval: "x2",
      cell: "bf_interval 5→10",
      account: "chem",
      figure: "median wait",
      runs: 2,
    });
    const read = readGridRows(rows);
    expect(read[0].params).toEqual({ bfInterval: "x2" });
    expect(cellSettings(site, read, "bf_interval 5→10").bfInterval).toBe(10);
    expect(gridCells(site, read).map((c) => c.label)).toEqual(["bf_interval 5→10"]);
    expect(() => readGridRows([{ ...rows[0], jobs: "3" }])).toThrow(
      /^invalid grid row 0: "jobs: \\"3\\""; expected a row written by siteGridRows$/,
    );
  });
});

describe("rerankSetting", () => {
  it("the chosen setting when it changes the weights, else the first cell that does", async () => {
    const { rerankSetting } = await import("../../views/site/findings");
    const cells = defaultGrid(site.settings);
    expect(rerankSetting(site, OWN_SETTINGS, cells).label).toBe("PriorityWeightAge 100→0");
    expect(rerankSetting(site, "PriorityWeightJobSize 0→1000", cells).label).toBe(
      "PriorityWeightJobSize 0→1000",
    );
    expect(rerankSetting(site, "bf_interval 5→10", cells).label).toBe("PriorityWeightAge 100→0");
    expect(rerankSetting(site, OWN_SETTINGS, []).label).toBe(OWN_SETTINGS);
  });
});

describe("your schedulers in the what-if", () => {
  const fcfs = contender("FCFS (yours)", () => createScheduler({ name: "fcfs" }), FIFO_PRIORITY);

  it("a replay runs the contender's scheduler; one that leaves both out replays as Slurm's", () => {
    const slurm = replaySite(site, site.settings);
    const own = replaySite(site, site.settings, { contender: contender("own", undefined) });
    expect(own.jobs).toEqual(slurm.jobs);
    expect(replaySite(site, site.settings, { contender: fcfs }).simulation.result.scheduler).toBe("fcfs");
  });

  it("sets each contender against Slurm's under the site's settings, on the grid's own base runs", () => {
    const plain = siteGridInput(site, { runs: 2 });
    const withYours = siteGridInput(site, { runs: 2, contenders: [fcfs] });
    expect(withYours.rows).toEqual(plain.rows);
    expect(new Set(withYours.yours.map((r) => r.cell))).toEqual(new Set(["FCFS (yours)"]));
    // the same rows as the contender's cell run alone against the same base runs
    const alone = readGridRows(
      siteGridRows(runSiteGrid(site, contenderCells(site.settings, [fcfs]), { runs: 2 })).map((r) => ({
        ...r,
        source: site.source,
      })),
    );
    expect(withYours.yours).toEqual(alone);
    expect(contenderCells(site.settings, [fcfs])[0]).toMatchObject({
      label: "FCFS (yours)",
      params: { scheduler: "FCFS (yours)" },
      settings: site.settings,
    });
  });
});
