import { describe, expect, it } from "vitest";
import { oneAAccounting, oneAAccountingOf } from "../../lib/scorecard/decomposition";
import { oneAAccountingTable } from "../../views/scorecard/one-a-accounting";
import { thesisColumn } from "../../lib/scorecard/mechanism-rows";
import type { ResultRow, ResultsFile } from "../../lib/scorecard/results-file";

/** 1A rows (Clarke) of `n` statistics samples: JP, SP, TV, TP, TW per sample from `f(k)`. */
function file(
  n: number,
  f: (k: number) => { JP: number; SP: number; TV: number; TP: number; TW: number },
  cf?: ResultRow[],
): ResultsFile {
  // 1B beside each 1A row: 1B takes the same jobs above 40 min plus 45 40-minute jobs, 30 of them refilled exactly
  const many = Array.from({ length: n }, (_, k) => {
    const a = f(k);
    return [
      { sample: `s${k}`, experiment: "1A", payment: "clarke", ...a },
      { sample: `s${k}`, experiment: "1B", payment: "clarke", JP: a.JP - a.SP + 45, SP: 30 },
    ];
  }).flat();
  return {
    notebook: "07-main-experiments",
    parameters: { SOURCE: "fixture" },
    tables: { many, ...(cf ? { "cf:x (test)": cf } : {}) },
  };
}

describe("oneAAccounting", () => {
  const W = 3456,
    P = 40 * W;
  it("splits JP_1A into jobs above 40 min and 40-minute winners, TV_1A into node-minutes beyond 40, on the samples where the identities hold", () => {
    // samples 0–3: JP − SP = 150 + k, SP = 50, TV − TP = 300,000; sample 4 breaks TP_1A = 40·W and is left out
    const f = file(5, (k) =>
      k < 4
        ? { JP: 200 + k, SP: 50, TV: P + 300_000, TP: P, TW: W }
        : { JP: 999, SP: 0, TV: 1, TP: P - 1, TW: W },
    );
    const rows = oneAAccounting(f, W, 40);
    expect(rows.map((r) => r.quantity)).toEqual([
      "jobs above 40 min (JP_1A − SP_1A, F7)",
      "40-minute winners of 1A (SP_1A)",
      "node-minutes beyond 40 min (TV_1A − TP_1A, F8)",
      "40-minute winners of 1B (JP_1B − jobs above 40 min)",
      "share of them refilled exactly (SP_1B / 40-minute winners of 1B)",
    ]);
    expect(rows.slice(0, 4).map((r) => [r.ours, r.oursN])).toEqual([
      [152, 4], // 151.5 shown to the thesis's precision (whole jobs)
      [50, 4],
      [300_000, 4],
      [45, 4],
    ]);
    expect(rows[4].ours).toBeCloseTo(30 / 45, 12);
    expect(rows[0].provenance).toEqual({
      kind: "identity samples",
      notebook: "07-main-experiments",
      kept: 4,
      all: 5,
      band: 40,
    });
    // the thesis side: its 15 ordinary samples, JP_1A − SP_1A averaging 147.6 (Tables 13, 15)
    expect(rows[0].thesisN).toBe(15);
    expect(rows[0].thesis).toBe(148); // 147.6 shown to the thesis's precision (whole jobs)
    // 40-minute winners of 1B: mean JP_1B over the same samples minus the mean above (Table 15 read on its own)
    const jp1b = thesisColumn(15, "JP_1B");
    expect(rows[3].thesis).toBe(Math.round(jp1b.reduce((a, x) => a + x, 0) / jp1b.length - 147.6));
    expect(rows[4].thesis).toBeGreaterThan(0.5); // the thesis's SP_1B (56.4) over about 68 such winners
    expect(rows[4].thesis).toBeLessThan(1);
  });
  it("takes a stored counterfactual as a (post-hoc) cause by the scorecard's rule, paired by sample", () => {
    const base = (k: number) => ({ JP: 200, SP: 40 + (k % 2), TV: P + 300_000, TP: P, TW: W });
    const cf: ResultRow[] = Array.from({ length: 40 }, (_, k): ResultRow[] => [
      {
        sample: `s${k}`,
        experiment: "1A",
        payment: "clarke",
        JP: 216,
        SP: 68 + (k % 2),
        TV: P + 300_000,
        TP: P,
        TW: W,
      },
      { sample: `s${k}`, experiment: "1B", payment: "clarke", JP: 216, SP: 50 },
    ]).flat();
    const rows = oneAAccounting(file(60, base, cf), W, 40);
    expect(rows[1].verdict).toBe("differs");
    expect(rows[1].cause).toBe("post-hoc cause"); // 40.5 → 68.5 on the same 40 samples: no longer differs
    expect(rows[1].causeBy).toMatchObject({
      experiment: "x (test)",
      shownIn: "notebook 07-main-experiments",
      base: { n: 40 },
      under: { n: 40 },
    });
    expect(rows[1].causeBy!.base.mean).toBeCloseTo(40.5, 9);
    expect(rows[1].causeBy!.under.mean).toBeCloseTo(68.5, 9);
  });
  it("refuses another notebook's file, and a file where no sample has TP_1A = 40·W", () => {
    expect(() =>
      oneAAccounting(
        { ...file(2, () => ({ JP: 1, SP: 1, TV: 1, TP: 1, TW: W })), notebook: "08-greedy-modified" },
        W,
        40,
      ),
    ).toThrow(/invalid results: "08-greedy-modified"; expected notebook 07's results file/);
    expect(() =>
      oneAAccounting(
        file(2, () => ({ JP: 1, SP: 1, TV: 1, TP: 1, TW: W })),
        W,
        40,
      ),
    ).toThrow(/invalid results: "2 statistics samples of 1A, none with TP_1A = 40·3456/);
  });
});

describe("oneAAccountingTable", () => {
  const W = 3456,
    P = 40 * W;
  const f = file(4, (k) => ({ JP: 200 + k, SP: 50, TV: P + 300_000, TP: P, TW: W }));
  it("reads W and the 40-minute band off the thesis's tables and accounts notebook 07's results on a twin", () => {
    const t = oneAAccountingTable(
      oneAAccountingOf({ "07-main-experiments": { ...f, parameters: { W } } }, "twin"),
    );
    expect(t.note).toBeUndefined();
    expect(t.rows).toEqual(oneAAccounting(f, W, 40));
    expect(t.caption).toMatch(
      /^Experiments 1A and 1B split by their identities \(thesis: \d+ ordinary samples\)$/,
    );
  });
  it("says why instead of rows without notebook 07's results, on another W or on a trace", () => {
    expect(oneAAccountingOf({}, "twin").needs).toEqual({ capacity: 3456, source: "twin", W: undefined });
    expect(oneAAccountingTable(oneAAccountingOf({}, "twin")).note).toMatch(/here: twin, W = none\.$/);
    expect(
      oneAAccountingTable(
        oneAAccountingOf({ "07-main-experiments": { ...f, parameters: { W: 96 } } }, "twin"),
      ).note,
    ).toMatch(/W = 96\.$/);
    const onTrace = oneAAccountingTable(
      oneAAccountingOf({ "07-main-experiments": { ...f, parameters: { W } } }, "CTC-SP2"),
    );
    expect([onTrace.rows.length, onTrace.note]).toEqual([
      0,
      expect.stringMatching(/here: CTC-SP2, W = 3456/),
    ]);
  });
});
