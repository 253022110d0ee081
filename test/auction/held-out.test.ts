import { describe, expect, it } from "vitest";
import { STANDARD_ENVIRONMENT } from "../../lib/auction/environment";
import { evolveStrategy } from "../../lib/auction/genetic";
import { heldOutScores } from "../../lib/auction/held-out";
import { geneticProgressFigure } from "../../views/auction/genetic-figures";

describe("heldOutScores", () => {
  it("scores every generation's best on the same held-out scenarios, deterministically", async () => {
    const r = await evolveStrategy({
      generations: 3,
      populationSize: 4,
      scenarios: 3,
      seed: 7,
      opponents: "elite",
    });
    const a = heldOutScores(r, { environment: STANDARD_ENVIRONMENT, scenarios: 6 });
    expect(a).toHaveLength(3);
    expect(heldOutScores(r, { scenarios: 6 })).toEqual(a);
    for (const x of a) expect(x).toBeGreaterThanOrEqual(0);
    const fig = geneticProgressFigure([r], [a]);
    expect(fig.data).toHaveLength(3);
    expect(() => geneticProgressFigure([r], [a.slice(1)])).toThrow(
      /invalid heldOut\[0\]: 2; expected one score per generation/,
    );
  });
  it("rejects a result without history", () => {
    expect(() =>
      heldOutScores({ mechanism: "ps", seed: 1, best: [], population: [], scores: [], history: [] }),
    ).toThrow(/invalid result: .*expected a GeneticResult with a non-empty history/);
  });
});
