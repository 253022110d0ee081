import { describe, expect, it } from "vitest";
import { job } from "../sample/fixtures";
import type { ResultsFile } from "../../lib/scorecard/results-file";
import { simNotes } from "../../lib/sim/notes";
import type { PoaRow } from "../../lib/sim/poa";
import type { PoaDecompositionRow } from "../../lib/sim/poa-decomposition";
import type { SweepPoint } from "../../lib/sim/sensitivity";

const decRow = (step: PoaDecompositionRow["step"], factor: string, mean: number, delta: number) => ({
  step,
  factor,
  from: "a",
  value: "b",
  mean,
  ciLow: mean - 0.05,
  ciHigh: mean + 0.05,
  delta,
  values: [mean, mean],
});

describe("simNotes.decomposition", () => {
  it("says no factor moves the PoA when every change is below the printed precision", () => {
    const rows = [decRow("base", "—", 1.6371, 0), decRow("one", "bfPhase", 1.6372, 0.0001)];
    expect(simNotes.decomposition(rows)).toBe(
      "All 2 rows give PoA 1.637 over 2 samples (95% intervals up to ±0.050): no factor moves it by 0.01 " +
        "(the thesis's printed precision) on these samples.",
    );
  });
  it("names the factors that move it", () => {
    const rows = [decRow("base", "—", 1.6, 0), decRow("one", "weights", 1.7, 0.1)];
    expect(simNotes.decomposition(rows)).toBe(
      "All 2 rows give a mean PoA from 1.600 to 1.700 over 2 samples (95% intervals up to ±0.050): " +
        "weights move it by 0.01 or more on these samples.",
    );
  });
  it("refuses no rows", () => {
    expect(() => simNotes.decomposition([])).toThrow(/^invalid rows: .*; expected poaDecomposition's rows/);
  });
});

const pt = (series: string, x: number, y: number, err = 0.1): SweepPoint => ({ x, y, err, series });

describe("simNotes.sensitivity", () => {
  it("compares each family's widest spread within a series with its intervals", () => {
    const text = simNotes.sensitivity({
      backfill: [
        pt("b small", 1, 1.6),
        pt("b small", 100, 1.602),
        pt("b large", 1, 1.7),
        pt("b large", 100, 1.7),
      ],
      queueDepth: [pt("q", 10, 1.5), pt("q", 100, 1.8)],
      planned: [pt("p", 1, 1.8), pt("p", 2, 1.8)],
    });
    expect(text).toBe(
      "Backfill knobs (bf_max_job_test, bf_window): the means within a series differ by at most 0.002, " +
        "less than the 95% intervals (±0.100 or wider): they do not move the PoA on these samples; " +
        "default_queue_depth: the means within a series differ by at most 0.300, more than the 95% intervals " +
        "(±0.100 or wider); planned time = run time × f (f = 1, 2): the means within a series differ by at " +
        "most 0.000, less than the 95% intervals (±0.100 or wider): the PoA hardly depends on the planned " +
        "times' scale, so this sweep cannot answer §6.5's question here.",
    );
  });
});

describe("simNotes.favourOrder", () => {
  it("reads the order's effect off the two intervals", () => {
    const a = { mean: 1.59, ciLow: 1.5, ciHigh: 1.69 };
    expect(simNotes.favourOrder(a, { mean: 1.66, ciLow: 1.6, ciHigh: 1.74 }, true)).toBe(
      "Mean PoA with favorSmall = true: **1.59 [1.50, 1.69]**; with favorSmall = false: **1.66 [1.60, 1.74]**; " +
        "the intervals overlap, so on these samples the order's effect is not told apart from noise.",
    );
    expect(simNotes.favourOrder(a, { mean: 2, ciLow: 1.9, ciHigh: 2.1 }, false)).toMatch(
      /favorSmall = false: \*\*1\.59.*favorSmall = true: \*\*2\.00 \[1\.90, 2\.10\]\*\*; the intervals do not overlap/,
    );
  });
});

const rec = (id: string, nnodes: number, minutes: number) => job(id, nnodes, minutes, minutes);

describe("simNotes.swfExcerpt", () => {
  it("shows the first lines of the swf2trace input and marks the rest", () => {
    const jobs = [rec("a", 2, 10), rec("b", 3, 20), rec("c", 4, 30)];
    const text = simNotes.swfExcerpt(jobs, 2);
    expect(text.split("\n")).toHaveLength(5);
    expect(text).toMatch(/^```\n1,.*\n2,.*\n…\n```$/);
    expect(simNotes.swfExcerpt(jobs, 3)).not.toContain("…");
  });
});

const poaRow = (sample: string, TV: number, TV_1B1: number): PoaRow => ({
  sample,
  jobs: 10,
  TV,
  TV_t0: TV,
  TV_1B1,
  TV_1B2: TV_1B1,
  TV_1B3: TV * 0.99,
  TV_1A: TV_1B1,
  PoA: TV_1B1 / TV,
  PoA_exact: TV_1B1 / TV,
});

describe("simNotes.findings", () => {
  const rows = [poaRow("sample_1.txt", 250000, 400000), poaRow("sample_2.txt", 260000, 420000)];
  const many = [0, 1, 2, 3].map((k) => ({ ...poaRow(`s${k}`, 255000 + k * 1000, 410000 + k * 2000) }));
  const results: ResultsFile = {
    notebook: "10-slurm-simulator",
    parameters: {},
    tables: {
      many,
      "cf:input: twin v3 (test)": many.map((r) => ({ ...r, PoA: 1.8 })),
      "cf:PriorityFavorSmall = NO (test)": many.map((r) => ({ ...r, PoA: 1.6 })),
    },
  };
  it("gives the PoA and Table 28 against the thesis's, the counterfactual PoAs and the statements", () => {
    const text = simNotes.findings({ rows, results, source: "twin" });
    expect(text).toMatch(/^\*\*Findings\*\* \(thesis Sections 6\.3\.4–6\.4 on source `twin`/);
    expect(text).toMatch(
      /- \*\*Price of Anarchy \(Table 29\)\*\*: ours 1\.61 \[1\.61 – 1\.61\] against the thesis's 2\.04 \[1\.99 – 2\.08\]/,
    );
    expect(text).toMatch(/4 and 2 samples, ours \/ thesis 0\.791: \*\*differs/);
    expect(text).toMatch(
      /- \*\*Table 28 \/ Figure 21\*\*: the simulator's first-iteration Total Value, ours 256,500 /,
    );
    expect(text).toContain("scored with Table 10 TV_1B");
    expect(text).toContain("input: twin v3 (test) (post-hoc): 1.80 [1.80, 1.80]");
    expect(text).toContain(
      "PriorityFavorSmall = NO (test): 1.60 [1.60, 1.60]; 1 of 2 reach the thesis's interval.",
    );
    expect(text).toMatch(
      /- \*\*The thesis's statements\*\* of Sections 6\.3\.4–6\.4: \d of 3 hold as in the thesis/,
    );
  });
  it("refuses no rows", () => {
    expect(() => simNotes.findings({ rows: [], results, source: "twin" })).toThrow(/^invalid rows: /);
  });
});
