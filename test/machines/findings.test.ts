import { describe, expect, it } from "vitest";
import { findingsGrid, findingsTable, realMachinesFindings } from "../../lib/machines/findings";
import type { RealMachineRow } from "../../lib/machines/real-machines";
import { modalMinutes, sampleFeatures } from "../../lib/machines/real-machines";

const row = (k: number, over: Partial<RealMachineRow> = {}): RealMachineRow => ({
  source: "m",
  seed: 1,
  sample: k,
  special: false,
  W: 10,
  n: 5,
  beta: 0.2,
  TV_1A: 100,
  TV_1B: 90,
  TP_1A: 40,
  lambda: 4,
  PM_2B: k % 2,
  PM_3B: 0,
  TV_sim: 50,
  PoA: 1.8 + (k % 3) * 0.05,
  plannedMedianNodeWeighted: 40,
  meanWidth: 0.1,
  plannedOverReal: 2,
  ...over,
});

describe("findingsTable", () => {
  it("applies each stated rule", () => {
    const rows = [
      ...Array.from({ length: 30 }, (_, k) => row(k)),
      row(30, { special: true, PoA: 5, TV_1A: 300, TP_1A: 120 }),
    ];
    const f = findingsTable(rows);
    expect(f.map((x) => [x.finding, x.verdict])).toEqual([
      ["1A ≈ 1B (greedy within 1 − β)", "holds"],
      ["2B/3B break IR under Clarke payments", "holds"],
      ["TP_1A = λ·W", "holds"],
      ["PoA against the thesis's Table 29", "within noise"],
      ["the special sample differs (TV, payments)", "holds"],
    ]);
    const bad = findingsTable([
      ...Array.from({ length: 30 }, (_, k) =>
        row(k, { TV_1B: 70, lambda: 4.5, PM_2B: 0, PoA: 3 + (k % 2) * 0.1 }),
      ),
      row(30, { special: true, PoA: 3.05 }),
    ]);
    expect(bad.map((x) => x.verdict)).toEqual([
      "fails",
      "fails",
      "fails",
      "differs (causes not tested here)",
      "fails",
    ]);
    expect(findingsGrid(f)).toEqual([
      {
        source: "m",
        "1A ≈ 1B (greedy within 1 − β)": "holds",
        "2B/3B break IR under Clarke payments": "holds",
        "TP_1A = λ·W": "holds",
        "PoA against the thesis's Table 29": "within noise",
        "the special sample differs (TV, payments)": "holds",
      },
    ]);
  });
});

describe("realMachinesFindings", () => {
  const rows = [
    ...Array.from({ length: 30 }, (_, k) => row(k)),
    row(30, { special: true, PoA: 5, TV_1A: 300, TP_1A: 120 }),
    ...Array.from({ length: 30 }, (_, k) => row(k, { source: "p", TV_1B: 99, lambda: 4.5, PoA: 3 })),
  ];

  it("counts the machines where each finding holds and gives the PoA's range, from the data", () => {
    const md = realMachinesFindings(findingsTable(rows), rows, { origin: "`r.jsonl`" }).split("\n");
    expect(md[0]).toBe(
      "**Findings on 2 machines** (60 ordinary samples from `r.jsonl`; `twin` is the synthetic twin of the " +
        "thesis's private data, the others are Parallel Workloads Archive logs):",
    );
    expect(md[1]).toContain("holds on 2 of 2 machines (mean TV_1B/TV_1A from 0.9000 to 0.9900)");
    expect(md[2]).toContain("holds on 1 of 2 (m); elsewhere λ = TP_1A / W is not a whole number of minutes.");
    expect(md[3]).toMatch(
      /^- \*\*The PoA depends on the machine\*\*: mean PoA from 1\.85 \(m\) to 3\.00 \(p\)/,
    );
    expect(md[3]).toContain("within noise of the thesis on 1 of 2 (m).");
    expect(md[4]).toContain("on 1 of 2 (m).");
    expect(md[5]).toBe(
      "- **Schedulers on real traces** (beyond the thesis): skipped: no trace found (the notice above says which and how to get them).",
    );
  });

  it("names the scheduler with the lowest mean bounded slowdown per trace, against FCFS", () => {
    const comparison = [
      { trace: "KTH", scheduler: "FCFS", jobs: 1500, meanBsld: 100 },
      { trace: "KTH", scheduler: "EASY", jobs: 1500, meanBsld: 8 },
    ];
    const md = realMachinesFindings(findingsTable(rows), rows, { comparison: comparison }).split("\n");
    expect(md[5]).toBe(
      "- **Schedulers on KTH** (first 1,500 jobs, beyond the thesis): EASY has the lowest mean bounded " +
        "slowdown, 8.0 against FCFS's 100.0 (12.5× lower).",
    );
    expect(realMachinesFindings([], [])).toMatch(/^\*\*No real-machines rows\*\*/);
  });
});

describe("sample features", () => {
  it("computes the node-weighted median planned time, width, planned/real ratio and β; the modal planned time", () => {
    const jobs = [
      { minutes: 40, rtime: 20, nnodes: 1 },
      { minutes: 120, rtime: 60, nnodes: 3 },
      { minutes: 40, rtime: 40, nnodes: 1 },
    ] as never;
    expect(sampleFeatures(jobs, 10)).toEqual({
      plannedMedianNodeWeighted: 120,
      meanWidth: 5 / 30,
      plannedOverReal: 2,
      beta: 0.3,
    });
    expect(modalMinutes(jobs)).toBe(40);
  });
});
