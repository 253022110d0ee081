import { describe, expect, it } from "vitest";
import type { JobSizeRow } from "../../../lib/operators/job-size-analysis";
import { paperOperators, relativeOperator } from "../../../lib/operators/operator";
import {
  minimumResolutionBits,
  operatorOrderings,
  unresolvedCells,
} from "../../../lib/operators/resolution-bits";
import {
  boundaryTable,
  equivalenceTable,
  inputDensityTable,
  resolutionOrderingTable,
  serializationTable,
} from "../../../views/operators/tables";
import { orderingTable, resolutionBitsTable } from "../../../views/operators/job-size-tables";
import { jobSizeHeatmap } from "../../../views/operators/figures";
import { createRng } from "../../../lib/util/rng";

const row = (operator: string, context: string, bits: number, jobHours: number): JobSizeRow => ({
  reading: 0,
  operator,
  context,
  bits,
  jobHours,
  share: jobHours / 5256000,
  target: 0.5,
  level: 0,
  cut: false,
  cells: 1,
  unreachable: 0,
  stuck: 0,
});
const rows: JobSizeRow[] = [
  row("A", "balance", 3, 5000),
  row("A", "balance", 4, 1500),
  row("B", "balance", 3, 3000),
  row("B", "balance", 4, 3000),
  row("A", "over target", 3, 100),
  row("A", "over target", 4, 50),
  row("B", "over target", 3, 100),
  row("B", "over target", 4, 10),
];

describe("Fig. 17 and orderings tables", () => {
  it("minimum bits, unresolved cells and agreement with a reference", () => {
    const bits = minimumResolutionBits(rows, 2000);
    expect(bits).toEqual([
      { operator: "A", bits: { balance: 4, "over target": 3 }, overall: 4 },
      { operator: "B", bits: { balance: null, "over target": 3 }, overall: null },
    ]);
    expect(unresolvedCells(bits)).toEqual({ unresolved: 1, cells: 4 });
    const t = resolutionBitsTable(bits, [
      { operator: "A", balance: 4, overTarget: 3, underTarget: 9, overall: 9 },
    ]);
    expect([t.agree, t.cells]).toEqual([2, 4]);
    expect(t.rows[1]["balance (ours)"]).toBe(">max");
  });
  it("orderings group ties and compare with the paper's lists", () => {
    const ord = operatorOrderings(rows);
    expect(ord.map((o) => o.groups)).toEqual([[["B"], ["A"]], [["A"], ["B"]], [["A", "B"]], [["B"], ["A"]]]);
    const t = orderingTable(ord, { balance: ["A", "B"], overTarget: ["B", "A"], underTarget: ["A", "B"] });
    expect(t[0]["identical at resolutions"]).toBe(1);
    expect(t[1]["identical at resolutions"]).toBe(1);
    expect(t[1]["concordant pairs (min–max over resolutions)"]).toBe("0–1 of 1");
  });
});

describe("other tables", () => {
  it("boundary, equivalence, serialisation and density tables", () => {
    const b = boundaryTable(
      paperOperators().slice(0, 2),
      { fail: ["Absolute"], comply: ["Relative"] },
      [0.5],
    );
    expect(b).toEqual([
      {
        operator: "Absolute",
        "F(0, 0.5)": -0.5,
        "F(0.5, 0)": 0.5,
        "complies (ours)": "no",
        "complies (paper)": "no",
      },
      {
        operator: "Relative",
        "F(0, 0.5)": -1,
        "F(0.5, 0)": 1,
        "complies (ours)": "yes",
        "complies (paper)": "yes",
      },
    ]);
    const users = [
      { target: 0.5, state: 0.3 },
      { target: 0.1, state: 0 },
    ];
    const e = equivalenceTable(paperOperators().slice(0, 2), relativeOperator(), users, createRng(1), 50);
    expect(e.map((r) => r["same G as Relative"])).toEqual(["no", "yes"]);
    expect(e[0]["pairs ordered opposite to Relative (of 1)"]).toBe(1);
    expect(serializationTable({ a: [0, 1] }, 10)[0].serialised).toBe("59");
    expect(resolutionOrderingTable({ u1: [0.505, -0.5], u2: [0.5, 0.3] }, [100])[0].correct).toBe("no");
    const d = inputDensityTable([{ operator: "X", levels: [-1, 0], density: [0.3, 0.7] }]);
    expect(d[0]["max |d(p_i) − d(p_(r−1−i))|"]).toBeCloseTo(0.4, 15);
  });
  it("the job-size heat map clamps to [1 h, cap] on a log scale", () => {
    const fig = jobSizeHeatmap(rows, "balance", "t", 10000);
    const trace = fig.data[0] as { z: (number | null)[][]; y: string[] };
    expect(trace.y).toEqual(["A", "B"]);
    expect(trace.z[0][0]).toBeCloseTo(Math.log10(5000), 12);
    expect(
      jobSizeHeatmap([row("A", "balance", 3, 0.5), row("A", "balance", 4, 1e9)], "balance", "t").data[0],
    ).toMatchObject({ z: [[0, 4]] });
  });
});
