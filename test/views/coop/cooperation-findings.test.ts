import { describe, expect, it } from "vitest";
import { coalitionGame } from "../../../lib/coop/coalition-game";
import { coalitionGameTables } from "../../../views/coop/coalition-game";
import {
  cooperationFindings,
  studyFilesNote,
  studyFilesRefresh,
} from "../../../views/coop/cooperation-findings";
import { worstDeviationTable } from "../../../views/coop/deviations";
import { worstDeviations, worstUnilateralDeviation } from "../../../lib/coop/deviations";
import { greedyRule } from "../../../lib/mechanism/greedy";
import { makeInstance } from "../../../lib/mechanism/instance";
import { createRng } from "../../../lib/util/rng";

describe("worstDeviations and their table", () => {
  it("is worstUnilateralDeviation per payment rule, shown with its headings", () => {
    const inst = makeInstance({ weights: [6, 5, 4], bids: [60, 45, 4], capacity: 10 });
    const found = worstDeviations(inst, greedyRule(), ["clarke"], { factors: [0, 2] });
    const w = worstUnilateralDeviation(inst, { rule: greedyRule(), payment: "clarke" }, [0, 2], [0, 1, 2]);
    expect(found).toEqual([{ payment: "clarke", ...w }]);
    // the table: the same numbers under the headings a reader sees, the misreport named as such
    const d = {
      payment: "clarke",
      truthfulWelfare: 105,
      worstWelfare: 60,
      ratio: 1.75,
      player: 1,
      value: 45,
      bid: 0,
      tried: 6,
    };
    const [row] = worstDeviationTable([d]);
    expect(Object.keys(row)).toEqual([
      "payment",
      "truthful welfare",
      "worst welfare found",
      "ratio (lower bound on a worst-equilibrium loss)",
      "player",
      "value",
      "misreport",
      "tried",
    ]);
    expect(Object.values(row)).toEqual(["clarke", 105, 60, 1.75, 1, 45, 0, 6]);
  });
});

describe("coalitionGame", () => {
  const jobs = [
    { user: "a", nodes: 2, limit: 100, submit: 0 },
    { user: "b", nodes: 2, limit: 80, submit: 10 },
    { user: "c", nodes: 1, limit: 50, submit: 20 },
    { user: "c", nodes: 3, limit: 10, submit: 999_999 },
  ];
  it("plays the small and the large game and reads the small one", () => {
    const game = coalitionGame(jobs, { capacity: 3, users: 2, rng: createRng(1) });
    expect(game.players).toEqual({ small: { users: 2, jobs: 2 }, large: { users: 3, jobs: 3 } });
    expect(game.alone.users.size).toBe(2);
    const g = coalitionGameTables(game);
    expect(g.core.map((r) => r.users)).toEqual([2, 3]);
    expect(g.core.map((r) => r.jobs)).toEqual([2, 3]);
    expect(g.gains.map((r) => r.user).sort()).toEqual(["a", "b"]);
    expect(g.note).toMatch(/^Pooling budgets (raises|lowers) the users' total utility in the small game \(/);
  });
  it("refuses an empty round", () => {
    expect(() => coalitionGame(jobs, { capacity: 3, hours: 0, rng: createRng(1) })).toThrow(
      /^invalid hours: /,
    );
  });
});

describe("cooperationFindings", () => {
  it("one bullet per finding, with sizes", () => {
    const md = cooperationFindings({
      sampleRows: [
        { alpha: 0, realisedTV: 100 },
        { alpha: 1, realisedTV: 102 },
      ],
      accuracy: {},
      accuracyMachines: [],
      budget: [],
      counterexample: [],
      slack: [
        { kappa: 0.5, payLessShare: 0.9 },
        { kappa: 1.5, payLessShare: 1 },
      ],
      worst: [
        {
          payment: "critical",
          tried: 12,
          ratio: 1.25,
          truthfulWelfare: 100,
          worstWelfare: 80,
          player: 3,
          value: 10,
          bid: 0,
        },
      ],
      conclusions: [],
    });
    expect(md.split("\n")).toEqual([
      "**Findings** (thesis Sections 6.5, 7 and 8; every number computed below, in this notebook):",
      "- On the thesis's samples (all jobs at t = 0) the first iteration's realised work changes by +2.0 %: the thesis's own setting cannot show the effect.",
      "- Under critical payments 90.0 %–100.0 % of the winners pay less than their bid as the others' bids scale.",
      "- Worst unilateral deviation (critical payments, 12 misreports tried): welfare falls by 20.00 %.",
    ]);
  });
});

describe("cooperationFindings across machines", () => {
  it("says the verdicts rest on one run per machine at its two ends, names an uneven path, and that wait is not welfare", () => {
    const row = (source: string, alpha: number, meanBsld: number) =>
      ({
        source,
        target: 1,
        alpha,
        mode: "all",
        group: "all",
        jobs: 5000,
        killed: 0,
        meanWait: meanBsld,
        meanBsld,
      }) as never;
    const study = [row("R", 0, 10), row("R", 0.5, 13.3), row("R", 1, 7.6), row("S", 0, 10), row("S", 1, 8)];
    const machines = [
      {
        source: "R",
        target: 1,
        jobs: 5000,
        waitChange: -0.24,
        bsldChange: -0.24,
        killedAtOne: 0,
        wait: "lower",
        bsld: "lower",
        verdict: "helps",
      },
      {
        source: "S",
        target: 1,
        jobs: 5000,
        waitChange: -0.2,
        bsldChange: -0.2,
        killedAtOne: 0,
        wait: "lower",
        bsld: "lower",
        verdict: "helps",
      },
    ] as never;
    const md = cooperationFindings({
      sampleRows: [],
      accuracy: {},
      accuracyMachines: machines,
      accuracyStudy: study,
      budget: [],
      counterexample: [],
      slack: [],
      worst: [],
      conclusions: [],
    });
    expect(md).toContain(
      "- Across 2 machines (one run each, read from the study) moving the planned times all the way to the run times " +
        "(α = 0 → 1) *helps* on 2 (R, S), *hurts* on 0, *no effect* on 0 and *inconclusive* on 0. That rests on one run " +
        "per machine compared at its two ends: on 1 of them the bounded slowdown does not move one way in between " +
        "(R: 1.00 → 1.33 → 0.76 of α = 0's); and it measures wait and bounded slowdown, not the social welfare §7 claims accurate planned times raise.",
    );
  });
});

describe("studyFilesNote", () => {
  const read = [
    {
      what: "the accuracy across machines",
      file: "data/studies/planned-accuracy.jsonl",
      study: "studies/planned-accuracy.json",
      rows: 1200,
    },
    {
      what: "notebook 15's findings",
      file: "data/studies/real-machines.jsonl",
      study: "studies/real-machines.json",
      rows: 0,
    },
  ];
  it("names each committed results file read and its study; how to recompute them is said apart (the findings stay short)", () => {
    expect(studyFilesNote(read)).toBe(
      "computed below in this notebook, except what is read from committed study results: the accuracy across " +
        "machines from `data/studies/planned-accuracy.jsonl` (1,200 rows of the study `studies/planned-accuracy.json`); " +
        "notebook 15's findings: `data/studies/real-machines.jsonl` not found, so skipped",
    );
    expect(studyFilesRefresh(read)).toBe(
      "To recompute the committed study results read above: " +
        "`npm run study -- studies/planned-accuracy.json --workers 2` then copy " +
        "`data/generated/studies/planned-accuracy/merged.jsonl` to `data/studies/planned-accuracy.jsonl` and its `stamp.json` to `data/studies/planned-accuracy.stamp.json`; " +
        "`npm run study -- studies/real-machines.json --workers 2` then copy " +
        "`data/generated/studies/real-machines/merged.jsonl` to `data/studies/real-machines.jsonl` and its `stamp.json` to `data/studies/real-machines.stamp.json` (data/studies/README.md).",
    );
    expect(studyFilesNote([])).toBe("every number computed below, in this notebook");
    expect(studyFilesRefresh([])).toBe("");
  });
});
