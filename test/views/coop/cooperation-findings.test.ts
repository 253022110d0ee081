import { describe, expect, it } from "vitest";
import { coalitionGame } from "../../../lib/coop/coalition-game";
import { coalitionGameTables } from "../../../views/coop/coalition-game";
import { cooperationFindings, studyFilesNote } from "../../../views/coop/cooperation-findings";
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

describe("studyFilesNote", () => {
  it("names each committed results file read, its study and how to recompute it", () => {
    const note = studyFilesNote([
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
    ]);
    expect(note).toBe(
      "computed below in this notebook, except what is read from committed study results: the accuracy across " +
        "machines from `data/studies/planned-accuracy.jsonl` (1,200 rows of the study `studies/planned-accuracy.json`); " +
        "notebook 15's findings: `data/studies/real-machines.jsonl` not found, so skipped. To recompute them: " +
        "`npm run study -- studies/planned-accuracy.json --workers 2` then copy " +
        "`data/generated/studies/planned-accuracy/merged.jsonl` to `data/studies/planned-accuracy.jsonl` and its `stamp.json` to `data/studies/planned-accuracy.stamp.json`; " +
        "`npm run study -- studies/real-machines.json --workers 2` then copy " +
        "`data/generated/studies/real-machines/merged.jsonl` to `data/studies/real-machines.jsonl` and its `stamp.json` to `data/studies/real-machines.stamp.json` (data/studies/README.md)",
    );
    expect(studyFilesNote([])).toBe("every number computed below, in this notebook");
  });
});
