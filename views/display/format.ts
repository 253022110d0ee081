/**
 * The number formats of the text lib writes for the notebooks, each one exact to the character:
 * {@link fmt} (compact), {@link group} (thousands separators, Number.prototype.toFixed rounding),
 * {@link localeNumber} and {@link wholeNumber} (Intl's en-US format), {@link fixed} (toFixed with a text
 * for missing values), {@link significant}, and the percentages {@link percent},
 * {@link signedPercent} and {@link percentChange}.
 */

/** Compact number format for evidence texts: integers as they are, else ≤ 4 significant digits (no exponent below 1e9). */
export function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (Number.isInteger(x)) return String(x);
  const a = Math.abs(x);
  return a >= 1000 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : a >= 1 ? x.toFixed(2) : x.toFixed(3);
}

/**
 * `x` with thousands separators: with `decimals` given, to that many decimals (rounded as
 * Number.prototype.toFixed rounds), e.g. group(1234567.891, 1) = "1,234,567.9"; without, to
 * {@link fmt}'s precision, e.g. group(418599) = "418,599", group(840.04) = "840.0".
 */
export function group(x: number, decimals?: number): string {
  if (!Number.isFinite(x)) return String(x);
  const [int, frac] = (decimals === undefined ? fmt(x) : x.toFixed(decimals)).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/** Decimals of {@link localeNumber}. */
export interface LocaleDigits {
  /** Most decimals shown (Intl rounds half away from zero). Defaults to 3. */
  max?: number;
  /** Fewest decimals shown: trailing zeros are kept down to this many. Defaults to 0. */
  min?: number;
  /** Most significant digits shown, in place of `max` and `min`. Defaults to none. */
  significant?: number;
}

/**
 * `x` as Intl's en-US number format writes it (Number.prototype.toLocaleString): thousands
 * separators, at most `max` decimals (or `significant` digits), trailing zeros dropped down to `min`; "∞" for Infinity and
 * "-0" for −0, e.g. localeNumber(1234.5678) = "1,234.568", localeNumber(2.5, { min: 2, max: 2 }) = "2.50".
 */
export function localeNumber(x: number, digits: LocaleDigits = {}): string {
  const { max = 3, min = 0, significant } = digits;
  return x.toLocaleString(
    "en-US",
    significant === undefined
      ? { minimumFractionDigits: min, maximumFractionDigits: max }
      : { maximumSignificantDigits: significant },
  );
}

/**
 * `x` rounded by Math.round (halves up, toward +∞) in {@link localeNumber}'s format, e.g.
 * wholeNumber(1234567.5) = "1,234,568", wholeNumber(-2.5) = "-2", wholeNumber(-0.4) = "-0"; a non-finite `x` gives `missing` when
 * given, else "NaN", "∞" or "-∞".
 */
export function wholeNumber(x: number, missing?: string): string {
  if (missing !== undefined && !Number.isFinite(x)) return missing;
  return localeNumber(Math.round(x));
}

/**
 * `x` to `digits` decimals as Number.prototype.toFixed writes it (no separators), e.g.
 * fixed(2.345, 1) = "2.3"; `missing` (when given) stands for null and non-finite values.
 */
export function fixed(x: number, digits: number): string;
export function fixed(x: number | null, digits: number, missing: string): string;
export function fixed(x: number | null, digits: number, missing?: string): string {
  if (x === null || (missing !== undefined && !Number.isFinite(x))) return missing!;
  return x.toFixed(digits);
}

/**
 * `x` to `digits` significant digits without trailing zeros, integers exactly as they are, e.g.
 * significant(1 / 3) = "0.3333333333", significant(12345678901) = "12345678901".
 * @param digits significant digits of a non-integer. Defaults to 10.
 */
export function significant(x: number, digits = 10): string {
  return Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(digits)));
}

/** How {@link percent} writes a share. */
export interface PercentOptions {
  /** Decimals, rounded as Number.prototype.toFixed rounds. Defaults to 1. */
  decimals?: number;
  /** A space before the sign: "12.5 %" rather than "12.5%". Defaults to false. */
  space?: boolean;
  /** Thousands separators as {@link group} writes them: "1,250.0%". Defaults to false. */
  grouped?: boolean;
  /**
   * The whole the first argument is a part of: the percentage is (100 · part) / of, and "—" when
   * `of` is not above 0. Defaults to none: the first argument is the share itself.
   */
  of?: number;
}

/**
 * A share as a percentage, 100 · share to one decimal by default, e.g. percent(0.125) = "12.5%",
 * percent(-0.0001) = "-0.0%", percent(3, { of: 8, space: true }) = "37.5 %"; NaN gives "NaN%".
 */
export function percent(share: number, options: PercentOptions = {}): string {
  const { decimals = 1, space = false, grouped = false, of } = options;
  if (of !== undefined && !(of > 0)) return "—";
  const p = of === undefined ? 100 * share : (100 * share) / of;
  return `${grouped ? group(p, decimals) : p.toFixed(decimals)}${space ? " %" : "%"}`;
}

/**
 * A share as a signed percentage with `decimals` decimals: +10.7%, -2.5%, and 0.0% for anything that
 * rounds to zero (never "-0.0%" or "+0.0%"), e.g. signedPercent(0.107) = "+10.7%".
 * @param decimals decimals after the point. Defaults to 1.
 */
export function signedPercent(x: number, decimals = 1): string {
  if (!Number.isFinite(x)) return String(x);
  const r = (100 * x).toFixed(decimals);
  if (Number(r) === 0) return `${(0).toFixed(decimals)}%`;
  return `${x > 0 ? "+" : ""}${r}%`;
}

/**
 * The change from `base` to `value` in percent, 100 · (value / base − 1) to one decimal and " %",
 * with "+" when `sign` and value > base (so a tiny rise reads "+0.0 %", a tiny fall "-0.0 %"), e.g.
 * percentChange(110, 100) = "10.0 %", percentChange(110, 100, { sign: true }) = "+10.0 %".
 */
export function percentChange(
  value: number,
  base: number,
  options: {
    /** "+" before a rise. Defaults to false. */
    sign?: boolean;
  } = {},
): string {
  return `${options.sign && value > base ? "+" : ""}${(100 * (value / base - 1)).toFixed(1)} %`;
}

/** A mean and its interval as text: `mean [low, high]`, each to `digits` decimals. */
export function ciText(ci: { mean: number; low: number; high: number }, digits: number): string {
  return `${ci.mean.toFixed(digits)} [${ci.low.toFixed(digits)}, ${ci.high.toFixed(digits)}]`;
}
