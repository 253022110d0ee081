import { describe, expect, it } from "vitest";
import { oneAAccounting } from "../../lib/scorecard/decomposition";
import type { ResultRow, ResultsFile } from "../../lib/scorecard/results-file";

/** 1A rows (Clarke) of `n` statistics samples: JP, SP, TV, TP, TW per sample from `f(k)`. */
function file(n: number, f: (k: number) => { JP: number; SP: number; TV: number; TP: number; TW: number }, cf?: ResultRow[]): ResultsFile {
  const many = Array.from({ length: n }, (_, k) => ({ sample: `s${k}`, experiment: "1A", payment: "clarke", ...f(k) }));
  return { notebook: "07-main-experiments", parameters: { SOURCE: "fixture" }, tables: { many, ...(cf ? { "cf:x (test)": cf } : {}) } };
}

describe("oneAAccounting", () => {
  const W = 3456, P = 40 * W;
  it("splits JP_1A into jobs above 40 min and 40-minute winners, TV_1A into node-minutes beyond 40, on the samples where the identities hold", () => {
    // samples 0–3: JP − SP = 150 + k, SP = 50, TV − TP = 300,000; sample 4 breaks TP_1A = 40·W and is left out
    const f = file(5, (k) => (k < 4 ? { JP: 200 + k, SP: 50, TV: P + 300_000, TP: P, TW: W } : { JP: 999, SP: 0, TV: 1, TP: P - 1, TW: W }));
    const rows = oneAAccounting(f, W, 40);
    expect(rows.map((r) => r.quantity)).toEqual(["jobs above 40 min (JP_1A − SP_1A, F7)", "40-minute winners (SP_1A)", "node-minutes beyond 40 min (TV_1A − TP_1A, F8)"]);
    expect(rows.map((r) => [r.ours, r.oursN])).toEqual([[151.5, 4], [50, 4], [300_000, 4]]);
    expect(rows[0].evidence).toMatch(/the 4 of 5 statistics samples/);
    // the thesis side: its 15 ordinary samples, JP_1A − SP_1A averaging 147.6 (Tables 13, 15)
    expect(rows[0].thesisN).toBe(15);
    expect(rows[0].thesis).toBeCloseTo(147.6, 6);
  });
  it("takes a stored counterfactual as an explanation by the scorecard's rule, paired by sample", () => {
    const base = (k: number) => ({ JP: 200, SP: 40 + (k % 2), TV: P + 300_000, TP: P, TW: W });
    const cf = Array.from({ length: 4 }, (_, k) => ({ sample: `s${k}`, experiment: "1A", payment: "clarke", JP: 216, SP: 68 + (k % 2), TV: P + 300_000, TP: P, TW: W }));
    const rows = oneAAccounting(file(8, base, cf), W, 40);
    expect(rows[1].verdict).toBe("differs — explained"); // 40.5 → 68.5 on the same 4 samples, inside the thesis's CI
    expect(rows[1].evidence).toMatch(/with x \(test\): 68\.5 .*moves ours by 28 /);
  });
  it("refuses another notebook's file, and a file where no sample has TP_1A = 40·W", () => {
    expect(() => oneAAccounting({ ...file(2, () => ({ JP: 1, SP: 1, TV: 1, TP: 1, TW: W })), notebook: "08-greedy-modified" }, W, 40)).toThrow(/invalid results: "08-greedy-modified"; expected notebook 07's results file/);
    expect(() => oneAAccounting(file(2, () => ({ JP: 1, SP: 1, TV: 1, TP: 1, TW: W })), W, 40)).toThrow(/invalid results: "2 statistics samples of 1A, none with TP_1A = 40·3456/);
  });
});
