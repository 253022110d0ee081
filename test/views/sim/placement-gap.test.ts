import { describe, expect, it } from "vitest";
import {
  placementGapRows,
  placementGapText,
  type PlacementGapStudyRow,
} from "../../../views/sim/placement-gap";

const row = (
  source: string,
  sameStart: number,
  waitCounts: number,
  bsldCounts: number,
  bfResolution = 60,
): PlacementGapStudyRow => ({
  source,
  nodes: 100,
  bfResolution,
  jobs: 1000,
  sameStart,
  earlierWithCounts: 0.25,
  meanShift_h: 0.5,
  meanWaitNodes_h: 2,
  meanWaitCounts_h: waitCounts,
  meanBsldNodes: 10,
  meanBsldCounts: bsldCounts,
});

describe("placementGapRows", () => {
  it("shows the shares of starts and each metric's change with its direction", () => {
    const [r] = placementGapRows([row("A", 0.5, 3, 9.95)]);
    expect(r).toMatchObject({
      trace: "A",
      "same start": "50.0%",
      "earlier with counts": "25.0%",
      "bf_resolution (s)": 60,
      "later with counts": "25.0%",
      "wait, counts vs nodes": "+50.0% (higher)",
      "bsld, counts vs nodes": "-0.5% (inconclusive)",
    });
  });
});

describe("placementGapRows with no wait under node placement", () => {
  it("shows no percentage of a zero baseline", () => {
    const zero = { ...row("A", 1, 0, 10), meanWaitNodes_h: 0 };
    expect(placementGapRows([zero])[0]["wait, counts vs nodes"]).toBe("0.0% (equivalent)");
    expect(placementGapRows([{ ...zero, meanWaitCounts_h: 0.1 }])[0]["wait, counts vs nodes"]).toBe(
      "— (higher)",
    );
  });
});

describe("placementGapText", () => {
  it("gives the median and extreme shares of same starts and the traces by direction", () => {
    const text = placementGapText([row("A", 0.2, 3, 10), row("B", 0.6, 1, 12), row("C", 0.9, 3, 8)]);
    expect(text).toContain(
      "Over 3 traces (3,000 jobs, one run of each placement, Slurm's default bf_resolution of 60 s)",
    );
    expect(text).toContain(
      "a median 60.0% of jobs at node placement's second: from 20.0% (A) to 90.0% (C); a median 15.0% start " +
        "later with counts and 25.0% earlier.",
    );
    expect(text).toContain("Its mean wait is *higher* on 2 (A, C), *lower* on 1 (B);");
    expect(text).toContain(
      "its mean bounded slowdown *higher* on 1 (B), *lower* on 1 (C), *equivalent* on 1 (A)",
    );
    expect(text).not.toContain("Rows read from");
    expect(text).not.toContain("Post-hoc");
  });
  it("labels the other bf_resolutions a post-hoc check, and needs the default one", () => {
    const rows = [
      row("A", 0.2, 3, 10),
      row("A", 0.5, 1.5, 10, 1),
      row("B", 0.6, 2, 12),
      row("B", 0.7, 2.5, 12, 1),
    ];
    const text = placementGapText(rows);
    expect(text).toContain("Over 2 traces (2,000 jobs");
    expect(text).toContain(
      "*Post-hoc check* (chosen after seeing these results): at bf_resolution 1 s (2 traces) a median 15.0% " +
        "start later with counts and 25.0% earlier, and the mean wait with counts is *higher* on 1 (B), *lower* on 1 (A).",
    );
    expect(() => placementGapText(rows.filter((r) => r.bfResolution === 1))).toThrow(
      /^invalid rows: "2 rows"; expected placementGap's rows at Slurm's default bf_resolution \(60 s\)$/,
    );
  });
  it("says where the rows come from and how to recompute them", () => {
    const text = placementGapText([row("A", 0.2, 3, 10)], {
      file: "data/studies/x.jsonl",
      study: "studies/x.json",
    });
    expect(text).toContain(
      "Rows read from `data/studies/x.jsonl` (the study `studies/x.json`); to recompute them: `npm run study -- " +
        "studies/x.json --workers 2` then copy `data/generated/studies/x/merged.jsonl` to `data/studies/x.jsonl` " +
        "and its `stamp.json` to `data/studies/x.stamp.json`.",
    );
  });
  it("refuses no rows", () => expect(() => placementGapText([])).toThrow(/^invalid rows: "0 rows"/));
});
