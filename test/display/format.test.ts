import { describe, expect, it } from "vitest";
import { fmt, group, signedPercent } from "../../lib/display/format";

describe("fmt", () => {
  it("keeps integers, else at most four significant digits", () => {
    expect(fmt(138240)).toBe("138240");
    expect(fmt(1234.56)).toBe("1235");
    expect(fmt(12.345)).toBe("12.3");
    expect(fmt(1.8456)).toBe("1.85");
    expect(fmt(0.01234)).toBe("0.012");
    expect(fmt(-2.5)).toBe("-2.50");
    expect(fmt(NaN)).toBe("NaN");
    expect(fmt(Infinity)).toBe("Infinity");
  });
});

describe("group", () => {
  it("separates thousands and rounds to the decimals asked", () => {
    expect(group(1234567.891, 1)).toBe("1,234,567.9");
    expect(group(999.5, 0)).toBe("1,000");
    expect(group(999.5)).toBe("999.5");
    expect(group(418599)).toBe("418,599");
    expect(group(-1234)).toBe("-1,234");
    expect(group(12, 2)).toBe("12.00");
    expect(group(NaN)).toBe("NaN");
  });
});

describe("signedPercent", () => {
  it("signs a share as a percentage, never -0.0%", () => {
    expect(signedPercent(0.107)).toBe("+10.7%");
    expect(signedPercent(-0.025)).toBe("-2.5%");
    expect(signedPercent(-0.0001)).toBe("0.0%");
    expect(signedPercent(0.00004, 2)).toBe("0.00%");
    expect(signedPercent(NaN)).toBe("NaN");
  });
});
