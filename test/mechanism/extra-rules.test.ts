import { describe, expect, it } from "vitest";
import { extraExperiments } from "../../lib/mechanism/extra-rules";
import { mainRound, runRound } from "../../lib/mechanism/rounds";
import { yoursSummary } from "../../views/scorecard/summary-rows";
import { drawThesisSamples } from "../../lib/sample/draw";
import { createRng } from "../../lib/util/rng";
import { JOBS } from "../sample/fixtures";

describe("EXTRA_RULES: your greedy rules beside the thesis's", () => {
  const samples = drawThesisSamples(JOBS, createRng(2), { capacity: 60, count: 3 });
  const options = { capacity: 60, measureTime: false };

  it("a rule of your own with the thesis's key and bids gives the thesis experiment's numbers, row for row", () => {
    // b/w with inexperienced bids is experiment 1B by its definition; b/(w*rtime) with experienced bids is 2B
    const extra = extraExperiments([
      { name: "mine", key: "b/w" },
      { name: "mine2", key: "b/(w*rtime)", bid: "experienced" },
    ]);
    const ours = runRound(samples, extra, options);
    const thesis = mainRound(samples, options);
    for (const [label, same] of [
      ["mine (yours)", "1B"],
      ["mine2 (yours)", "2B"],
    ]) {
      const strip = (rows: typeof ours, l: string) =>
        rows.filter((r) => r.experiment === l).map((r) => ({ ...r, experiment: "" }));
      expect(strip(ours, label)).toEqual(strip(thesis, same));
    }
  });

  it("builds each entry into a rule object; a key of the product form is monotone, so critical payments apply", () => {
    const [w2, sum] = extraExperiments([
      { name: "W2", key: "b/w^2" },
      { name: "S", key: "b + w" },
    ]);
    expect(["allocate" in w2.rule, "allocate" in sum.rule]).toEqual([true, true]);
    expect([
      (w2.rule as { monotone?: boolean }).monotone,
      (sum.rule as { monotone?: boolean }).monotone,
    ]).toEqual([true, false]);
    const rows = runRound(samples, [w2, sum], { ...options, payments: ["clarke", "critical"] });
    expect(new Set(rows.filter((r) => r.payment === "critical").map((r) => r.experiment))).toEqual(
      new Set(["W2 (yours)"]),
    );
  });

  it("shows your rule's mean over the shown samples with no thesis value and no verdict", () => {
    const rows = runRound(samples, extraExperiments([{ name: "W2", key: "b/w^2" }]), options);
    const [row] = yoursSummary(rows, "TV", { special: "none" });
    const tv = rows.map((r) => r.TV);
    expect(row.quantity).toBe("TV_W2 (yours)");
    expect(row["ours, samples"]).toBe(rows.length);
    expect(row.ours).toBeCloseTo(tv.reduce((a, b) => a + b, 0) / tv.length, 2);
    expect([row.thesis, row.tier, row.outcome]).toEqual([null, "your rule", "— (no thesis value)"]);
  });

  it("says a metric your rule's rows do not hold is not measured (TTS without timing)", () => {
    const rows = runRound(samples, extraExperiments([{ name: "W2", key: "b/w^2" }]), {
      ...options,
      measureTime: false,
    });
    const [row] = yoursSummary(rows, "TTS", { special: "none" });
    expect([row.quantity, row.ours, row["ours, 95% interval"], row["ours, samples"]]).toEqual([
      "TTS_W2 (yours)",
      null,
      "— (not measured)",
      0,
    ]);
  });

  it("names the entry and field of a bad entry", () => {
    expect(() => extraExperiments({ name: "W2" })).toThrow(/^invalid EXTRA_RULES: .*expected an array/);
    expect(() => extraExperiments([{ name: "1B" }])).toThrow(
      /^invalid EXTRA_RULES\[0\]\.name: "1B"; expected a new label/,
    );
    expect(() => extraExperiments([{ name: "A" }, { name: "A" }])).toThrow(
      /^invalid EXTRA_RULES\[1\]\.name: "A"/,
    );
    expect(() => extraExperiments([{ name: "A", key: "b/x" }])).toThrow(
      /^invalid EXTRA_RULES\[0\]\.key: "b\/x"; unknown symbol "x"/,
    );
    expect(() => extraExperiments([{ name: "A", bid: "expert" }])).toThrow(
      /^invalid EXTRA_RULES\[0\]\.bid: "expert"/,
    );
    expect(() => extraExperiments([{ name: "A", ratio: "b/w" }])).toThrow(
      /^invalid EXTRA_RULES\[0\]\.ratio: "b\/w"; expected only name, key, bid, skip, fallback/,
    );
    expect(() => extraExperiments([{ name: "A", skip: "yes" }])).toThrow(/^invalid EXTRA_RULES\[0\]\.skip/);
  });
});
