import { describe, expect, it } from "vitest";
import { worsens } from "../../lib/agreement/reference";
import { CF_LABELS, INPUT_COUNTERFACTUALS, NARROWEST_FIRST_CF } from "../../lib/scorecard/counterfactuals";
import { counterfactualExplanation, experimentBasis } from "../../lib/scorecard/explanation";

const thesis = [100, 98, 102, 101, 99, 100, 97, 103, 100, 100];
const around = (m: number, n = 40) => Array.from({ length: n }, (_, k) => m + (k % 3) - 1);

describe("experimentBasis", () => {
  it("fixes in advance only settings read from the thesis's text, taken whole", () => {
    expect(experimentBasis(CF_LABELS.table5).basis).toBe("fixed in advance");
    expect(experimentBasis(CF_LABELS.favorLarge).basis).toBe("fixed in advance");
    expect(experimentBasis(CF_LABELS.overflowSkip).basis).toBe("fixed in advance");
    expect(experimentBasis(CF_LABELS.rerunCapacity("covered")).basis).toBe("fixed in advance");
  });
  it("calls post-hoc a reading the workbook rejects, a setting the thesis does not state and a twin sized on results", () => {
    expect(experimentBasis(CF_LABELS.rerunCapacity("W")).reading).toMatch(/the reading the workbook rejects/);
    for (const label of [
      CF_LABELS.rerunCapacity("W"),
      CF_LABELS.rounding("floor"),
      CF_LABELS.rounding("per-node"),
      CF_LABELS.priorityList(false),
      NARROWEST_FIRST_CF,
      ...INPUT_COUNTERFACTUALS.map((c) => c.label),
      "anything else",
    ])
      expect(experimentBasis(label).basis).toBe("post-hoc");
  });
});

describe("counterfactualExplanation", () => {
  it("holds when ours differs, the experiment moves it toward the thesis and it no longer differs", () => {
    const e = counterfactualExplanation("x", "nb", thesis, around(100), around(80));
    expect(e.holds).toBe(true);
    expect(e.shift.outcome).toBe("higher");
    // around(m) has mean m − 1/40; the shift is exactly 20 on every sample
    expect(e.base.n).toBe(40);
    expect(e.base.mean).toBeCloseTo(79.975, 9);
    expect(e.under.mean).toBeCloseTo(99.975, 9);
  });
  it("does not hold when ours already does not differ, when the move goes away, or when it still differs", () => {
    expect(counterfactualExplanation("x", "nb", thesis, around(101), around(100)).holds).toBe(false);
    expect(counterfactualExplanation("x", "nb", thesis, around(70), around(80)).holds).toBe(false);
    expect(counterfactualExplanation("x", "nb", thesis, around(85), around(80)).holds).toBe(false);
  });
  it("refuses unpaired values", () => {
    expect(() => counterfactualExplanation("x", "nb", thesis, [1, 2], [1])).toThrow(
      /invalid baseValues: "1 values"; expected 2 values \(the same samples\)/,
    );
  });
});

describe("worsens", () => {
  it("an outcome that gets worse, or a difference that crosses to the other side", () => {
    expect(worsens(thesis, around(100), around(80))).toBe(true); // agrees → differs
    expect(worsens(thesis, around(80), around(100))).toBe(false);
    expect(worsens(thesis, around(80), around(130))).toBe(true); // below → above
    expect(worsens(thesis, around(80), around(75))).toBe(false);
  });
});
