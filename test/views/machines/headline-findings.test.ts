import { describe, expect, it } from "vitest";
import { machineFindings } from "../../../lib/machines/findings";
import { realMachinesFindings } from "../../../views/machines/headline-findings";
import type { RealMachineRow } from "../../../lib/machines/real-machines";

const row = (k: number, over: Partial<RealMachineRow> = {}): RealMachineRow => ({
  source: "m",
  seed: 1 + (k % 3),
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

describe("realMachinesFindings", () => {
  const rows = [
    ...Array.from({ length: 30 }, (_, k) => row(k)),
    ...[1, 2, 3].map((seed) => row(30 + seed, { seed, special: true, TV_1A: 300 + seed, TP_1A: 120 })),
    ...Array.from({ length: 30 }, (_, k) => row(k, { source: "twin", TV_1B: 99, lambda: 4.5, PoA: 3 })),
  ];

  it("counts the machines by outcome and reading, from the data, and labels the twin's PoA as this study's", () => {
    const md = realMachinesFindings(machineFindings(rows), rows, { origin: "`r.jsonl`" }).split("\n");
    expect(md[0]).toBe(
      "**Findings on 2 machines** (60 ordinary samples from `r.jsonl`; `twin` is the synthetic twin of the " +
        "thesis's private data, the others are Parallel Workloads Archive logs; the thesis's values are MareNostrum4's):",
    );
    expect(md[1]).toContain("holds on 2 of 2 machines (mean TV_1B/TV_1A from 0.9000 to 0.9900)");
    expect(md[1]).toContain("(IR broken in at least one sample) on 2 of 2.");
    expect(md[2]).toBe(
      "- **TP_1A = λ·W** (the thesis's constant total payment, λ the clearing planned time), its share of samples " +
        "against the thesis's: on twin by construction (calibrated to the thesis's λ, input fact F4: not evidence); " +
        "on the 1 real machine agrees on 1 of 1 (m), differs on 0, inconclusive on 0.",
    );
    expect(md[3]).toMatch(
      /^- \*\*The PoA depends on the machine\*\* \(a ratio, so comparable with MareNostrum4's\): mean PoA from 1\.85 \(m\) to 3\.00 \(twin\), against the thesis's 1\.8\d \[1\.\d\d, 1\.\d\d\] \(Table 29, 15 ordinary samples\): agrees on 0 of 2, differs on 1, inconclusive on 1 \(m\)\./,
    );
    expect(md[3]).toContain(
      "The twin's 3.00 [3.00, 3.00] here is this study's PoA (its 30 samples, Table 5's knobs and Table 2's weights), " +
        "not notebook 10's Table 29 estimate",
    );
    expect(md[4]).toContain("1 of 2 as in the thesis (m), 0 unlike it, 1 undecided.");
    expect(md[5]).toBe(
      "- **Schedulers on real traces** (beyond the thesis): skipped: no trace found (the notice above says which and how to get them).",
    );
  });

  it("names the scheduler with the lowest mean bounded slowdown per trace, against FCFS", () => {
    const comparison = [
      { trace: "KTH", scheduler: "FCFS", jobs: 1500, meanBsld: 100 },
      { trace: "KTH", scheduler: "EASY", jobs: 1500, meanBsld: 8 },
    ];
    const md = realMachinesFindings(machineFindings(rows), rows, { comparison: comparison }).split("\n");
    expect(md[5]).toBe(
      "- **Schedulers on KTH** (first 1,500 jobs, one run each, beyond the thesis): EASY has the lowest mean bounded " +
        "slowdown, 8.0 against FCFS's 100.0 (12.5× lower).",
    );
    expect(realMachinesFindings([], [])).toMatch(/^\*\*No real-machines rows\*\*/);
  });
});
