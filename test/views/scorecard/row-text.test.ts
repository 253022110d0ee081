import { describe, expect, it } from "vitest";
import { counterfactualExplanation } from "../../../lib/scorecard/explanation";
import { scoreRow } from "../../../lib/scorecard/row";
import { causeText, explanationText, outliersText } from "../../../views/scorecard/row-text";

const thesis = [100, 98, 102, 101, 99, 100, 97, 103, 100, 100];
const around = (m: number, n = 40) => Array.from({ length: n }, (_, k) => m + (k % 3) - 1);

describe("a scorecard row's parts as text", () => {
  it("an explanation: the experiment, where, and how it moves ours on the same samples", () => {
    const e = counterfactualExplanation("x", "nb", thesis, around(100), around(80));
    expect(explanationText(e)).toBe(
      "x (nb): moves ours from 80.0 to 100.0 on the same 40 samples (shift 20 [20, 20])",
    );
    expect(explanationText(counterfactualExplanation("y", "nb", thesis, around(80), around(80)))).toBe(
      "y (nb): changes nothing beyond noise on the same 40 samples",
    );
  });
  it("the cause: the explaining experiment, or the components that differ behind cancelling errors", () => {
    const e = counterfactualExplanation("x", "nb", thesis, around(100), around(80));
    const row = scoreRow("Table 10", "TV_1A", thesis, around(80), { explanations: () => [e] });
    expect(row.cause).toBe("post-hoc cause");
    expect(causeText(row)).toBe(explanationText(e));
    const ok = scoreRow("Table 14", "AD_1A", thesis, around(100));
    expect(causeText(ok)).toBe("");
    const cancelling = { ...ok, cancelling: [{ quantity: "TV_1A", ratio: 0.8712 }] };
    expect(causeText(cancelling)).toBe("AD = (TV − TP)/n: TV_1A ×0.87 differs");
  });
  it("the thesis's flagged outliers by label, or — when none is flagged", () => {
    const ok = scoreRow("Table 10", "TV_1A", thesis, around(100));
    expect(outliersText(ok)).toBe("—");
    expect(outliersText({ ...ok, outliers: [{ label: "sample 3", value: 123456 }] })).toBe(
      "sample 3 = 123456",
    );
  });
});
