import { describe, expect, it } from "vitest";
import {
  accuracyVerdict,
  claimVerdict,
  findingReading,
  objectiveOutcome,
} from "../../lib/agreement/verdicts";

describe("claimVerdict", () => {
  it("holds when every case supports, fails when every case contradicts, mixed with both, else inconclusive", () => {
    expect(claimVerdict(["for", "for"])).toBe("holds");
    expect(claimVerdict(["against"])).toBe("fails");
    expect(claimVerdict(["for", "against", "undecided"])).toBe("mixed");
    expect(claimVerdict(["for", "undecided"])).toBe("inconclusive");
    expect(claimVerdict([])).toBe("inconclusive");
  });
});

describe("accuracyVerdict", () => {
  const a0 = { meanWait: 100, meanBsld: 10 };
  it("helps when wait and slowdown both fall beyond ±1%, hurts when either rises beyond it", () => {
    expect(accuracyVerdict(a0, { meanWait: 90, meanBsld: 9 })).toEqual({
      wait: "lower",
      bsld: "lower",
      verdict: "helps",
    });
    expect(accuracyVerdict(a0, { meanWait: 90, meanBsld: 10.2 }).verdict).toBe("hurts");
  });
  it("is inconclusive when one falls and one stays, and when both stay within ±1%: one run each is too little to call no effect", () => {
    expect(accuracyVerdict(a0, { meanWait: 90, meanBsld: 10 }).verdict).toBe("inconclusive");
    expect(accuracyVerdict(a0, { meanWait: 100.5, meanBsld: 9.95 })).toEqual({
      wait: "inconclusive",
      bsld: "inconclusive",
      verdict: "inconclusive",
    });
  });
});

describe("findingReading", () => {
  it("reads an agreement or a guarantee against the thesis's statement", () => {
    expect(
      ["agrees", "holds", "differs", "fails", "inconclusive", "not computed"].map(findingReading),
    ).toEqual([
      "as in the thesis",
      "as in the thesis",
      "unlike the thesis",
      "unlike the thesis",
      "undecided",
      "undecided",
    ]);
  });
});

describe("objectiveOutcome", () => {
  it("reads a paired effect in the objective's better direction", () => {
    expect(objectiveOutcome("higher", true)).toBe("better");
    expect(objectiveOutcome("higher", false)).toBe("worse");
    expect(objectiveOutcome("lower", false)).toBe("better");
    expect(objectiveOutcome("equivalent", true)).toBe("no change");
    expect(objectiveOutcome("inconclusive", false)).toBe("inconclusive");
  });
});
