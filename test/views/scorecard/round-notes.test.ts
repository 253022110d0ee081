import { describe, expect, it } from "vitest";
import type { StudyResults } from "../../../lib/scorecard/study-results";
import { studyResultsNote } from "../../../views/scorecard/study-note";
import { JOBS, P } from "../../scorecard/fixtures";
import { recomputeRoundResults, roundSamples } from "../../../lib/scorecard/round-results";
import { clearingPriceCheck } from "../../../lib/mechanism/clearing-price";
import { type RoundRow, mainRound, runRound } from "../../../lib/mechanism/rounds";
import { extraExperiments } from "../../../lib/mechanism/extra-rules";
import { greedyGuarantee } from "../../../lib/mechanism/round-statistics";
import { mechanismTableRows } from "../../../lib/scorecard/mechanism-rows";
import { roundNotes } from "../../../views/scorecard/round-notes";

const results = recomputeRoundResults("07-main-experiments", P, JOBS);
const { samples } = roundSamples(JOBS, P);
const rows = mainRound(samples, { capacity: P.W, measureTime: false });
const scored = [12, 13].flatMap((t) => mechanismTableRows(t, results));

describe("roundNotes.summaries and details", () => {
  it("give one summary row per published column, with the scorecard's outcome", () => {
    const [t12, t13] = roundNotes.summaries(rows, [12, 13], results, scored);
    expect(t12.caption).toBe(
      "Table 12: Number of players that will pay more than their bid — ours beside the thesis's (means with 95% intervals)",
    );
    expect(t12.rows.map((r) => r.quantity)).toEqual(["PM_1A", "PM_1B", "PM_3B", "PM_2B", "PM_4B"]);
    expect(t12.rows.every((r) => r["ours, samples"] === 4 && r["thesis, samples"] === 15)).toBe(true);
    const verdicts = new Map(scored.map((r) => [r.quantity.split(" ")[0], r.verdict]));
    for (const r of t13.rows) expect(r.outcome).toBe(verdicts.get(String(r.quantity)));
    expect(t13.caption).toMatch(
      /^Table 13: Number of players that will pay their bid\. We can ignore the results/,
    );
  });
  it("keep the per-sample tables with their four summary rows for the details", () => {
    const [d] = roundNotes.details(rows, [10], results);
    expect(d.caption).toMatch(
      /^Table 10 \(thesis: Total Value per sample and experiment\.\) — ours beside the thesis's$/,
    );
    expect(d.rows.length).toBe(samples.length + 4);
    expect(d.rows[d.rows.length - 1].sample).toBe("outcome");
  });
  it("put your rules' column after ours and the thesis's in each per-sample table, with a mean and no outcome", () => {
    const yours = runRound(samples, extraExperiments([{ name: "W2", key: "b/w^2" }]), {
      capacity: P.W,
      measureTime: false,
    });
    const [d] = roundNotes.details(rows, [10], results, undefined, { yours });
    const col = "TV_W2 (yours)";
    expect(Object.keys(d.rows[0]).at(-1)).toBe(col);
    const bySample = new Map(yours.map((r) => [r.sample, r.TV]));
    for (const r of d.rows.slice(0, samples.length)) expect(r[col]).toBe(bySample.get(String(r.sample)));
    const [shown, , ratio, outcome] = d.rows.slice(samples.length);
    const ordinary = yours.filter((r) => r.sample !== "sample_20.txt").map((r) => r.TV);
    expect(shown[col]).toBeCloseTo(ordinary.reduce((a, b) => a + b, 0) / ordinary.length, 6);
    expect([ratio[col], outcome[col]]).toEqual([undefined, undefined]);
  });
  it("refuse a table outside 10–27", () => {
    expect(() => roundNotes.summaries(rows, [9], results)).toThrow(/^invalid table: 9; expected/);
  });
});

describe("roundNotes sentences", () => {
  const study = {
    results: { notebook: "07-main-experiments", parameters: {}, tables: {} },
    statistics: [],
    samples: 4,
    origin: "study",
    path: "data/generated/results/twin/07-main-experiments.json",
    cfSamples: 2,
    differences: [],
    wanted: { SOURCE: "twin" },
  } as unknown as StudyResults<unknown>;
  it("dataNote gives the source, our sample sizes beside the thesis's and where the statistics come from", () => {
    const note = roundNotes.dataNote({
      source: { description: "a fixture", jobs: JOBS },
      samples: samples,
      study,
      prioritySeed: 3,
    });
    const sizes = samples.map((s) => s.jobs.length);
    expect(note).toContain(
      `Source: a fixture — 300 cleaned jobs. ${samples.length} samples of ${Math.min(...sizes)}–${Math.max(...sizes)} jobs (the thesis's: 393–430)`,
    );
    expect(note).toContain(
      `Priorities are drawn from the seeded stream \`3/priority\`. ${studyResultsNote(study)}`,
    );
    expect(studyResultsNote(study)).toMatch(
      /^The statistics and the counterfactual experiments below \(4 statistics samples/,
    );
    expect(() =>
      roundNotes.dataNote({
        source: { description: "x", jobs: [] },
        samples: [],
        study,
      }),
    ).toThrow(/^invalid samples: \[\]; expected at least one sample/);
  });
  it("clearingNote compares TP_1A = λ·TW_1A with the thesis's values", () => {
    const note = roundNotes.clearingNote(clearingPriceCheck(samples, P.W), P.W);
    expect(note).toMatch(
      /^TP_1A = λ·TW_1A holds exactly in \*\*\d+ of \d+\*\* samples; λ = 40 in \d+ samples\./,
    );
    // the thesis's values are multiples of the thesis's W (MareNostrum4's 3,456 nodes), whatever ours is
    expect(note).toContain(
      "The thesis's values: TP_1A = 138,240, 207,360 = 40, 60 × 3,456 (MareNostrum4's W).",
    );
    expect(note).toMatch(/hold W nodes \(in the thesis's data λ = 60\), so its TP_1A = [\d,]+ = \d+ × 96\.$/);
    expect(() => roundNotes.clearingNote([], 96)).toThrow(/^invalid clearing: \[\]/);
  });
  it("adNote works Table 14's normaliser on the thesis's sample_1 from Tables 10, 11, 12, 14 and 15", () => {
    expect(roundNotes.adNote()).toBe(
      "The thesis's sample_1, experiment 1A (no winner pays more than its bid, Table 12, so the sum of " +
        "|b_i − p_i| is TV − TP): (506,930 − 138,240) / 406 players = 908.10, as Table 14 prints; divided " +
        "by its 216 winners (Table 15) it would be 1,706.9.",
    );
  });
  it("betaNote puts our β beside the thesis's, read from data/reference", () => {
    const approx = [
      { sample: "a", optimum: 100, greedy: 99, ratio: 0.99, beta: 0.02, holds: true },
      { sample: "b", optimum: 200, greedy: 199, ratio: 0.995, beta: 0.0194, holds: true },
    ];
    expect(roundNotes.betaNote(approx)).toMatch(
      /^β on our samples: 0\.0194–0\.0200 \(the thesis's: ≈ 0\.0174, Section 7\); the guarantee 1 − β holds in 2 of 2 samples, the worst ratio greedy \/ optimum is 0\.99000\./,
    );
    expect(roundNotes.betaNote(greedyGuarantee(rows, samples, P.W))).toMatch(/holds in \d+ of \d+ samples/);
  });
  it("otherCapacity and rerunNote compare the two readings of the Clarke re-run's capacity", () => {
    expect(roundNotes.otherCapacity("covered")).toBe("W");
    expect(roundNotes.otherCapacity("W")).toBe("covered");
    expect(() => roundNotes.otherCapacity("all")).toThrow(/^invalid rerunCapacity: "all"; expected one of/);
    const other = mainRound(samples, { capacity: P.W, rerunCapacity: "W", measureTime: false });
    expect(roundNotes.rerunNote(rows, other, "covered")).toMatch(
      /^Thesis Table 12: PM_1B and PM_4B are both 0 in 16 of its 16 samples\. With rerunCapacity = "W", our 1B\/4B have PM > 0 in \d+ \(1B\) and \d+ \(4B\) of \d+ samples; with "covered" in \d+ \(1B\) and \d+ \(4B\)/,
    );
  });
  it("tp1aNote counts the statistics samples where TP_1A takes its most common value", () => {
    const r = (TP: number, experiment = "1A") =>
      ({ sample: "s", experiment, payment: "clarke", TP }) as unknown as RoundRow;
    expect(roundNotes.tp1aNote([r(138240), r(138240), r(207360), r(5, "1B")], 3456)).toBe(
      "TP_1A = 138,240 (= 40 × 3,456) in 2 of 3 statistics samples.",
    );
    expect(() => roundNotes.tp1aNote([r(5, "1B")], 3456)).toThrow(
      /^invalid many: \[\]; expected rows of experiment 1A/,
    );
  });
  it("bidsCaption quotes the reader's formulas", () => {
    expect(roundNotes.bidsCaption(21, "w*min", "")).toBe(
      'Mean TV, TP and JP of the 21 samples with the thesis\'s bids and with yours (INEXPERIENCED_BID = "w*min", EXPERIENCED_BID = ""; Clarke payments)',
    );
  });
});
