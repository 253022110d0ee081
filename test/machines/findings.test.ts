import { describe, expect, it } from "vitest";
import { FINDINGS, machineFindings } from "../../lib/machines/findings";
import { findingOutcome, findingsGrid, findingsTable } from "../../views/machines/findings";
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

// 3 seeds × 12 ordinary samples and one special sample each
const machine = (
  over: (k: number) => Partial<RealMachineRow>,
  special: (seed: number) => Partial<RealMachineRow>,
) => [
  ...[1, 2, 3].flatMap((seed) => [
    ...Array.from({ length: 12 }, (_, k) => row(k, { seed, ...over(k) })),
    row(12, { seed, special: true, ...special(seed) }),
  ]),
];

describe("machineFindings", () => {
  it("decides each finding by lib/agreement and reads it against the thesis", () => {
    const f = machineFindings(
      machine(
        () => ({}),
        (seed) => ({ TV_1A: 300 + seed, TP_1A: 120 }),
      ),
    );
    expect(f.map((x) => [x.finding, findingOutcome(x), x.reading])).toEqual([
      [FINDINGS.greedy, "holds", "as in the thesis"],
      [FINDINGS.ir, "IR fails", "as in the thesis"],
      [FINDINGS.tp, "agrees", "as in the thesis"],
      [FINDINGS.poa, "inconclusive", "undecided"],
      [FINDINGS.special, "TV_1A higher, TP_1A higher", "as in the thesis"],
    ]);
    expect(f[1].evidence).toEqual({
      kind: "ir",
      outcome: "fails",
      broken: 18,
      n: 36,
      thesisBroken: 15,
      thesisN: 15,
    });
    const t = findingsTable(f);
    expect(t[1].estimate).toBe("IR broken in 18/36 samples; the thesis's: 15/15");
    expect(t[2].estimate).toMatch(/^36\/36 samples, the thesis's 15\/15 \(ours − thesis 0\.000 \[/);
    expect(t[3].estimate).toMatch(
      /; the thesis's \(MareNostrum4\) 1\.8\d \[\d\.\d+, \d\.\d+\]; ours \/ thesis /,
    );
    expect(f[4].samples).toBe(3);
    expect(t[4].estimate).toMatch(/^special \/ ordinary − 1 over 3 seeds: TV_1A \+20\d\.\d% \[/);
    expect(findingsGrid(f)).toEqual([
      {
        source: "m",
        [FINDINGS.greedy]: "as in the thesis",
        [FINDINGS.ir]: "as in the thesis",
        [FINDINGS.tp]: "as in the thesis",
        [FINDINGS.poa]: "undecided",
        [FINDINGS.special]: "as in the thesis",
      },
    ]);
  });
  it("reads counterexamples, another share, a far PoA and an unchanged special sample as unlike the thesis", () => {
    const bad = machineFindings(
      machine(
        (k) => ({ TV_1B: 70, lambda: 4.5, PM_2B: 0, PoA: 3 + (k % 2) * 0.1 }),
        () => ({ TV_1A: 100, TP_1A: 40 }),
      ),
    );
    expect(bad.map((x) => [findingOutcome(x), x.reading])).toEqual([
      ["fails", "unlike the thesis"],
      ["IR holds", "unlike the thesis"],
      ["differs", "unlike the thesis"],
      ["differs", "unlike the thesis"],
      ["TV_1A equivalent, TP_1A equivalent", "unlike the thesis"],
    ]);
  });
  it("a machine without special samples is not computed there", () => {
    const f = machineFindings(Array.from({ length: 5 }, (_, k) => row(k)));
    expect(f[4]).toMatchObject({
      samples: 0,
      reading: "undecided",
      evidence: { seeds: 0, tv: null, tp: null },
    });
    expect(findingOutcome(f[4])).toBe("not computed");
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
