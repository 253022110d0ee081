import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { correlated, normals, place, ranks } from "../../lib/twin/copula";
import { createRng, shuffleInPlace } from "../../lib/util/rng";

describe("copula placement", () => {
  it("keeps the marginal exactly and orders it like the latent variable (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), { minLength: 1, maxLength: 200 }),
        fc.integer(),
        (vals, seed) => {
          const sorted = Float64Array.from(vals).sort();
          const z = normals(sorted.length, createRng(seed));
          const out = place(sorted, ranks(z));
          const back = Float64Array.from(out).sort();
          for (let i = 0; i < back.length; i++) if (!Object.is(back[i], sorted[i])) return false;
          for (let i = 0; i < z.length; i++)
            for (let j = 0; j < z.length; j++) if (z[i] < z[j] && out[i] > out[j]) return false;
          return true;
        },
      ),
      { numRuns: 50 },
    );
  });
  it("correlates as asked and shuffles deterministically", () => {
    const rng = createRng(5);
    const z1 = normals(20000, rng),
      z2 = correlated(z1, 0.9, rng);
    let s = 0;
    for (let i = 0; i < z1.length; i++) s += z1[i] * z2[i];
    expect(s / z1.length).toBeGreaterThan(0.85);
    expect(s / z1.length).toBeLessThan(0.95);
    const a = Float64Array.from([1, 2, 3, 4, 5]);
    expect(shuffleInPlace(a.slice(), createRng(1))).toEqual(shuffleInPlace(a.slice(), createRng(1)));
  });
});
