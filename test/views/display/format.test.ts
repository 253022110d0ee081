import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  fixed,
  fmt,
  group,
  localeNumber,
  percent,
  percentChange,
  signedPercent,
  significant,
  wholeNumber,
} from "../../../views/display/format";

// Any double, and doubles of the sizes lib writes (counts, seconds, shares).
const anyDouble = fc.double();
const everyday = fc.oneof(
  fc.double({ min: -1e7, max: 1e7 }),
  fc.double({ min: -2, max: 2 }),
  fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000),
);
const whole = fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: 1e-3, max: 1e6 }));

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

describe("localeNumber", () => {
  it("writes Intl's en format: separators, at most three decimals, halves away from zero", () => {
    expect(localeNumber(1234567.25)).toBe("1,234,567.25");
    expect(localeNumber(-1234.5)).toBe("-1,234.5");
    expect(localeNumber(1 / 3)).toBe("0.333");
    expect(localeNumber(0)).toBe("0");
    expect(localeNumber(-0)).toBe("-0");
    expect(localeNumber(1e21)).toBe("1,000,000,000,000,000,000,000");
    expect(localeNumber(NaN)).toBe("NaN");
    expect(localeNumber(Infinity)).toBe("∞");
    expect(localeNumber(-Infinity)).toBe("-∞");
  });

  it("takes the decimals: at most, at least, or significant digits", () => {
    expect(localeNumber(2.5, { max: 0 })).toBe("3");
    expect(localeNumber(-2.5, { max: 0 })).toBe("-3");
    expect(localeNumber(0.125, { max: 2 })).toBe("0.13");
    expect(localeNumber(1 / 3, { max: 4 })).toBe("0.3333");
    expect(localeNumber(2.5, { min: 2, max: 2 })).toBe("2.50");
    expect(localeNumber(-0.001, { min: 2, max: 2 })).toBe("-0.00");
    expect(localeNumber(1e6, { min: 2, max: 2 })).toBe("1,000,000.00");
    expect(localeNumber(12.345, { significant: 3 })).toBe("12.3");
    expect(localeNumber(0.0012345, { significant: 3 })).toBe("0.00123");
    expect(localeNumber(123456, { significant: 3 })).toBe("123,000");
  });

  it("writes what x.toLocaleString wrote in lib's helpers, for any double", () => {
    fc.assert(
      fc.property(fc.oneof(anyDouble, everyday), fc.integer({ min: 0, max: 4 }), (x, d) => {
        expect(localeNumber(x)).toBe(x.toLocaleString("en"));
        expect(localeNumber(x)).toBe(x.toLocaleString("en", { maximumFractionDigits: 3 }));
        expect(localeNumber(x, { max: 2 })).toBe(x.toLocaleString("en", { maximumFractionDigits: 2 }));
        expect(localeNumber(x, { max: 4 })).toBe(x.toLocaleString("en", { maximumFractionDigits: 4 }));
        expect(localeNumber(x, { min: 2, max: 2 })).toBe(
          x.toLocaleString("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
        );
        expect(localeNumber(x, { min: d, max: d })).toBe(
          x.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d }),
        );
        expect(localeNumber(x, { max: Math.abs(x) >= 100 ? 0 : 2 })).toBe(
          x.toLocaleString("en-US", { maximumFractionDigits: Math.abs(x) >= 100 ? 0 : 2 }),
        );
        expect(localeNumber(x, { significant: 3 })).toBe(
          x.toLocaleString("en", { maximumSignificantDigits: 3 }),
        );
      }),
      { numRuns: 2000 },
    );
  });
});

describe("wholeNumber", () => {
  it("rounds as Math.round (halves toward +∞) and separates thousands", () => {
    expect(wholeNumber(1234567.5)).toBe("1,234,568");
    expect(wholeNumber(-1234567.5)).toBe("-1,234,567");
    expect(wholeNumber(-2.5)).toBe("-2");
    expect(wholeNumber(2.5)).toBe("3");
    expect(wholeNumber(-0.4)).toBe("-0");
    expect(wholeNumber(0)).toBe("0");
    expect(wholeNumber(1e21)).toBe("1,000,000,000,000,000,000,000");
    expect(wholeNumber(NaN)).toBe("NaN");
    expect(wholeNumber(Infinity)).toBe("∞");
  });

  it("writes the missing text for a non-finite value when given", () => {
    expect(wholeNumber(NaN, "—")).toBe("—");
    expect(wholeNumber(-Infinity, "—")).toBe("—");
    expect(wholeNumber(1234.4, "—")).toBe("1,234");
  });

  it("writes what Math.round(x).toLocaleString wrote, for any double", () => {
    fc.assert(
      fc.property(fc.oneof(anyDouble, everyday), (x) => {
        expect(wholeNumber(x)).toBe(Math.round(x).toLocaleString("en"));
        expect(wholeNumber(x)).toBe(Math.round(x).toLocaleString("en-US"));
        expect(wholeNumber(x, "—")).toBe(Number.isFinite(x) ? Math.round(x).toLocaleString("en-US") : "—");
      }),
      { numRuns: 2000 },
    );
  });
});

describe("fixed", () => {
  it("writes toFixed's digits: binary values, halves away from zero, -0.0 for small negatives", () => {
    expect(fixed(2.345, 1)).toBe("2.3");
    expect(fixed(1.005, 2)).toBe("1.00");
    expect(fixed(2.5, 0)).toBe("3");
    expect(fixed(-2.5, 0)).toBe("-3");
    expect(fixed(-0.04, 1)).toBe("-0.0");
    expect(fixed(-0, 1)).toBe("0.0");
    expect(fixed(1234567.25, 1)).toBe("1234567.3");
    expect(fixed(1e21, 1)).toBe("1e+21");
    expect(fixed(NaN, 2)).toBe("NaN");
    expect(fixed(-Infinity, 1)).toBe("-Infinity");
  });

  it("writes the missing text for null and non-finite values when given", () => {
    expect(fixed(null, 1, "n/a")).toBe("n/a");
    expect(fixed(NaN, 2, "n/a")).toBe("n/a");
    expect(fixed(Infinity, 0, "n/a")).toBe("n/a");
    expect(fixed(0.125, 2, "n/a")).toBe("0.13");
  });
});

describe("significant", () => {
  it("keeps integers whole and others to ten significant digits without trailing zeros", () => {
    expect(significant(1 / 3)).toBe("0.3333333333");
    expect(significant(0.1 + 0.2)).toBe("0.3");
    expect(significant(12345678901)).toBe("12345678901");
    expect(significant(123456789.123)).toBe("123456789.1");
    expect(significant(-2.5)).toBe("-2.5");
    expect(significant(1e-7 / 3)).toBe("3.333333333e-8");
    expect(significant(1e21)).toBe("1e+21");
    expect(significant(NaN)).toBe("NaN");
    expect(significant(Infinity)).toBe("Infinity");
    expect(significant(2 / 3, 3)).toBe("0.667");
  });
});

describe("percent", () => {
  it("writes 100 · share with one decimal by default", () => {
    expect(percent(0.125)).toBe("12.5%");
    expect(percent(0)).toBe("0.0%");
    expect(percent(-0.0001)).toBe("-0.0%");
    expect(percent(-0.25)).toBe("-25.0%");
    expect(percent(123.4)).toBe("12340.0%");
    expect(percent(NaN)).toBe("NaN%");
    expect(percent(Infinity)).toBe("Infinity%");
  });

  it("takes decimals, a space before the sign and thousands separators", () => {
    expect(percent(0.125, { decimals: 0 })).toBe("13%");
    expect(percent(0.95, { decimals: 0 })).toBe("95%");
    expect(percent(0.125, { space: true })).toBe("12.5 %");
    expect(percent(12.5, { space: true, grouped: true })).toBe("1,250.0 %");
    expect(percent(0.5, { space: true, grouped: true, decimals: 2 })).toBe("50.00 %");
  });

  it("writes a part of a whole as (100 · part) / whole, and — for a whole not above 0", () => {
    expect(percent(3, { of: 8, space: true })).toBe("37.5 %");
    expect(percent(1, { of: 3, space: true })).toBe("33.3 %");
    expect(percent(0, { of: 5, space: true })).toBe("0.0 %");
    expect(percent(1, { of: 0, space: true })).toBe("—");
    expect(percent(1, { of: -2 })).toBe("—");
    expect(percent(1, { of: NaN })).toBe("—");
  });

  it("writes what lib's percentage helpers wrote, for any double", () => {
    fc.assert(
      fc.property(fc.oneof(anyDouble, everyday), whole, fc.integer({ min: 0, max: 3 }), (x, w, d) => {
        expect(percent(x)).toBe(`${(100 * x).toFixed(1)}%`);
        expect(percent(x, { space: true })).toBe(`${(100 * x).toFixed(1)} %`);
        expect(percent(x, { of: w, space: true })).toBe(w > 0 ? `${((100 * x) / w).toFixed(1)} %` : "—");
        const [int, frac] = (100 * x).toFixed(d).split(".");
        const grouped = `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${frac === undefined ? "" : `.${frac}`}`;
        expect(percent(x, { decimals: d, space: true, grouped: true })).toBe(`${grouped} %`);
      }),
      { numRuns: 2000 },
    );
  });

  it("with no decimals writes Math.round's percentage of a share from 0 to 10^13", () => {
    // lib's shares here are counts over counts and constants in [0, 1]. Outside [0, 10^13] the two differ:
    // below 0 toFixed rounds halves away from zero (and writes "-0"), Math.round toward +∞; from
    // 2^53 / 100 up toFixed writes a whole number's exact digits, String its shortest round trip.
    fc.assert(
      fc.property(fc.oneof(fc.double({ min: 0, max: 1 }), fc.double({ min: 0, max: 1e13 })), (x) => {
        expect(percent(x, { decimals: 0 })).toBe(`${Math.round(x * 100)}%`);
      }),
      { numRuns: 2000 },
    );
    expect(percent(-0.125, { decimals: 0 })).toBe("-13%");
    expect(`${Math.round(-0.125 * 100)}%`).toBe("-12%");
    expect(percent(698834403384840.5, { decimals: 0 })).toBe("69883440338484048%");
    expect(`${Math.round(698834403384840.5 * 100)}%`).toBe("69883440338484050%");
  });
});

describe("percentChange", () => {
  it("writes 100 · (value / base − 1) with one decimal and a spaced sign", () => {
    expect(percentChange(110, 100)).toBe("10.0 %");
    expect(percentChange(90, 100)).toBe("-10.0 %");
    expect(percentChange(100, 100)).toBe("0.0 %");
    expect(percentChange(1, 0)).toBe("Infinity %");
    expect(percentChange(0, 0)).toBe("NaN %");
  });

  it("signs a rise when asked, however small", () => {
    expect(percentChange(110, 100, { sign: true })).toBe("+10.0 %");
    expect(percentChange(90, 100, { sign: true })).toBe("-10.0 %");
    expect(percentChange(100, 100, { sign: true })).toBe("0.0 %");
    expect(percentChange(100.00001, 100, { sign: true })).toBe("+0.0 %");
    expect(percentChange(99.99999, 100, { sign: true })).toBe("-0.0 %");
    expect(percentChange(1, 0, { sign: true })).toBe("+Infinity %");
  });

  it("writes what lib's change helpers wrote, for any pair", () => {
    fc.assert(
      fc.property(fc.oneof(anyDouble, everyday), fc.oneof(anyDouble, everyday), (a, b) => {
        expect(percentChange(a, b)).toBe(`${(100 * (a / b - 1)).toFixed(1)} %`);
        expect(percentChange(a, b, { sign: true })).toBe(
          `${a > b ? "+" : ""}${(100 * (a / b - 1)).toFixed(1)} %`,
        );
      }),
      { numRuns: 2000 },
    );
  });
});
