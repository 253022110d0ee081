import { describe, expect, it } from "vitest";
import {
  DEFAULT_GV_COEFFICIENTS,
  DEFAULT_PS_COEFFICIENTS,
  gvParameters,
  predictRemainingWork,
  psBid,
  rationalPolynomial,
} from "../../lib/auction/strategies";

describe("bid strategies (Eq. 3, Eq. 4) and the workload predictor", () => {
  it("rationalPolynomial evaluates (c1/d + c2 + c3·d + c4·d²)(1 + c5·t + c6·t²)", () => {
    expect(rationalPolynomial([2, 1, 0.5, 0.25, 0.1, 0.01], 10, 4)).toBeCloseTo(
      (0.5 + 1 + 2 + 4) * (1 + 1 + 1),
      12,
    );
    expect(rationalPolynomial([0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0], 1, 1, 6)).toBe(3);
  });

  it("the default PS strategy bids 2/d of the balance", () => {
    expect(psBid(DEFAULT_PS_COEFFICIENTS, { t: 7, d: 8, balance: 12 })).toBe(3);
  });

  it("the default GV strategy bids for all N servers, b_max = B/d, r = 0", () => {
    expect(gvParameters(DEFAULT_GV_COEFFICIENTS, { t: 3, d: 4, balance: 8, servers: 15 })).toEqual({
      nMax: 15,
      bMax: 2,
      r: 0,
    });
  });

  it("gvParameters truncates N_max and b_max at 0 and r to [-1, 1]", () => {
    const c = [0, -1, 0, 0, 0, 0, 0, -2, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0];
    expect(gvParameters(c, { t: 0, d: 1, balance: 1, servers: 10 })).toEqual({ nMax: 0, bMax: 0, r: 1 });
  });

  it("the predictor uses the mean work of completed frames, or the prior before any completes", () => {
    expect(predictRemainingWork(10, 2, 7, 3)).toBe(35);
    expect(predictRemainingWork(10, 0, 0, 3)).toBe(30);
  });
});
