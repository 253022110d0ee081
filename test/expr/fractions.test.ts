import { describe, expect, it } from "vitest";
import {
  compareFractions,
  divideFractions,
  exactFraction,
  exactRatio,
  fractionText,
} from "../../lib/expr/fractions";

describe("exact fractions", () => {
  it("reads numbers as they print and divides exactly", () => {
    expect(fractionText(exactFraction(0.1))).toBe("1/10");
    expect(fractionText(exactFraction(1500))).toBe("1500");
    expect(fractionText(exactFraction(-2.5e-7))).toBe("-1/4000000");
    expect(fractionText(exactRatio(1500, 10500)!)).toBe("1/7");
    expect(fractionText(divideFractions(exactRatio(3, 8)!, exactRatio(1500, 10500))!)).toBe("21/8");
    expect(exactRatio(1, 0)).toBeNull();
    expect(divideFractions(exactRatio(1, 2)!, exactRatio(0, 5))).toBeNull();
    expect(divideFractions(exactRatio(1, 2)!, null)).toBeNull();
  });
  it("compares exactly where floats cannot", () => {
    expect(compareFractions(exactRatio(1, 3)!, exactRatio(2, 6)!)).toBe(0);
    expect(compareFractions(exactFraction(0.1 + 0.2), exactFraction(0.3))).toBe(1); // 0.30000000000000004 prints so
    expect(compareFractions(exactRatio(1, 4)!, exactRatio(1, 3)!)).toBe(-1);
  });
  it("refuses non-finite numbers by name", () => {
    expect(() => exactFraction(NaN, "usage")).toThrow(/^invalid usage: NaN; expected a finite number$/);
    expect(() => exactRatio(Infinity, 2, "r")).toThrow(
      /^invalid r numerator: Infinity; expected a finite number$/,
    );
  });
});
