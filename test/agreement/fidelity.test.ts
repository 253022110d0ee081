import { describe, expect, it } from "vitest";
import { versusBaseline, whatIfStanding } from "../../lib/agreement/fidelity";

describe("a replay against a simpler predictor", () => {
  it("beats it only when its whole interval is on the better side", () => {
    expect(versusBaseline([0.8, 0.8, 0.8], 0.5, "at least").outcome).toBe("beats");
    expect(versusBaseline([0.5, 0.5], 0.5, "at least").outcome).toBe("does not beat"); // on it
    expect(versusBaseline([0.2, 0.3, 0.25], 0.5, "at least").outcome).toBe("does not beat");
    expect(versusBaseline([0.1, 0.9, 0.5, 0.3], 0.5, "at least").outcome).toBe("inconclusive");
    expect(versusBaseline([0.1, 0.1], 0.4, "at most").outcome).toBe("beats");
    expect(versusBaseline([0.6, 0.6], 0.4, "at most").outcome).toBe("does not beat");
  });
  it("is inconclusive without values or with a value that is not a number", () => {
    expect(versusBaseline([], 0.5, "at least").outcome).toBe("inconclusive");
    expect(versusBaseline([NaN, 0.9], 0.5, "at least").outcome).toBe("inconclusive");
    expect(versusBaseline([0.9], NaN, "at least").outcome).toBe("inconclusive");
  });
  it("what-ifs are usable only when the gate passes and every predictor is beaten", () => {
    expect(whatIfStanding("passes", ["beats", "beats"])).toBe("usable");
    expect(whatIfStanding("inconclusive", ["beats", "beats"])).toBe("with a warning");
    expect(whatIfStanding("passes", ["beats", "inconclusive"])).toBe("unusable");
    expect(whatIfStanding("passes", [])).toBe("unusable");
  });
});
