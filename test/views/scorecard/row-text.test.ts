import { describe, expect, it } from "vitest";
import { counterfactualExplanation } from "../../../lib/scorecard/explanation";
import { scoreRow } from "../../../lib/scorecard/row";
import {
  causeText,
  explanationText,
  outliersText,
  provenanceText,
  tierBasisText,
} from "../../../views/scorecard/row-text";

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
  it("why a row has its tier: an identity, an input's dependency, another machine; nothing for a reproduced result", () => {
    expect(tierBasisText({ kind: "reproduced" })).toBe("");
    expect(tierBasisText({ kind: "identity", identity: "vcg-within-bid" })).toMatch(
      /^VCG .* no winner more than her bid$/,
    );
    expect(tierBasisText({ kind: "input", input: "F4" })).toMatch(/^F4: every winner of 1A pays/);
    expect(tierBasisText({ kind: "calibrated", source: "twin-v5", to: "F7 and F8" })).toBe(
      "twin-v5 is calibrated to F7 and F8",
    );
    expect(tierBasisText({ kind: "another machine", source: "x", W: 96, scale: "per job" })).toBe(
      "x on W = 96 nodes is another machine than the thesis's MareNostrum4 (W = 3456): shown per job of the sample, not judged",
    );
    expect(tierBasisText({ kind: "another machine", source: "x", W: null, scale: null })).toMatch(
      /^x is another machine .*: its Total Values are not judged \(the PoA, a ratio, is\)$/,
    );
  });
  it("where a row's values come from: samples on each side, the thesis's caption, a count printed twice", () => {
    expect(provenanceText({ kind: "none" })).toBe("");
    expect(
      provenanceText({
        kind: "results",
        notebook: "10-slurm-simulator",
        thesisSamples: 15,
        oursSamples: 200,
        samples: "PoA",
        caption: "c.",
      }),
    ).toBe(
      'thesis: its 15 ordinary samples; ours: 10-slurm-simulator, 200 PoA samples; the thesis\'s caption: "c."',
    );
    expect(provenanceText({ kind: "count", printed: { table8: 12, figure2: 13 } })).toBe(
      "a count; the thesis prints 12 in Table 8 and 13 in Figure 2 for the same set (notebook 03)",
    );
    expect(provenanceText({ kind: "solved", by: "wardrop", steps: 200 })).toBe(
      "notebook 05: Wardrop equilibrium on a 200-step grid",
    );
  });
});
