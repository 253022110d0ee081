import { describe, expect, it } from "vitest";
import type { CheckedClaim } from "../../../lib/scorecard/conclusions";
import { thesisTp1aConstant } from "../../../lib/scorecard/thesis-constant";
import { roundFindings } from "../../../views/scorecard/round-findings";
import { scoreRow } from "../../../lib/scorecard/row";

const many = (xs: number[]) => Array.from({ length: 40 }, (_, k) => xs[k % xs.length]);
const scored = [
  scoreRow("Table 19", "TV_1B", [100, 102, 98, 101], many([80, 81, 79, 80])),
  scoreRow("Table 19", "TV_4B", [50, 50, 50], many([50])),
  scoreRow("Table 21", "TP_1B", [10, 10, 10, 10], many([10])),
  scoreRow("Table 21", "TP_4B", [100, 99, 101, 100, 99, 101], many([100, 101, 99])),
  scoreRow("Table 22", "PM_1B", [0, 0, 0], many([0]), { tier: "identity" }),
  scoreRow("Table 10", "TV_1A", [1, 1], [2, 2]),
];
const claim = (statement: string, outcome: CheckedClaim["outcome"]): CheckedClaim => ({
  statement,
  thesisAgree: 13,
  thesisN: 15,
  oursAgree: 200,
  oursN: 200,
  difference: 0.13,
  low: 0.05,
  high: 0.3,
  outcome,
});

describe("roundFindings", () => {
  const md = roundFindings({
    notebook: "08-greedy-modified",
    source: "twin",
    samples: 200,
    scored,
    claims: [claim("a statement (Table 19)", "agrees"), claim("another (Table 22)", "differs")],
    payments: [
      {
        experiment: "1B",
        payment: "clarke",
        samples: 21,
        meanTP: 5,
        samplesWithPM: 1,
        totalPM: 19,
        samplesWithNC: 0,
        totalNC: 0,
      },
      {
        experiment: "1B",
        payment: "critical",
        samples: 21,
        meanTP: 6,
        samplesWithPM: 0,
        totalPM: 0,
        samplesWithNC: 0,
        totalNC: 0,
      },
    ],
  });
  it("opens with the section, its tables, the data and the sample counts", () => {
    expect(md).toMatch(
      /^\*\*Findings\*\* — thesis Section 6\.3\.2 \(Tables 19–23\): ours over 200 statistics samples of source `twin` \(a synthetic twin of the thesis's data: not its samples\) against the thesis's 6 ordinary samples\./,
    );
  });
  it("gives the headline table's ratios with intervals and the section's outcomes, leaving out other tables' rows", () => {
    expect(md).toMatch(
      /- \*\*Table 19 with 95% intervals:\*\* TV_1B ours \/ thesis 0\.798 \[0\.\d{3}, 0\.\d{3}\]: differs; TV_4B ours \/ thesis 1\.000: agrees\./,
    );
    expect(md).toMatch(
      /of 4 reproduced quantities, 3 agree, 0 inconclusive and 1 differ; 1 further row is fixed by an input or a definition \(by construction or identity: not reproductions\), 1 of them agreeing\./,
    );
    expect(md).toMatch(
      /\*\*Agree with the thesis:\*\* TV_4B \(ours 50, thesis 50\), TP_1B \(ours 10, thesis 10\), TP_4B \(ours 100, thesis 100\)\./,
    );
    expect(md).toMatch(/\*\*Largest differences:\*\* TV_1B ours 80 against 100\./);
    expect(md).not.toMatch(/TV_1A/);
  });
  it("counts the statements and names the ones that differ, with their shares", () => {
    expect(md).toMatch(
      /1 of 2 hold as in the thesis; 1 does not: "another" \(thesis's samples 13\/15, ours 200\/200\)\./,
    );
  });
  it("says what critical payments change", () => {
    expect(md).toMatch(
      /some winners pay more than their bid in 1B \(1 of 21 samples\); with critical \(Myerson\) payments, the DSIC payments of these monotone rules, 0 winners pay more than their bid and 0 are paid, over 21 experiment-samples \(1B\)\./,
    );
  });
  it("explains TP_1A by the clearing price and compares the priority list's variants with Table 27", () => {
    const row = (lambda: number, tp: number, holds = true) => ({
      sample: "s",
      n: 1,
      TP_1A: tp,
      TW_1A: 3456,
      lambda,
      lambdaTW: lambda * 3456,
      tpEqualsLambdaTW: holds,
      winnersPayingLambda: 1,
      losersAtLambda: 1,
      loserNodesAtLambda: 1,
      modalMinutes: lambda,
    });
    const seven = roundFindings({
      notebook: "07-main-experiments",
      source: "RICC",
      samples: 3,
      scored: [],
      claims: [],
      clearing: [row(40, 138240), row(40, 138240), { ...row(60, 207360, false), sample: "sample_20.txt" }],
      constant: thesisTp1aConstant(),
    });
    expect(seven).toMatch(
      /Section 6\.3\.1 \(Tables 10–18, Figures 18–19\): ours over 3 statistics samples of source `RICC` \(another machine's jobs: its totals are not judged against MareNostrum4's; the statements, shares of samples, are\) against/,
    );
    expect(seven).toMatch(
      /The thesis derives its ordinary samples' 138,240 = 40 · 3,456 itself \(§6\.3\.1\); what it could not explain is sample_20's 207,360, which is 60 · 3,456: λ = 60\. Here TP_1A = λ·TW_1A holds exactly in 2 of 3 samples \(λ = 40 minutes in 2 of them, λ = 60 minutes in sample_20\)\.$/m,
    );
    expect(seven).not.toMatch(/by construction/); // RICC is no twin
    const twin = roundFindings({
      notebook: "07-main-experiments",
      source: "twin",
      samples: 3,
      scored: [],
      claims: [],
      clearing: [row(40, 138240)],
      constant: thesisTp1aConstant(),
    });
    expect(twin).toMatch(
      /On the twin, calibrated to λ = 40 and λ = 60 \(input fact F4\), that is by construction, not a reproduction\./,
    );
    const v = (list: "skip" | "halt", payment: "clarke" | "critical", nc: number) => ({
      list,
      experiment: "1B",
      payment,
      samples: 21,
      meanTP: 0,
      samplesWithPM: 0,
      totalPM: 0,
      samplesWithNC: nc,
      totalNC: nc,
    });
    const nine = roundFindings({
      notebook: "09-priority-model",
      source: "twin",
      samples: 3,
      scored: [],
      claims: [],
      variants: [
        v("skip", "clarke", 7),
        v("skip", "critical", 0),
        v("halt", "clarke", 0),
        v("halt", "critical", 0),
      ],
    });
    expect(nine).toMatch(
      /negative for some winner in 7 of 21 \(1B\) samples when the list skips .* and in 0 of 21 \(1B\) when it halts/,
    );
    expect(nine).toMatch(
      /the thesis's Table 27 has negative payments in 10 of 16 \(1B\) and 10 of 16 \(4B\) samples, so it fits a skipping list \(a post-hoc reading/,
    );
    expect(nine).toMatch(/every critical payment is 0: DSIC by paying nothing\./);
  });
  it("says first that the auditor refutes the thesis's DSIC claim for its ideal model", () => {
    const report = (profitable: number) => ({
      playersChecked: 23,
      misreportsTried: 1084,
      profitable: Array.from({ length: profitable }, () => ({}) as never),
      irViolations: [],
      positiveTransfers: [],
      monotonicity: [],
    });
    const seven = roundFindings({
      notebook: "07-main-experiments",
      source: "twin",
      samples: 3,
      scored: [],
      claims: [],
      audit: { label: "1B + Clarke", sample: "sample_1.txt", report: report(7), critical: report(0) },
    });
    expect(seven.split("\n")[2]).toBe(
      '- **The thesis\'s ideal model is not DSIC.** The auditor finds 7 profitable misreports for 1B + Clarke, the model the thesis calls ideal (Section 6.3.1: PM = 0, "no player regrets"), among 23 players of sample_1.txt (1,084 misreports tried); with critical (Myerson) payments it finds 0: PM = 0 shows individual rationality, not truthfulness (section 6).',
    );
  });
  it("refuses a notebook other than 07–09", () => {
    expect(() =>
      roundFindings({
        notebook: "10-slurm-simulator" as never,
        source: "twin",
        samples: 1,
        scored: [],
        claims: [],
      }),
    ).toThrow(/^invalid notebook: "10-slurm-simulator"; expected one of/);
  });
});
